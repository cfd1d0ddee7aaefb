import { MEETING_CANCEL_REASON_MAX, type MeetingView } from '@shared/meetings'
import { cancelMeetingSchema } from '@shared/schemas/meetings'
import { useId, useState } from 'react'
import { DialogForm } from '@/components/dialog-form'
import { TextareaField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { trpc } from '@/lib/trpc'
import { useMeetingChange } from './meeting-cache'

/** "Cancelar entrega" with the reason both sides will read. */
export function MeetingCancelDialog({ meeting }: { meeting: MeetingView }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const cancel = trpc.deals.meetings.cancel.useMutation(
    useMeetingChange(meeting.conversationId, {
      successMessage: 'Entrega cancelada.',
      errorTitle: 'Erro ao cancelar a entrega',
      onDone: () => setOpen(false),
    }),
  )
  const proposal = meeting.status === 'proposta'
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
        {proposal ? 'Cancelar proposta' : 'Cancelar entrega'}
      </Button>
      <DialogContent>
        <DialogForm
          title={proposal ? 'Cancelar a proposta de entrega' : 'Cancelar a entrega combinada'}
          description="A outra pessoa vai ver o motivo na conversa."
          onSubmit={(event) => {
            event.preventDefault()
            const parsed = cancelMeetingSchema.safeParse({ meetingId: meeting.id, reason })
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message)
              return
            }
            setError(undefined)
            cancel.mutate(parsed.data)
          }}
          onCancel={() => setOpen(false)}
          submitLabel="Cancelar entrega"
          busy={cancel.isPending}
          busyLabel="Cancelando..."
          destructive
        >
          <TextareaField
            id={`${id}-reason`}
            label="Motivo"
            value={reason}
            maxLength={MEETING_CANCEL_REASON_MAX}
            error={error}
            disabled={cancel.isPending}
            onChange={(event) => setReason(event.target.value)}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  )
}
