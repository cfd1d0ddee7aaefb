import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { EventStatus } from '../../shared/domain'
import type { EventTab } from '../../shared/schemas/event'
import type { Database } from '../db/client'
import { rowsWhere } from '../db/rows'
import {
  communities,
  eventAttendees,
  events,
  eventTickets,
  eventWaitlist,
  profiles,
  uploads,
} from '../db/schema'
import { ftsQueryOf, searchWords, titleLikePattern } from '../listings/search-text'
import { memberChipColumns } from '../people/profiles/member-columns'
import { isPublicEvent } from './visibility'

/** What every view of an event shows: the event, its organizer's card and the community's time zone. */
const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  eventDate: events.eventDate,
  eventTime: events.eventTime,
  startsAt: events.startsAt,
  location: events.location,
  maxParticipants: events.maxParticipants,
  attendeesCount: events.attendeesCount,
  imageUrl: events.imageUrl,
  // The picture's upload, for its narrower renditions (withRenditions in views.ts).
  image: {
    cardKey: uploads.cardKey,
    phoneKey: uploads.phoneKey,
    fullKey: uploads.fullKey,
    width: uploads.width,
    height: uploads.height,
  },
  status: events.status,
  rejectionReason: events.rejectionReason,
  communityId: events.communityId,
  organizerId: events.organizerId,
  createdAt: events.createdAt,
  organizer: memberChipColumns,
  timeZone: communities.timeZone,
}

const selectEvents = (db: Database) =>
  db
    .select(eventColumns)
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .innerJoin(communities, eq(communities.id, events.communityId))
    .leftJoin(uploads, eq(uploads.id, events.imageUploadId))

export const findEvent = (db: Database, id: number) => selectEvents(db).where(eq(events.id, id)).get()

/**
 * The public list of a community: approved events in date order (spec: "ordered by event_date"), at
 * most 100. Passados keeps the 100 latest of the past ones (the oldest would crowd out the rest), still
 * shown in date order. The search is the listings' (server/listings/search-text.ts): every word of three
 * or more letters somewhere in the title or description, accents ignored; shorter, a title substring.
 */
export function listApprovedEvents(db: Database, communityId: number, tab: EventTab, q?: string) {
  const now = new Date()
  const conditions: (SQL | undefined)[] = [eq(events.communityId, communityId), eq(events.status, 'aprovado')]
  if (tab === 'proximos') conditions.push(gte(events.startsAt, now))
  if (tab === 'passados') conditions.push(lt(events.startsAt, now))
  if (q) {
    const words = searchWords(q)
    conditions.push(
      words.length > 0
        ? sql`${events.id} in (select rowid from events_fts where events_fts match ${ftsQueryOf(words)})`
        : sql`fold_for_search(${events.title}) like ${titleLikePattern(q)} escape '\\'`,
    )
  }
  const found = selectEvents(db)
    .where(and(...conditions))
    .orderBy(tab === 'passados' ? desc(events.startsAt) : asc(events.startsAt))
    .limit(100)
    .all()
  return tab === 'passados' ? found.reverse() : found
}

/** A community's events in one status, newest first: the moderators' queue. */
export const moderationQueue = (db: Database, communityId: number, status: EventStatus) =>
  selectEvents(db)
    .where(and(eq(events.communityId, communityId), eq(events.status, status)))
    .orderBy(desc(events.createdAt))
    .limit(200)
    .all()

/** The events a member organizes, of every status (with the rejection reason), newest first. */
export const organizedBy = (db: Database, userId: number) =>
  rowsWhere(
    db,
    events,
    'organizerId',
    userId,
    ['id', 'title', 'eventDate', 'eventTime', 'status', 'rejectionReason', 'attendeesCount'],
    ['createdAt'],
    'desc',
  )

export function isGoing(db: Database, eventId: number, userId: number | undefined): boolean {
  if (!userId) return false
  return (
    db
      .select({ eventId: eventAttendees.eventId })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
      .get() !== undefined
  )
}

/** The public events a member said they will attend, by start (upcoming and past alike), with their ticket. */
export const attendedBy = (db: Database, userId: number) =>
  db
    .select({ ...eventColumns, ticketCode: eventTickets.code })
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .innerJoin(communities, eq(communities.id, events.communityId))
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .leftJoin(uploads, eq(uploads.id, events.imageUploadId))
    .leftJoin(
      eventTickets,
      and(eq(eventTickets.eventId, eventAttendees.eventId), eq(eventTickets.userId, eventAttendees.userId)),
    )
    .where(and(eq(eventAttendees.userId, userId), isPublicEvent))
    .orderBy(asc(events.startsAt))
    .all()

/** The approved events, not yet started, on whose waitlist the member is. */
export const waitingFor = (db: Database, userId: number) =>
  selectEvents(db)
    .innerJoin(eventWaitlist, eq(eventWaitlist.eventId, events.id))
    .where(
      and(eq(eventWaitlist.userId, userId), eq(events.status, 'aprovado'), gte(events.startsAt, new Date())),
    )
    .orderBy(asc(events.startsAt))
    .all()
