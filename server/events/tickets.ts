import { randomInt } from 'node:crypto'
import { and, count, eq, isNotNull, isNull, ne } from 'drizzle-orm'
import { renderSVG } from 'uqr'
import { readTicket, TICKET_ALPHABET, TICKET_CODE_LENGTH, ticketQrPayload } from '../../shared/event-tickets'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { eventAttendees, events, eventTickets, profiles } from '../db/schema'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'
import { consumeAll, type LimiterKey, type RateLimits, refundAll } from '../rate-limits'
import { managedEvent } from './organizers'
import { findEvent } from './queries'
import { isPublicStatus } from './visibility'

function newTicketCode(): string {
  let code = ''
  for (let i = 0; i < TICKET_CODE_LENGTH; i++) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)]
  return code
}

/**
 * Gives the member their ticket to the event, inside the caller's transaction. One who comes back after
 * cancelling keeps the code they had. A code already used at this event (about one in 10¹² per
 * attendee) is simply drawn again.
 */
export function issueTicket(db: Database, eventId: number, userId: number): void {
  for (let attempt = 0; attempt < 5; attempt++) {
    db.insert(eventTickets).values({ eventId, userId, code: newTicketCode() }).onConflictDoNothing().run()
    const issued = db
      .select({ code: eventTickets.code })
      .from(eventTickets)
      .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.userId, userId)))
      .get()
    if (issued) return
  }
  throw new Error('no free ticket code after 5 draws')
}

/**
 * The member's own ticket, while their presence is confirmed: the code and its QR code (drawn here, as
 * the two-factor QR code is, so the browser needs no encoder).
 */
export function myTicket(db: Database, user: CurrentUser, eventId: number) {
  const ticket = db
    .select({ code: eventTickets.code, checkedInAt: eventTickets.checkedInAt })
    .from(eventTickets)
    .innerJoin(
      eventAttendees,
      and(eq(eventAttendees.eventId, eventTickets.eventId), eq(eventAttendees.userId, eventTickets.userId)),
    )
    .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.userId, user.id)))
    .get()
  const event = findEvent(db, eventId)
  if (!ticket || !event || !isPublicStatus(event.status)) throw appError('EVENT_NOT_FOUND')
  return {
    eventId,
    title: event.title,
    startsAt: event.startsAt,
    timeZone: event.timeZone,
    location: event.location,
    status: event.status,
    code: ticket.code,
    checkedIn: ticket.checkedInAt !== null,
    qrSvg: renderSVG(ticketQrPayload(eventId, ticket.code)),
  }
}

/** A member who cancels is no longer at the door: their entry, if already recorded, is undone. */
export function voidCheckIn(db: Database, eventId: number, userId: number): void {
  db.update(eventTickets)
    .set({ checkedInAt: null, checkedInBy: null })
    .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.userId, userId)))
    .run()
}

/** How many are confirmed and how many of them came in. */
export function doorCount(db: Database, eventId: number) {
  const present =
    db
      .select({ total: count() })
      .from(eventTickets)
      .innerJoin(
        eventAttendees,
        and(eq(eventAttendees.eventId, eventTickets.eventId), eq(eventAttendees.userId, eventTickets.userId)),
      )
      .where(and(eq(eventTickets.eventId, eventId), isNotNull(eventTickets.checkedInAt)))
      .get()?.total ?? 0
  const confirmed =
    db.select({ attendeesCount: events.attendeesCount }).from(events).where(eq(events.id, eventId)).get()
      ?.attendeesCount ?? 0
  return { present, confirmed }
}

/** The check-in page's header: the event and its count, for whoever runs the door. */
export function checkInSummary(db: Database, checker: CurrentUser, eventId: number) {
  const event = managedEvent(db, checker, eventId)
  return {
    id: event.id,
    title: event.title,
    startsAt: event.startsAt,
    status: event.status,
    timeZone: event.timeZone,
    ...doorCount(db, event.id),
  }
}

type CheckInServices = { db: Database; rateLimits: RateLimits }

/**
 * Lets the ticket's holder in, once. Only the organizer and the community's moderators run the door.
 * Codes that match no ticket of this event count against the checker (ticketGuessesByUser), so the
 * door cannot be used to search for valid codes.
 */
export async function checkIn(
  { db, rateLimits }: CheckInServices,
  checker: CurrentUser,
  eventId: number,
  text: string,
) {
  const event = managedEvent(db, checker, eventId)
  if (event.status !== 'aprovado') throw appError('EVENT_NOT_FOUND')
  // Spent before the lookup, so codes sent at once are never looked up past the limit; a ticket of this
  // event gets it back.
  const guess: LimiterKey[] = [[rateLimits.ticketGuessesByUser, String(checker.id)]]
  await consumeAll(guess)
  const scanned = readTicket(text)
  if (scanned.eventId !== null && scanned.eventId !== event.id) throw appError('EVENT_TICKET_OTHER_EVENT')
  const ticket = db
    .select({ userId: eventTickets.userId })
    .from(eventTickets)
    .where(and(eq(eventTickets.code, scanned.code), eq(eventTickets.eventId, event.id)))
    .get()
  if (!ticket) {
    // A code of another event of the same community is named as such; other communities' stay unknown.
    const elsewhere = db
      .select({ eventId: eventTickets.eventId })
      .from(eventTickets)
      .innerJoin(events, eq(events.id, eventTickets.eventId))
      .where(
        and(
          eq(eventTickets.code, scanned.code),
          ne(eventTickets.eventId, event.id),
          eq(events.communityId, event.communityId),
        ),
      )
      .get()
    throw elsewhere ? appError('EVENT_TICKET_OTHER_EVENT') : appError('EVENT_TICKET_NOT_FOUND')
  }
  await refundAll(guess)

  db.transaction(() => {
    const going = db
      .select({ userId: eventAttendees.userId })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, ticket.userId)))
      .get()
    if (!going) throw appError('EVENT_TICKET_CANCELLED')
    // Conditional on no entry yet: two phones scanning the same ticket at once let it in once.
    const entered = db
      .update(eventTickets)
      .set({ checkedInAt: new Date(), checkedInBy: checker.id })
      .where(
        and(
          eq(eventTickets.eventId, event.id),
          eq(eventTickets.userId, ticket.userId),
          eq(eventTickets.code, scanned.code),
          isNull(eventTickets.checkedInAt),
        ),
      )
      .run()
    if (entered.changes === 0) throw appError('EVENT_TICKET_USED')
  })
  const holder = rowWhere(db, profiles, 'userId', ticket.userId, ['fullName'])
  return { fullName: holder?.fullName ?? 'Participante', ...doorCount(db, event.id) }
}
