import { zodResolver } from '@hookform/resolvers/zod'
import { rejectEventSchema } from '@shared/schemas/event'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { TargetDialog } from '@/components/editor-dialog'
import { TextareaField } from '@/components/text-fields'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'

export type RejectionTarget = { id: number; title: string }

type RejectionInput = z.input<typeof rejectEventSchema>

/** Rejecting a pending event; the reason is required and shown to the organizer. */
export function RejectEventDialog({
  event,
  onOpenChange,
}: {
  event: RejectionTarget | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <TargetDialog target={event} onOpenChange={onOpenChange} keyOf={(target) => target.id}>
      {(target, onDone) => <RejectionForm event={target} onDone={onDone} />}
    </TargetDialog>
  )
}

function RejectionForm({ event, onDone }: { event: RejectionTarget; onDone: () => void }) {
  const reasonId = useId()
  const utils = trpc.useUtils()
  const form = useForm<RejectionInput>({
    resolver: zodResolver(rejectEventSchema),
    defaultValues: { id: event.id, reason: '' },
  })

  const reject = trpc.events.reject.useMutation()

  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(() => reject.mutateAsync(values), {
        saved: 'Evento rejeitado',
        failed: 'Erro ao rejeitar evento',
        onDone,
        refresh: () =>
          Promise.all([
            utils.events.moderation.invalidate(),
            utils.admin.dashboard.summary.invalidate(),
            utils.admin.badges.counts.invalidate(),
          ]),
      }),
    toastFirstError,
  )

  return (
    <DialogForm
      title="Rejeitar evento"
      description={`“${event.title}” não será publicado. O organizador verá o motivo que você escrever.`}
      onSubmit={submit}
      submitLabel="Rejeitar evento"
      busy={reject.isPending}
      busyLabel="Rejeitando..."
      destructive
    >
      <TextareaField
        label="Motivo da rejeição"
        rows={4}
        maxLength={500}
        required
        disabled={reject.isPending}
        {...boundField(form, 'reason', reasonId)}
      />
    </DialogForm>
  )
}
