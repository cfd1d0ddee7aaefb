import { and, asc, count, eq, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { eventAttendees, events, eventWaitlist } from '../db/schema'
import { appError } from '../errors'
import { notifyEventRsvp, notifyWaitlistPromoted } from '../notifications/kinds'
import type { CurrentUser } from '../people/auth/identity'
import { blockedBetween } from '../safety/blocks'
import type { AppServices } from '../services'
import { issueTicket, voidCheckIn } from './tickets'

/** In a seat's UPDATE: there is a free place. */
export const hasFreePlace = sql`(${events.maxParticipants} is null or ${events.attendeesCount} < ${events.maxParticipants})`

/**
 * Seats the first members of the event's queue while there are free places, inside the caller's
 * transaction. Each seat is one conditional UPDATE of the counter, so however many cancellations (or a
 * capacity change) race, no more are seated than the places free; the table's CHECK backs it up. A
 * member on the list whom a block now separates from the organizer leaves the list instead.
 */
export function promoteWaitlist(db: Database, eventId: number, organizerId: number): number[] {
  const promoted: number[] = []
  for (;;) {
    const next = db
      .select({ id: eventWaitlist.id, userId: eventWaitlist.userId })
      .from(eventWaitlist)
      .where(eq(eventWaitlist.eventId, eventId))
      .orderBy(asc(eventWaitlist.id))
      .limit(1)
      .get()
    if (!next) break
    if (blockedBetween(db, next.userId, organizerId)) {
      db.delete(eventWaitlist).where(eq(eventWaitlist.id, next.id)).run()
      continue
    }
    const seat = db
      .update(events)
      .set({ attendeesCount: sql`${events.attendeesCount} + 1` })
      .where(and(eq(events.id, eventId), eq(events.status, 'aprovado'), hasFreePlace))
      .run()
    if (seat.changes === 0) break
    db.delete(eventWaitlist).where(eq(eventWaitlist.id, next.id)).run()
    db.insert(eventAttendees).values({ eventId, userId: next.userId }).run()
    issueTicket(db, eventId, next.userId)
    promoted.push(next.userId)
  }
  return promoted
}

/**
 * Takes `memberId` off an event: their seat (the ticket stops admitting) or their place on the waitlist, inside the
 * caller's transaction; a seat freed goes to the list at once. Whether they had a seat.
 */
export function dropFromEvent(db: Database, eventId: number, organizerId: number, memberId: number) {
  db.delete(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, memberId)))
    .run()
  const seated = db
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, memberId)))
    .run()
  if (seated.changes === 0) return { seated: false, promoted: [] as number[] }
  db.update(events)
    .set({ attendeesCount: sql`max(${events.attendeesCount} - 1, 0)` })
    .where(eq(events.id, eventId))
    .run()
  voidCheckIn(db, eventId, memberId)
  return { seated: true, promoted: promoteWaitlist(db, eventId, organizerId) }
}

/** After the transaction: each promoted member hears it (live and by e-mail), the organizer as for an RSVP. */
export function announcePromotions(services: AppServices, eventId: number, promoted: readonly number[]) {
  for (const userId of promoted) {
    notifyWaitlistPromoted(services, eventId, userId)
    notifyEventRsvp(services, eventId, userId)
  }
}

/** The member's place on the event's list (1 is next), or null when they are not on it. */
export function waitlistPosition(db: Database, eventId: number, userId: number | undefined): number | null {
  if (!userId) return null
  const mine = db
    .select({ id: eventWaitlist.id })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId)))
    .get()
  if (!mine) return null
  return (
    db
      .select({ ahead: count() })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, eventId), lte(eventWaitlist.id, mine.id)))
      .get()?.ahead ?? null
  )
}

export function waitlistLength(db: Database, eventId: number): number {
  return (
    db.select({ total: count() }).from(eventWaitlist).where(eq(eventWaitlist.eventId, eventId)).get()
      ?.total ?? 0
  )
}

/**
 * The organizer changes how many places an approved event that has not started holds: never below
 * those already confirmed, and every place it opens goes to the list at once. Null: no limit.
 */
export function setEventCapacity(
  services: AppServices,
  organizer: CurrentUser,
  id: number,
  maxParticipants: number | null,
) {
  const { db } = services
  const event = db.select().from(events).where(eq(events.id, id)).get()
  if (!event || event.organizerId !== organizer.id || event.status !== 'aprovado') {
    throw appError('EVENT_NOT_FOUND')
  }
  if (event.startsAt.getTime() <= Date.now()) throw appError('EVENT_OVER')
  const promoted = db.transaction(() => {
    const changed = db
      .update(events)
      .set({ maxParticipants })
      .where(
        and(
          eq(events.id, id),
          maxParticipants === null ? undefined : lte(events.attendeesCount, maxParticipants),
        ),
      )
      .run()
    if (changed.changes === 0) throw appError('EVENT_CAPACITY_BELOW_CONFIRMED')
    return promoteWaitlist(db, id, event.organizerId)
  })
  announcePromotions(services, id, promoted)
  const after = rowWhere(db, events, 'id', id, ['maxParticipants', 'attendeesCount'])
  return { id, ...after, waitlistCount: waitlistLength(db, id) }
}
