import { MEETING_STATUS_LABELS } from '@shared/meetings'
import { routes } from '@shared/routes'
import { HandshakeIcon, MessageCircleIcon } from 'lucide-react'
import { Link } from 'wouter'
import { ListSection } from '@/components/labelled-section'
import { ListQueryStates } from '@/components/page/list-query-states'
import { PageHeader } from '@/components/page-header'
import { ListSkeleton, QueryStates } from '@/components/query-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { AddToCalendarButton } from '@/features/deals/add-to-calendar-button'
import { ReviewPrompt } from '@/features/deals/review-prompt'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDateTime } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

type MyMeeting = RouterOutputs['deals']['meetings']['mine']['upcoming'][number]

/** "Minhas entregas": the member's meetings ahead (proposed or agreed) and the past ones. */
export function MyDeliveriesPage() {
  usePageTitle('Minhas entregas')
  const meetings = trpc.deals.meetings.mine.useQuery()
  const upcoming = { ...meetings, data: meetings.data?.upcoming }
  const past = { ...meetings, data: meetings.data?.past }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-10 px-4 py-8">
      <PageHeader
        title="Minhas entregas"
        description="As entregas que você combinou pelas conversas, nos pontos de encontro da sua comunidade."
      />
      <ReviewPrompt />
      <ListSection id="proximas" title="Próximas">
        <ListQueryStates
          query={upcoming}
          items="suas entregas"
          rows={2}
          empty={{
            icon: <HandshakeIcon aria-hidden="true" />,
            title: 'Nenhuma entrega combinada',
            description:
              "Numa conversa sobre um anúncio, toque em 'Combinar entrega' para propor um ponto e horários.",
          }}
        >
          {(list) => <MeetingList meetings={list} />}
        </ListQueryStates>
      </ListSection>
      <ListSection id="passadas" title="Passadas">
        <QueryStates
          query={past}
          loading={<ListSkeleton label="Carregando entregas passadas..." rows={1} />}
          errorTitle="Erro ao carregar suas entregas"
          empty={<p className="text-muted-foreground text-sm">Nenhuma entrega passada.</p>}
        >
          {(list) => <MeetingList meetings={list} />}
        </QueryStates>
      </ListSection>
    </div>
  )
}

function MeetingList({ meetings }: { meetings: MyMeeting[] }) {
  return (
    <ul className="grid gap-3">
      {meetings.map((meeting) => (
        <li key={meeting.id} className="grid gap-2 rounded-lg border p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-medium text-base">{meeting.listingTitle ?? 'Anúncio removido'}</h3>
            <Badge variant={meeting.status === 'combinada' ? 'default' : 'secondary'}>
              {MEETING_STATUS_LABELS[meeting.status]}
            </Badge>
          </div>
          <p>
            Com {meeting.counterpart.fullName},{' '}
            {meeting.sellerId === meeting.counterpart.id ? 'que vende' : 'que compra'}
          </p>
          <p>
            <span className="font-medium">{meeting.spot.name}</span>{' '}
            <span className="text-muted-foreground">({meeting.spot.description})</span>
          </p>
          <p>
            {meeting.scheduledAt
              ? formatDateTime(meeting.scheduledAt)
              : `Horários propostos: ${meeting.proposedTimes.map((time) => formatDateTime(time)).join('; ')}`}
          </p>
          {meeting.status === 'cancelada' && meeting.cancelReason ? (
            <p className="text-muted-foreground">Motivo do cancelamento: {meeting.cancelReason}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href={routes.conversation(meeting.conversationId)}>
                <MessageCircleIcon aria-hidden="true" />
                Abrir conversa
              </Link>
            </Button>
            {meeting.status === 'combinada' ? <AddToCalendarButton meetingId={meeting.id} /> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}

export default MyDeliveriesPage
