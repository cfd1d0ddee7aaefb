import { MEETING_CANCEL_REASON_MAX, type MeetingView } from '@shared/meetings'
import { cancelMeetingSchema } from '@shared/schemas/meetings'
import { ReasonDialog } from '@/components/reason-dialog'
import { trpc } from '@/lib/trpc'
import { useMeetingChange } from './meeting-cache'

/** "Cancelar entrega" with the reason both sides will read. */
export function MeetingCancelDialog({ meeting }: { meeting: MeetingView }) {
  const cancel = trpc.deals.meetings.cancel.useMutation(
    useMeetingChange(meeting.conversationId, {
      successMessage: 'Entrega cancelada.',
      errorTitle: 'Erro ao cancelar a entrega',
    }),
  )
  const proposal = meeting.status === 'proposta'
  return (
    <ReasonDialog
      trigger={proposal ? 'Cancelar proposta' : 'Cancelar entrega'}
      title={proposal ? 'Cancelar a proposta de entrega' : 'Cancelar a entrega combinada'}
      description="A outra pessoa vai ver o motivo na conversa."
      submitLabel="Cancelar entrega"
      busyLabel="Cancelando..."
      maxLength={MEETING_CANCEL_REASON_MAX}
      input={(reason) => ({ meetingId: meeting.id, reason })}
      schema={cancelMeetingSchema}
      mutation={cancel}
    />
  )
}
