import { routes } from '@shared/routes'
import { CalendarHeartIcon, CalendarPlusIcon } from 'lucide-react'
import { Link } from 'wouter'
import { EditLink } from '@/components/edit-link'
import { ListSection } from '@/components/labelled-section'
import { ListQueryStates } from '@/components/page/list-query-states'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { EventCard } from '@/features/events/event-card'
import { EventStatusBadge } from '@/features/events/event-status-badge'
import { EventTicket } from '@/features/events/event-ticket'
import { hasStarted } from '@/features/events/event-time'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDayLongMonth } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

type OrganizedEvent = RouterOutputs['events']['mine'][number]

/** Meus eventos: what the member organizes, in every state, and what they said they will attend. */
export function MyEventsPage() {
  usePageTitle('Meus eventos')
  const organized = trpc.events.mine.useQuery()
  const attending = trpc.events.attending.useQuery()
  const waiting = trpc.events.waiting.useQuery()
  const upcoming = attending.data?.filter((event) => !hasStarted(event.startsAt)) ?? []
  const past = attending.data?.filter((event) => hasStarted(event.startsAt)).reverse() ?? []

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-8">
      <PageHeader
        title="Meus eventos"
        description="Os eventos que você organiza e aqueles em que vai estar."
        action={
          <ButtonLink href={routes.createEvent()}>
            <CalendarPlusIcon aria-hidden="true" />
            Criar evento
          </ButtonLink>
        }
      />

      <ListSection id="organizo" title="Eventos que organizo">
        <ListQueryStates
          query={organized}
          items="seus eventos"
          rows={2}
          empty={{
            icon: <CalendarPlusIcon aria-hidden="true" />,
            title: 'Você ainda não criou eventos',
            description: 'Depois de criado, o evento passa pela moderação antes de aparecer para todos.',
          }}
        >
          {(mine) => (
            <ul className="grid gap-3">
              {mine.map((event) => (
                <li key={event.id}>
                  <OrganizedEventRow event={event} />
                </li>
              ))}
            </ul>
          )}
        </ListQueryStates>
      </ListSection>

      <ListSection id="vou" title="Vou participar">
        <ListQueryStates
          query={attending}
          items="eventos"
          rows={2}
          rowClassName="h-48"
          empty={{
            icon: <CalendarHeartIcon aria-hidden="true" />,
            title: 'Nenhuma presença confirmada',
            description: 'Confirme presença em um evento e ele aparece aqui.',
            action: (
              <Button asChild variant="outline">
                <Link href={routes.events()}>Ver eventos</Link>
              </Button>
            ),
          }}
        >
          {() => (
            <>
              <EventGrid events={upcoming} empty="Nenhum evento pela frente." withTickets />
              {past.length > 0 ? (
                <>
                  <h3 className="font-medium text-muted-foreground">Já aconteceram</h3>
                  <EventGrid events={past} empty="" />
                </>
              ) : null}
            </>
          )}
        </ListQueryStates>
      </ListSection>

      {waiting.data && waiting.data.length > 0 ? (
        <ListSection id="espera" title="Na lista de espera">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {waiting.data.map((event) => (
              <li key={event.id} className="grid gap-2">
                <EventCard event={event} />
                <p className="font-medium text-sm">
                  Sua posição na lista de espera: {event.waitlistPosition}
                </p>
              </li>
            ))}
          </ul>
        </ListSection>
      ) : null}
    </div>
  )
}

function EventGrid({
  events,
  empty,
  withTickets = false,
}: {
  events: RouterOutputs['events']['attending']
  empty: string
  /** Upcoming events show the member's ticket under the card. */
  withTickets?: boolean
}) {
  if (events.length === 0) return empty ? <p className="text-muted-foreground">{empty}</p> : null
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id} className="grid content-start gap-2">
          <div className="relative">
            <EventCard event={event} />
            {event.status === 'cancelado' ? (
              <EventStatusBadge status={event.status} className="absolute top-2 left-2" />
            ) : null}
          </div>
          {withTickets && event.status === 'aprovado' && event.ticketCode ? (
            <EventTicket eventId={event.id} title={event.title} code={event.ticketCode} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function OrganizedEventRow({ event }: { event: OrganizedEvent }) {
  return (
    <article className="grid gap-2 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{event.title}</h3>
          <EventStatusBadge status={event.status} />
        </div>
        <p className="text-muted-foreground text-sm">
          {formatDayLongMonth(`${event.eventDate}T12:00:00`)} · {event.eventTime}
          {event.status === 'aprovado' || event.status === 'cancelado'
            ? ` · ${event.attendeesCount} ${event.attendeesCount === 1 ? 'presença' : 'presenças'}`
            : ''}
        </p>
        {event.status === 'rejeitado' && event.rejectionReason ? (
          <p className="text-sm">
            <span className="font-medium">Motivo da rejeição:</span> {event.rejectionReason}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        {event.status === 'pendente' ? (
          <EditLink href={routes.editEvent(event.id)} itemTitle={event.title} />
        ) : null}
        <ButtonLink href={routes.event(event.id)} size="sm" variant="ghost" aria-label={`Ver ${event.title}`}>
          Ver
        </ButtonLink>
      </div>
    </article>
  )
}

export default MyEventsPage
