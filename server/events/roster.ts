import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { eventAttendees, eventTickets, eventWaitlist, profiles, users } from '../db/schema'
import type { CurrentUser } from '../people/auth/identity'
import { managedEvent } from './organizers'

/**
 * Who is confirmed (in order of confirmation, with whether they came in) and who waits (in order), as
 * the organizer and the community's moderators see them. Names only, and only of members of the event's
 * community whose accounts still exist.
 */
export function eventRoster(db: Database, viewer: CurrentUser, id: number) {
  const event = managedEvent(db, viewer, id)
  const member = and(eq(profiles.communityId, event.communityId), isNull(users.deletedAt))
  const confirmed = db
    .select({
      fullName: profiles.fullName,
      username: profiles.username,
      checkedInAt: eventTickets.checkedInAt,
    })
    .from(eventAttendees)
    .innerJoin(profiles, eq(profiles.userId, eventAttendees.userId))
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .leftJoin(
      eventTickets,
      and(eq(eventTickets.eventId, eventAttendees.eventId), eq(eventTickets.userId, eventAttendees.userId)),
    )
    .where(and(eq(eventAttendees.eventId, event.id), member))
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.userId))
    .all()
  const waiting = db
    .select({ fullName: profiles.fullName, username: profiles.username })
    .from(eventWaitlist)
    .innerJoin(profiles, eq(profiles.userId, eventWaitlist.userId))
    .innerJoin(users, eq(users.id, eventWaitlist.userId))
    .where(and(eq(eventWaitlist.eventId, event.id), member))
    .orderBy(asc(eventWaitlist.id))
    .all()
  return {
    id: event.id,
    title: event.title,
    confirmed: confirmed.map((person, index) => ({ ...person, position: index + 1 })),
    waiting: waiting.map((person, index) => ({ ...person, position: index + 1 })),
  }
}

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula: a
 * member named "=HYPERLINK(…)" would run it on the organizer's computer. Such a cell gets a leading
 * apostrophe, which spreadsheets read as "text"; every cell is quoted, quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/**
 * The roster as CSV. Semicolons separate the columns, as spreadsheets set to Portuguese expect (their
 * comma is the decimal one); the byte-order mark makes them read the accents as UTF-8.
 */
export function eventRosterCsv(db: Database, viewer: CurrentUser, id: number) {
  const roster = eventRoster(db, viewer, id)
  const rows = [
    ['Situação', 'Posição', 'Nome', 'Usuário', 'Entrada registrada'],
    ...roster.confirmed.map((person) => [
      'Confirmado',
      String(person.position),
      person.fullName,
      person.username ?? '',
      person.checkedInAt ? 'Sim' : 'Não',
    ]),
    ...roster.waiting.map((person) => [
      'Lista de espera',
      String(person.position),
      person.fullName,
      person.username ?? '',
      '',
    ]),
  ]
  return {
    filename: `presencas-evento-${roster.id}.csv`,
    csv: `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`,
  }
}
