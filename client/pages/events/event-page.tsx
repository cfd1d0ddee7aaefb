import { routes } from '@shared/routes'
import type { PagePreview } from '@shared/ssr'
import {
  CalendarDaysIcon,
  CalendarPlusIcon,
  ChevronLeftIcon,
  ClockIcon,
  type LucideIcon,
  MapPinIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { DescriptionSection } from '@/components/description-section'
import { LoadingStatus } from '@/components/loading-status'
import { SkeletonStack } from '@/components/skeleton-stack'
import { buttonVariants } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { organizerName } from '@/features/events/event-card'
import { EventCover } from '@/features/events/event-cover'
import { attendeesLabel, capacityLabel, waitlistLabel } from '@/features/events/event-labels'
import { EventNotFound } from '@/features/events/event-not-found'
import { EventRsvpButton } from '@/features/events/event-rsvp-button'
import { EventStatusBadge } from '@/features/events/event-status-badge'
import { hasStarted } from '@/features/events/event-time'
import type { EventDetail } from '@/features/events/event-types'
import { ShareEventButton } from '@/features/events/share-event-button'
import { EventLoadFailure, useEventFromRoute } from '@/features/events/use-event-from-route'
import { useProtectedLink } from '@/features/listings/protected-link'
import { useViewer } from '@/lib/auth'
import { formatDayLongMonth, formatTime, toDate } from '@/lib/dates'
import { instanceUrl } from '@/lib/instance-url'
import { lazyPage } from '@/lib/lazy-page'
import { usePageTitle } from '@/lib/use-page-title'
import { cn } from '@/lib/utils'

// Only the organizer and the staff see these tools (with the cancel dialog): a visitor or a member
// following a shared link does not download them.
const OrganizerTools = lazyPage('features/events/organizer-tools.tsx', () =>
  import('@/features/events/organizer-tools').then((module) => ({ default: module.OrganizerTools })),
)

/** The cover spans the page: max-w-5xl less its padding, else the screen less it. */
const EVENT_COVER_SIZES = '(min-width: 64rem) 62rem, calc(100vw - 2rem)'

/** Where the server serves the event as an iCalendar file (approved and cancelled events only). */
export const eventCalendarUrl = (id: number) => instanceUrl(`/api/eventos/${id}/calendario.ics`)

/** `/evento/:id`: public for approved and cancelled events; the organizer also sees it before approval. */
export function EventPage() {
  const { query, notFound, failed } = useEventFromRoute()
  usePageTitle(
    query.data?.title ?? (notFound ? 'Evento não encontrado' : 'Evento'),
    query.data ? eventPreview(query.data) : undefined,
  )

  if (notFound) return <EventNotFound />
  if (failed) return <EventLoadFailure onRetry={() => void query.refetch()} retrying={query.isFetching} />
  if (!query.data) return <EventSkeleton />
  return <EventDetails event={query.data} />
}

/** A shared event link previews when and where, the start of the description and the cover. */
function eventPreview(event: EventDetail): PagePreview {
  const startsAt = toDate(event.startsAt)
  const when = `${formatDayLongMonth(startsAt, event.timeZone)}, ${formatTime(startsAt, event.timeZone)}`
  return {
    description: `${when} · ${event.location}. ${event.description}`.slice(0, 200),
    image: event.imageUrl ? instanceUrl(event.imageUrl) : null,
  }
}

function EventDetails({ event }: { event: EventDetail }) {
  const { viewer } = useViewer()
  const linkTo = useProtectedLink()
  const startsAt = toDate(event.startsAt)
  const started = hasStarted(startsAt)
  const approved = event.status === 'aprovado'
  const member = Boolean(viewer?.approved && viewer.emailVerified)
  // Visitors see the button too: clicking it takes them to sign in and back.
  const showRsvp = approved && !started && (viewer === null || member)
  const capacity = capacityLabel(event.maxParticipants)
  const organizer = organizerName(event.organizer)
  const timeZone = event.timeZone

  return (
    <article className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 md:py-10">
      <Link
        href={routes.events()}
        className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground hover:underline"
      >
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
        Eventos
      </Link>

      <EventCover
        imageUrl={event.imageUrl}
        renditions={event.imageRenditions}
        sizes={EVENT_COVER_SIZES}
        eager
        className="rounded-xl border md:aspect-[21/9]"
      />

      <header className="grid gap-3">
        {approved ? null : (
          <div className="flex flex-wrap items-center gap-2">
            <EventStatusBadge status={event.status} />
          </div>
        )}
        <h1 className="break-words font-bold text-2xl md:text-3xl">{event.title}</h1>
        {event.status === 'pendente' && event.isOrganizer ? (
          <p className="text-muted-foreground text-sm">
            Seu evento será publicado para a comunidade assim que um administrador aprovar.
          </p>
        ) : null}
        {event.status === 'rejeitado' && event.rejectionReason ? (
          <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <span className="font-medium">Motivo:</span> {event.rejectionReason}
          </p>
        ) : null}
        {event.status === 'cancelado' ? (
          <p className="text-muted-foreground text-sm">Este evento foi cancelado pelo organizador.</p>
        ) : null}
      </header>

      <div className="grid gap-6 md:grid-cols-[1fr_20rem] md:items-start">
        <aside
          aria-label="Participação"
          className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs md:sticky md:top-20 md:order-2"
        >
          <div className="grid gap-1">
            <p className="inline-flex items-center gap-2 font-semibold text-lg">
              <UsersIcon aria-hidden="true" className="size-5" />
              {attendeesLabel(event.attendeesCount)}
            </p>
            {capacity ? <p className="text-muted-foreground text-sm">{capacity}</p> : null}
            {event.waitlistCount > 0 ? (
              <p className="text-muted-foreground text-sm">{waitlistLabel(event.waitlistCount)}</p>
            ) : null}
          </div>
          {showRsvp ? <EventRsvpButton event={event} /> : null}
          {approved && started ? (
            <p className="text-muted-foreground text-sm">Este evento já aconteceu.</p>
          ) : null}
          <div className="grid gap-2">
            <ShareEventButton title={event.title} className="w-full" />
            {approved || event.status === 'cancelado' ? (
              // A plain link: the server answers with a file, not a page of the app.
              <a
                href={eventCalendarUrl(event.id)}
                download
                className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
              >
                <CalendarPlusIcon aria-hidden="true" />
                Adicionar ao calendário
              </a>
            ) : null}
            {event.canEdit || event.canManage || event.isOrganizer ? (
              <OrganizerTools event={event} approved={approved} started={started} />
            ) : null}
          </div>
        </aside>

        <div className="grid content-start gap-6 md:order-1">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Detail icon={CalendarDaysIcon} term="Data">
              {formatDayLongMonth(startsAt, timeZone)}
            </Detail>
            <Detail icon={ClockIcon} term="Horário">
              {formatTime(startsAt, timeZone)}
            </Detail>
            <Detail icon={MapPinIcon} term="Local" className="sm:col-span-2">
              {event.location}
            </Detail>
            <Detail icon={UserIcon} term="Organizador" className="sm:col-span-2">
              {event.organizer.username ? (
                <Link
                  {...linkTo(routes.profile(event.organizer.username))}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {organizer}
                </Link>
              ) : (
                organizer
              )}
            </Detail>
          </dl>
          <DescriptionSection
            id="event-description-heading"
            title="Sobre o evento"
            text={event.description}
            className="grid gap-2"
          />
        </div>
      </div>
    </article>
  )
}

function Detail({
  icon: Icon,
  term,
  className,
  children,
}: {
  icon: LucideIcon
  term: string
  className?: string
  children: ReactNode
}) {
  return (
    // A <div> inside <dl> may hold only the <dt>/<dd> pair, so the icon sits inside the term.
    <div className={cn('grid min-w-0 gap-1 rounded-lg border p-3', className)}>
      <dt className="flex items-center gap-2 text-muted-foreground text-xs uppercase tracking-wide">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {term}
      </dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  )
}

function EventSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 md:py-10">
      <LoadingStatus>Carregando evento...</LoadingStatus>
      <Skeleton className="h-4 w-20" />
      <Skeleton className="aspect-video w-full rounded-xl" />
      <Skeleton className="h-8 w-3/4" />
      <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
        <SkeletonStack
          className="grid content-start gap-3 sm:grid-cols-2"
          shapes={[
            'h-16 w-full',
            'h-16 w-full',
            'h-16 w-full sm:col-span-2',
            'h-16 w-full sm:col-span-2',
            'h-24 w-full sm:col-span-2',
          ]}
        />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  )
}

export default EventPage
