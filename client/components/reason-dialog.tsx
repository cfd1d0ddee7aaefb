import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { TextareaField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'

/** What ReasonDialog needs of the mutation it sends: on success the dialog closes. */
type ReasonMutation<Input> = {
  mutate: (input: Input, options: { onSuccess: () => void }) => void
  isPending: boolean
}

type ReasonDialogProps<Input> = {
  /** The ghost button that opens the dialog. */
  trigger: ReactNode
  title: ReactNode
  description: ReactNode
  submitLabel: string
  busyLabel: string
  maxLength: number
  /** The mutation's input with the reason in it, checked by `schema` before it is sent. */
  input: (reason: string) => unknown
  schema: z.ZodType<Input>
  mutation: ReasonMutation<Input>
}

/** A destructive action that asks for a reason ("Motivo") the other side will read; it opens empty each time. */
export function ReasonDialog<Input>({
  trigger,
  title,
  description,
  submitLabel,
  busyLabel,
  maxLength,
  input,
  schema,
  mutation,
}: ReasonDialogProps<Input>) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setReason('')
          setError(undefined)
        }
      }}
    >
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <DialogContent>
        <DialogForm
          title={title}
          description={description}
          onSubmit={(event) => {
            event.preventDefault()
            const parsed = schema.safeParse(input(reason))
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message)
              return
            }
            setError(undefined)
            mutation.mutate(parsed.data, { onSuccess: () => setOpen(false) })
          }}
          onCancel={() => setOpen(false)}
          submitLabel={submitLabel}
          busy={mutation.isPending}
          busyLabel={busyLabel}
          destructive
        >
          <TextareaField
            id={`${id}-reason`}
            label="Motivo"
            value={reason}
            maxLength={maxLength}
            error={error}
            disabled={mutation.isPending}
            onChange={(event) => setReason(event.target.value)}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  )
}
