import { routes } from '@shared/routes'
import { CalendarDaysIcon, MapPinIcon, UserIcon, UsersIcon } from 'lucide-react'
import { Link } from 'wouter'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDayLongMonth, formatTime, toDate } from '@/lib/dates'
import { EventCover } from './event-cover'
import { attendeesLabel, capacityLabel } from './event-labels'
import type { EventListItem } from './event-types'

/** The organizer as people know them: the full name, else the username. */
export const organizerName = (organizer: { fullName: string | null; username: string | null }): string =>
  organizer.fullName?.trim() || organizer.username || 'Organizador'

/** A card's width: a third of the page (max-w-6xl less its padding) from lg, half from sm, else the whole. */
const EVENT_CARD_SIZES =
  '(min-width: 64rem) 23rem, (min-width: 40rem) calc(50vw - 1.5rem), calc(100vw - 2rem)'

/** An event in the list. The whole card is one link (the title's, stretched over it). */
export function EventCard({ event }: { event: EventListItem }) {
  const capacity = capacityLabel(event.maxParticipants)
  const startsAt = toDate(event.startsAt)
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50">
      <EventCover
        imageUrl={event.imageUrl}
        renditions={event.imageRenditions}
        sizes={EVENT_CARD_SIZES}
        imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex items-center gap-1.5 font-semibold text-primary text-sm">
          <CalendarDaysIcon aria-hidden="true" className="size-4 shrink-0" />
          <time dateTime={Number.isNaN(startsAt.getTime()) ? undefined : startsAt.toISOString()}>
            {formatDayLongMonth(startsAt, event.timeZone)} · {formatTime(startsAt, event.timeZone)}
          </time>
        </p>
        <h3 className="line-clamp-2 font-semibold text-base leading-snug sm:text-lg">
          <Link href={routes.event(event.id)} className="outline-none after:absolute after:inset-0">
            {event.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
          <MapPinIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{event.location}</span>
        </p>
        <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
          <UserIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">
            <span className="sr-only">Organizado por </span>
            {organizerName(event.organizer)}
          </span>
        </p>
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm">
          <span className="inline-flex items-center gap-1.5 font-medium">
            <UsersIcon aria-hidden="true" className="size-4 shrink-0" />
            {attendeesLabel(event.attendeesCount)}
          </span>
          {capacity ? <span className="text-muted-foreground">{capacity}</span> : null}
        </p>
      </div>
    </article>
  )
}

/** The card's silhouette while events load: same boxes, so nothing jumps when they arrive. */
export function EventCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-video w-full rounded-none" />
      <SkeletonStack
        className="flex flex-col gap-2 p-4"
        shapes={['h-4 w-2/5', 'h-5 w-4/5', 'h-4 w-3/5', 'h-4 w-1/2', 'mt-1 h-4 w-1/3']}
      />
    </div>
  )
}
