import { and, eq, sql } from 'drizzle-orm'
import type { EventInput } from '../../shared/schemas/event'
import { zonedLocalToUtc } from '../../shared/time'
import { memberCommunity, memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { eventAttendees, events, eventWaitlist } from '../db/schema'
import { appError } from '../errors'
import { notifyEventDecided, notifyEventRsvp } from '../notifications/kinds'
import type { CurrentUser } from '../people/auth/identity'
import { blockedBetween } from '../safety/blocks'
import { publishAdminChange } from '../safety/moderation/badges'
import { logStaffAct } from '../safety/moderation/log'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { attachUploads, releaseUpload } from '../uploads/attach'
import { isGoing } from './queries'
import { issueTicket, voidCheckIn } from './tickets'
import { announcePromotions, hasFreePlace, promoteWaitlist, waitlistPosition } from './waitlist'

type EventServices = Pick<AppServices, 'db' | 'storage' | 'bus'>

export const eventNotFound = () => appError('EVENT_NOT_FOUND')

/** Spec: date and time must be in the future, in the community's time zone. */
function futureStart(input: EventInput, timeZone: string): Date {
  const startsAt = zonedLocalToUtc(input.eventDate, input.eventTime, timeZone)
  if (Number.isNaN(startsAt.getTime()) || startsAt.getTime() <= Date.now()) {
    throw appError('EVENT_IN_PAST')
  }
  return startsAt
}

/** The event's picture: the upload it comes from and the URL shown. */
function eventImage({ db, storage }: EventServices, userId: number, uploadId: string | null) {
  if (!uploadId) return { imageUrl: null, imageUploadId: null }
  const [image] = attachUploads(db, storage, userId, [uploadId], 'event')
  return { imageUrl: image?.fullUrl ?? null, imageUploadId: image?.id ?? null }
}

/** A new event waits for a moderator of the organizer's community. */
export function createEvent(services: EventServices, organizer: CurrentUser, input: EventInput) {
  const { db, bus } = services
  assertMayPublish(db, organizer)
  const community = memberCommunity(db, organizer)
  const startsAt = futureStart(input, community.timeZone)
  return db.transaction(() => {
    const created = db
      .insert(events)
      .values({
        communityId: community.id,
        organizerId: organizer.id,
        ...eventColumns(input, startsAt),
        ...eventImage(services, organizer.id, input.imageUploadId),
      })
      .returning({ id: events.id, status: events.status })
      .get()
    publishAdminChange(bus, community.id)
    return created
  })
}

/** The columns the organizer's form sets, on creation and on every edit. */
function eventColumns(input: EventInput, startsAt: Date) {
  const { title, description, eventDate, eventTime, location, maxParticipants } = input
  return { title, description, eventDate, eventTime, startsAt, location, maxParticipants }
}

/** Only the organizer, and only while the event waits for approval. */
export function updateEvent(services: EventServices, organizer: CurrentUser, id: number, input: EventInput) {
  const { db } = services
  const event = db.select().from(events).where(eq(events.id, id)).get()
  if (!event || event.organizerId !== organizer.id) throw eventNotFound()
  if (event.status !== 'pendente') throw appError('EVENT_NOT_EDITABLE')
  assertMayPublish(db, organizer)
  const community = memberCommunity(db, organizer)
  const startsAt = futureStart(input, community.timeZone)
  db.transaction(() => {
    const image = input.imageUploadId
      ? eventImage(services, organizer.id, input.imageUploadId)
      : { imageUrl: event.imageUrl, imageUploadId: event.imageUploadId }
    if (image.imageUploadId !== event.imageUploadId) releaseUpload(db, event.imageUploadId, 'event')
    db.update(events)
      .set({ ...eventColumns(input, startsAt), ...image })
      .where(eq(events.id, id))
      .run()
  })
  return { id }
}

/** The organizer calls off an approved event; attendees see it as 'Cancelado'. */
export function cancelEvent(db: Database, organizer: CurrentUser, id: number) {
  const updated = db
    .update(events)
    .set({ status: 'cancelado' })
    .where(and(eq(events.id, id), eq(events.organizerId, organizer.id), eq(events.status, 'aprovado')))
    .returning({ id: events.id })
    .get()
  if (!updated) throw eventNotFound()
  return { id, status: 'cancelado' as const }
}

/** An approved event of the member's community that has not started: the only kind one can join or leave. */
function joinableEvent(db: Database, user: CurrentUser, id: number) {
  const event = db.select().from(events).where(eq(events.id, id)).get()
  if (!event || event.communityId !== user.communityId || event.status !== 'aprovado') throw eventNotFound()
  if (event.startsAt.getTime() <= Date.now()) throw appError('EVENT_OVER')
  return event
}

/** Where the member stands after joining or leaving: going, waiting (and where in line), or neither. */
function attendance(db: Database, eventId: number, userId: number) {
  const after = rowWhere(db, events, 'id', eventId, ['attendeesCount'])
  return {
    id: eventId,
    isGoing: isGoing(db, eventId, userId),
    attendeesCount: after?.attendeesCount ?? 0,
    waitlistPosition: waitlistPosition(db, eventId, userId),
  }
}

/**
 * RSVP: a place when there is one, else a place at the end of the waitlist. The organizer hears of a
 * new attendee (once per event, see notifyEventRsvp); not of someone who only joined the list.
 */
export function attendEvent(services: AppServices, user: CurrentUser, id: number) {
  const { db } = services
  const event = joinableEvent(db, user, id)
  // Not across a block, either way: an RSVP puts the attendee's name before the organizer, as a message would.
  if (blockedBetween(db, user.id, event.organizerId)) throw appError('EVENT_RSVP_UNAVAILABLE')
  const seated = db.transaction(() => {
    const going = isGoing(db, event.id, user.id)
    if (going || waitlistPosition(db, event.id, user.id) !== null) return false
    // One conditional UPDATE takes the seat, so simultaneous requests never book more people than the
    // event holds (the table's CHECK backs it up); nobody skips ahead of those already waiting.
    const seat = db
      .update(events)
      .set({ attendeesCount: sql`${events.attendeesCount} + 1` })
      .where(
        and(
          eq(events.id, event.id),
          hasFreePlace,
          sql`not exists (select 1 from ${eventWaitlist} where ${eventWaitlist.eventId} = ${event.id})`,
        ),
      )
      .run()
    if (seat.changes === 0) {
      db.insert(eventWaitlist).values({ eventId: event.id, userId: user.id }).run()
      return false
    }
    db.insert(eventAttendees).values({ eventId: event.id, userId: user.id }).run()
    issueTicket(db, event.id, user.id)
    return true
  })
  if (seated) notifyEventRsvp(services, id, user.id)
  return attendance(db, event.id, user.id)
}

/**
 * Cancels the member's presence, or their place on the waitlist. A place freed goes to the first on
 * the list in the same transaction (promoteWaitlist), and they are told.
 */
export function leaveEvent(services: AppServices, user: CurrentUser, id: number) {
  const { db } = services
  const event = joinableEvent(db, user, id)
  const promoted = db.transaction(() => {
    const removed = db
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, user.id)))
      .run()
    if (removed.changes === 0) {
      db.delete(eventWaitlist)
        .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.userId, user.id)))
        .run()
      return []
    }
    db.update(events)
      .set({ attendeesCount: sql`${events.attendeesCount} - 1` })
      .where(eq(events.id, event.id))
      .run()
    voidCheckIn(db, event.id, user.id)
    return promoteWaitlist(db, event.id, event.organizerId)
  })
  announcePromotions(services, event.id, promoted)
  return attendance(db, event.id, user.id)
}

export type EventDecision = { approve: true } | { approve: false; reason: string }

/**
 * A moderator approves or rejects a pending event of their own community; the decision is logged, the
 * organizer told, and the staff's counters follow at once. Anything else (another community, not
 * pending) is not found.
 */
export function decideEvent(
  services: AppServices,
  moderator: CurrentUser,
  id: number,
  decision: EventDecision,
) {
  const { db, bus } = services
  const status = decision.approve ? ('aprovado' as const) : ('rejeitado' as const)
  const reason = decision.approve ? null : decision.reason
  const updated = db
    .update(events)
    .set({ status, rejectionReason: reason })
    .where(
      and(
        eq(events.id, id),
        eq(events.status, 'pendente'),
        eq(events.communityId, memberCommunityId(moderator)),
      ),
    )
    .returning({ id: events.id })
    .get()
  if (!updated) throw eventNotFound()
  logStaffAct(db, moderator, {
    actionType: decision.approve ? 'approve_event' : 'reject_event',
    targetType: 'event',
    targetId: id,
    reason,
  })
  publishAdminChange(bus, moderator.communityId)
  notifyEventDecided(services, id, reason)
  return { id, status }
}
