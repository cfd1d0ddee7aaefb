import { MEETING_STATUS_LABELS, type MeetingView } from '@shared/meetings'
import { CheckCircle2Icon, MapPinIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import { formatDateTime } from '@/lib/dates'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { AddToCalendarButton } from './add-to-calendar-button'
import type { DealSummary } from './deal-picker'
import { useMeetingChange } from './meeting-cache'
import { MeetingCancelDialog } from './meeting-cancel-dialog'
import { HandoffCodeDialog, HandoffConfirmDialog } from './meeting-handoff-dialogs'
import { MeetingProposeDialog } from './meeting-propose-dialog'

/**
 * "Combinar entrega" of the deal picked in a conversation, pinned at the top: the agreed meeting (or the
 * open proposal) with what each side can do now, or the button to propose one. Each deal has its own: a
 * confirmed hand-off ends its deal, never the conversation.
 */
export function ThreadMeetings({
  conversationId,
  viewerId,
  deal,
}: {
  conversationId: number
  viewerId: number
  /** The picked deal; null for a conversation read before it has any (its starting listing is the deal). */
  deal: DealSummary | null
}) {
  const conversation = trpc.chat.conversation.useQuery({ conversationId })
  const meetings = trpc.deals.meetings.ofConversation.useQuery({ conversationId })
  const [proposing, setProposing] = useState(false)
  const closed = usePublishingClosed()
  const closedNoteId = `meeting-closed-${conversationId}`
  const start = conversation.data?.listing ?? null
  const single = deal?.listings.length === 1 ? deal.listings[0] : undefined
  const listing = deal
    ? { id: single?.id ?? 0, status: deal.listings.every((item) => item.live) ? 'ativo' : 'inativo' }
    : start
  if (!listing || !meetings.data || !conversation.data?.canSend) return null
  const ofDeal = deal ? meetings.data.filter((meeting) => meeting.dealId === deal.id) : meetings.data
  const current = ofDeal.find((meeting) => meeting.status === 'combinada' || meeting.status === 'proposta')
  const latest = ofDeal[0]
  const ended = !current && latest && latest.status !== 'cancelada' ? latest : null
  const cancelled = !current && latest?.status === 'cancelada' && latest.cancelReason ? latest : null

  return (
    <section aria-label="Entrega" className="grid gap-2 border-b bg-muted/40 px-3 py-2">
      {current ? (
        <MeetingCard
          meeting={current}
          viewerId={viewerId}
          onPropose={() => setProposing(true)}
          closedNoteId={closed ? closedNoteId : undefined}
        />
      ) : null}
      {ended ? <EndedMeeting meeting={ended} viewerId={viewerId} listing={listing} /> : null}
      {cancelled ? (
        <p role="status" className="text-muted-foreground text-sm">
          Entrega cancelada {cancelled.cancelledById === viewerId ? 'por você' : 'pela outra pessoa'}. Motivo:{' '}
          {cancelled.cancelReason}
        </p>
      ) : null}
      {!current &&
      listing.status === 'ativo' &&
      ended?.status !== 'confirmada' &&
      deal?.status !== 'concluido' ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={Boolean(closed)}
          aria-describedby={closed ? closedNoteId : undefined}
          onClick={() => setProposing(true)}
        >
          <MapPinIcon aria-hidden="true" />
          Combinar entrega
        </Button>
      ) : null}
      {closed ? <PublishingClosedNote id={closedNoteId} reason={closed} /> : null}
      <Dialog open={proposing} onOpenChange={setProposing}>
        <DialogContent>
          {proposing ? (
            <MeetingProposeDialog
              conversationId={conversationId}
              dealId={deal?.id}
              onDone={() => setProposing(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  )
}

function MeetingCard({
  meeting,
  viewerId,
  onPropose,
  closedNoteId,
}: {
  meeting: MeetingView
  viewerId: number
  onPropose: () => void
  /** The note's id while publishing is closed to the viewer (an egresso proposes no times). */
  closedNoteId?: string
}) {
  const pick = trpc.deals.meetings.pick.useMutation(
    useMeetingChange(meeting.conversationId, {
      successMessage: 'Entrega combinada!',
      errorTitle: 'Erro ao escolher o horário',
    }),
  )
  const seller = meeting.sellerId === viewerId
  const agreed = meeting.status === 'combinada'
  const mine = meeting.proposedById === viewerId

  return (
    <div className="grid gap-2 rounded-lg border bg-background p-3 text-sm" data-testid="meeting-card">
      <p className="font-medium">
        {agreed ? MEETING_STATUS_LABELS.combinada : mine ? 'Você propôs uma entrega' : 'Proposta de entrega'}
      </p>
      <p>
        <span className="font-medium">{meeting.spot.name}</span>{' '}
        <span className="text-muted-foreground">({meeting.spot.description})</span>
      </p>
      {agreed && meeting.scheduledAt ? (
        <p className="font-medium">{formatDateTime(meeting.scheduledAt)}</p>
      ) : mine ? (
        <ul className="text-muted-foreground">
          {meeting.proposedTimes.map((time) => (
            <li key={time}>{formatDateTime(time)}</li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-wrap gap-2">
          {meeting.proposedTimes.map((time) => (
            <Button
              key={time}
              type="button"
              size="sm"
              disabled={pick.isPending}
              onClick={() => pick.mutate({ meetingId: meeting.id, time: new Date(time).getTime() })}
            >
              Escolher {formatDateTime(time)}
            </Button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {agreed && seller ? <HandoffCodeDialog meeting={meeting} /> : null}
        {agreed && !seller ? <HandoffConfirmDialog meeting={meeting} /> : null}
        {agreed ? <AddToCalendarButton meetingId={meeting.id} /> : null}
        {!agreed && !mine ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onPropose}
            disabled={Boolean(closedNoteId)}
            aria-describedby={closedNoteId}
          >
            Propor outros horários
          </Button>
        ) : null}
        <MeetingCancelDialog meeting={meeting} />
      </div>
    </div>
  )
}

/** A meeting that ended: confirmed (with "Marcar como vendido" for the seller) or lapsed. */
function EndedMeeting({
  meeting,
  viewerId,
  listing,
}: {
  meeting: MeetingView
  viewerId: number
  listing: { id: number; status: string }
}) {
  const utils = trpc.useUtils()
  const [sold, setSold] = useState(false)
  const markSold = trpc.listings.setStatus.useMutation({
    onSuccess: () => {
      setSold(true)
      void utils.chat.conversation.invalidate({ conversationId: meeting.conversationId })
      toast.success('Anúncio marcado como vendido.')
    },
    onError: (error) => toastError(error, 'Erro ao marcar como vendido'),
  })
  if (meeting.status !== 'confirmada') {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        {MEETING_STATUS_LABELS[meeting.status]}: a entrega não foi confirmada a tempo.
      </p>
    )
  }
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 text-sm">
      <CheckCircle2Icon className="size-4 text-green-700" aria-hidden="true" />
      <span className="font-medium">Entrega confirmada</span>
      {meeting.confirmedAt ? (
        <span className="text-muted-foreground">{formatDateTime(meeting.confirmedAt)}</span>
      ) : null}
      {meeting.sellerId === viewerId &&
      meeting.listingId === listing.id &&
      listing.status === 'ativo' &&
      !sold ? (
        <Button
          type="button"
          size="sm"
          disabled={markSold.isPending}
          onClick={() => markSold.mutate({ id: listing.id, status: 'vendido' })}
        >
          Marcar como vendido
        </Button>
      ) : null}
    </div>
  )
}
