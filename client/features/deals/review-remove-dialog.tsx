import { reviewRemovalSchema } from '@shared/schemas/reviews'
import { Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { DialogForm } from '@/components/dialog-form'
import { TextareaField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** A moderator's "Remover" on a profile's review, with the reason the moderation log keeps. */
export default function ReviewRemoveDialog({
  reviewId,
  reviewerName,
}: {
  reviewId: number
  reviewerName: string
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const utils = trpc.useUtils()
  const remove = trpc.deals.reviews.remove.useMutation({
    onSuccess: () => {
      toast.success('Avaliação removida.')
      setOpen(false)
      void utils.profiles.byUsername.invalidate()
    },
    onError: (failure) => toastError(failure, 'Erro ao remover a avaliação'),
  })
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
        <Trash2Icon aria-hidden="true" />
        Remover
      </Button>
      <DialogContent>
        <DialogForm
          title="Remover a avaliação"
          description={`A avaliação de ${reviewerName} sai do perfil e da média. O motivo fica no registro da moderação.`}
          onSubmit={(event) => {
            event.preventDefault()
            const parsed = reviewRemovalSchema.safeParse({ reviewId, reason })
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message)
              return
            }
            setError(undefined)
            remove.mutate(parsed.data)
          }}
          onCancel={() => setOpen(false)}
          submitLabel="Remover avaliação"
          busy={remove.isPending}
          busyLabel="Removendo..."
          destructive
        >
          <TextareaField
            id={`${id}-reason`}
            label="Motivo"
            value={reason}
            maxLength={500}
            error={error}
            disabled={remove.isPending}
            onChange={(event) => setReason(event.target.value)}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  )
}
