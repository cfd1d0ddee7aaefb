import { and, eq, sql } from 'drizzle-orm'
import type { EventInput } from '../../shared/schemas/event'
import { zonedLocalToUtc } from '../../shared/time'
import type { CurrentUser } from '../auth/identity'
import { memberCommunity, memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { eventAttendees, events } from '../db/schema'
import { appError } from '../errors'
import { publishAdminChange } from '../moderation/badges'
import { logModeration } from '../moderation/log'
import { notifyEventDecided, notifyEventRsvp } from '../notifications/kinds'
import { blockedBetween } from '../safety/blocks'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { attachUploads, releaseUpload } from '../uploads/attach'
import { isGoing } from './queries'

type EventServices = Pick<AppServices, 'db' | 'storage' | 'bus'>

export const eventNotFound = () => appError('NOT_FOUND', 'EVENT_NOT_FOUND')

/** Spec: date and time must be in the future, in the community's time zone. */
function futureStart(input: EventInput, timeZone: string): Date {
  const startsAt = zonedLocalToUtc(input.eventDate, input.eventTime, timeZone)
  if (Number.isNaN(startsAt.getTime()) || startsAt.getTime() <= Date.now()) {
    throw appError('BAD_REQUEST', 'EVENT_IN_PAST')
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
  if (event.status !== 'pendente') throw appError('FORBIDDEN', 'EVENT_NOT_EDITABLE')
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
  if (event.startsAt.getTime() <= Date.now()) throw appError('BAD_REQUEST', 'EVENT_OVER')
  return event
}

function attendance(db: Database, eventId: number, isGoing: boolean) {
  const after = db
    .select({ attendeesCount: events.attendeesCount })
    .from(events)
    .where(eq(events.id, eventId))
    .get()
  return { id: eventId, isGoing, attendeesCount: after?.attendeesCount ?? 0 }
}

/** RSVP, telling the organizer when the member was not already going (see notifyEventRsvp). */
export function attendEvent(services: AppServices, user: CurrentUser, id: number) {
  const already = isGoing(services.db, id, user.id)
  const result = takeSeat(services.db, user, id)
  if (!already) notifyEventRsvp(services, id, user.id)
  return result
}

/**
 * The seat is taken by one conditional UPDATE, so simultaneous requests can never book more people
 * than the event holds (the table's CHECK constraint backs it up). Not across a block, either way: an
 * RSVP puts the attendee's name before the organizer, as a message would.
 */
function takeSeat(db: Database, user: CurrentUser, id: number) {
  const event = joinableEvent(db, user, id)
  if (blockedBetween(db, user.id, event.organizerId)) throw appError('FORBIDDEN', 'EVENT_RSVP_UNAVAILABLE')
  return db.transaction((tx) => {
    const inserted = tx
      .insert(eventAttendees)
      .values({ eventId: event.id, userId: user.id })
      .onConflictDoNothing()
      .run()
    if (inserted.changes > 0) {
      const seat = tx
        .update(events)
        .set({ attendeesCount: sql`${events.attendeesCount} + 1` })
        .where(
          and(
            eq(events.id, event.id),
            sql`(${events.maxParticipants} is null or ${events.attendeesCount} < ${events.maxParticipants})`,
          ),
        )
        .run()
      // No seat left: throwing undoes the attendee row with the transaction.
      if (seat.changes === 0) throw appError('CONFLICT', 'EVENT_FULL')
    }
    return attendance(db, event.id, true)
  })
}

export function leaveEvent(db: Database, user: CurrentUser, id: number) {
  const event = joinableEvent(db, user, id)
  return db.transaction((tx) => {
    const removed = tx
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, user.id)))
      .run()
    if (removed.changes > 0) {
      tx.update(events)
        .set({ attendeesCount: sql`${events.attendeesCount} - 1` })
        .where(eq(events.id, event.id))
        .run()
    }
    return attendance(db, event.id, false)
  })
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
  logModeration(db, {
    communityId: moderator.communityId,
    moderatorId: moderator.id,
    actionType: decision.approve ? 'approve_event' : 'reject_event',
    targetType: 'event',
    targetId: id,
    reason,
  })
  publishAdminChange(bus, moderator.communityId)
  notifyEventDecided(services, id, reason)
  return { id, status }
}
