import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { photosOf } from '../../chat/photos'
import type { Database } from '../../db/client'
import { rowsWhere } from '../../db/rows'
import {
  conversations,
  emailOptOuts,
  emailTokens,
  eventAttendees,
  events,
  eventTickets,
  eventWaitlist,
  favorites,
  listingImages,
  listings,
  listingViews,
  listingVupts,
  mainCategories,
  messages,
  notifications,
  oauthAccounts,
  profiles,
  reports,
  reverifications,
  sanctions,
  semesters,
  sessions,
  users,
  wantedPosts,
} from '../../db/schema'
import { blockedByMember } from '../../safety/blocks'
import { type ReportSnapshot, snapshotTitle } from '../../safety/reports/snapshot'
import { alumniSince } from '../../semesters/standing'
import { accessRecordsOf } from '../auth/access-records'
import type { CurrentUser } from '../auth/identity'
import { profileColumns } from '../profiles/member-columns'
import { meetingsOf, offersOf, reviewsAbout, reviewsWrittenBy } from './export-deals'
import { passkeysOf } from './passkeys'

/** The listings a member marked in `marks` (favorites or Vupts): which, their title, and when. */
function markedListings(db: Database, marks: typeof favorites | typeof listingVupts, userId: number) {
  return db
    .select({ listingId: marks.listingId, title: listings.title, createdAt: marks.createdAt })
    .from(marks)
    .innerJoin(listings, eq(listings.id, marks.listingId))
    .where(eq(marks.userId, userId))
    .all()
}

/** Which event a waitlist place or a ticket is for, and where that event stands. */
const eventColumns = {
  eventId: events.id,
  title: events.title,
  eventStatus: events.status,
  eventDate: events.eventDate,
  eventTime: events.eventTime,
}

/** The member's places in the queues of full events, oldest first. */
function waitlistEntries(db: Database, userId: number) {
  return db
    .select({ ...eventColumns, joinedAt: eventWaitlist.createdAt })
    .from(eventWaitlist)
    .innerJoin(events, eq(events.id, eventWaitlist.eventId))
    .where(eq(eventWaitlist.userId, userId))
    .orderBy(asc(eventWaitlist.id))
    .all()
}

/**
 * The member's event tickets. The code stays out: it opens the door, and a file passed around must not.
 * Who checked them in stays out too (staff of the event, not the member's data).
 */
function eventTicketsOf(db: Database, userId: number) {
  return db
    .select({
      ...eventColumns,
      // A ticket is valid only while its holder is among the attendees (see eventTickets).
      attending: sql<boolean>`${eventAttendees.userId} is not null`.mapWith(Boolean),
      issuedAt: eventTickets.createdAt,
      checkedInAt: eventTickets.checkedInAt,
    })
    .from(eventTickets)
    .innerJoin(events, eq(events.id, eventTickets.eventId))
    .leftJoin(
      eventAttendees,
      and(eq(eventAttendees.eventId, eventTickets.eventId), eq(eventAttendees.userId, eventTickets.userId)),
    )
    .where(eq(eventTickets.userId, userId))
    .orderBy(asc(eventTickets.createdAt))
    .all()
}

/** Each semester the member was asked to confirm their e-mail for, and any later deadline granted. */
function reverificationsOf(db: Database, userId: number) {
  return db
    .select({
      semester: semesters.name,
      startsOn: semesters.startsOn,
      endsOn: semesters.endsOn,
      noticedAt: reverifications.noticedAt,
      extendedUntil: reverifications.extendedUntil,
    })
    .from(reverifications)
    .innerJoin(semesters, eq(semesters.id, reverifications.semesterId))
    .where(eq(reverifications.userId, userId))
    .orderBy(asc(semesters.startsOn))
    .all()
}

/** The member's notification centre, oldest first. */
function notificationsOf(db: Database, userId: number) {
  const names = ['kind', 'title', 'body', 'link', 'count', 'readAt', 'createdAt', 'updatedAt'] as const
  return rowsWhere(db, notifications, 'userId', userId, names, ['id'])
}

/** Warnings and suspensions the member received, as told to them: never which moderator, nor which report. */
function sanctionsOf(db: Database, userId: number) {
  return rowsWhere(db, sanctions, 'userId', userId, ['kind', 'reason', 'endsAt', 'createdAt'], ['id'])
}

/** The listings the member opened, one row a day each (what listing_views keeps of them). */
function listingsViewedBy(db: Database, userId: number) {
  return db
    .select({ listingId: listingViews.listingId, title: listings.title, day: listingViews.day })
    .from(listingViews)
    .innerJoin(listings, eq(listings.id, listingViews.listingId))
    .where(eq(listingViews.viewerId, userId))
    .orderBy(asc(listingViews.day), asc(listingViews.listingId))
    .all()
}

/**
 * Links sent by e-mail and not yet used or expired: which purpose and to which address (a pending
 * e-mail change names the new one). The id is the token's hash and stays out.
 */
function pendingEmailLinks(db: Database, userId: number) {
  const names = ['purpose', 'email', 'createdAt', 'expiresAt'] as const
  return rowsWhere(db, emailTokens, 'userId', userId, names, ['createdAt'])
}

/** LGPD art. 18: everything Vupt holds about the member, and nothing about anybody else. */
export function exportAccountData(db: Database, member: Pick<CurrentUser, 'id' | 'roles'>) {
  const userId = member.id
  const user = db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      twoFactorEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  const profile = db
    .select({
      ...profileColumns,
      matricula: profiles.matricula,
      approved: profiles.approved,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get()
  const ownListings = db.select().from(listings).where(eq(listings.sellerId, userId)).all()
  const images = ownListings.length
    ? db
        .select({ listingId: listingImages.listingId, fullUrl: listingImages.fullUrl })
        .from(listingImages)
        .where(
          inArray(
            listingImages.listingId,
            ownListings.map((p) => p.id),
          ),
        )
        .all()
    : []
  const myConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.participantOne, userId), eq(conversations.participantTwo, userId)))
    .all()
    .map((row) => row.id)
  const myMessages = myConversations.length
    ? db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          sentByMe: sql<boolean>`${messages.senderId} = ${userId}`.mapWith(Boolean),
          content: messages.content,
          read: messages.read,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(inArray(messages.conversationId, myConversations))
        .orderBy(messages.id)
        .all()
    : []
  const chatPhotos = photosOf(
    db,
    myMessages.map((message) => message.id),
  )
  return {
    exportedAt: new Date(),
    account: { ...user, ...profile, roles: member.roles },
    listings: ownListings.map(({ sellerId: _seller, communityId: _community, ...listing }) => ({
      ...listing,
      images: images.filter((image) => image.listingId === listing.id).map((image) => image.fullUrl),
    })),
    favorites: markedListings(db, favorites, userId),
    vupts: markedListings(db, listingVupts, userId),
    // Photos as the addresses the member opens while signed in: only the conversation's two members reach them.
    messages: myMessages.map(({ id, ...message }) => ({
      ...message,
      photos: (chatPhotos.get(id) ?? []).map((photo) => photo.fullUrl),
    })),
    eventsOrganized: rowsWhere(db, events, 'organizerId', userId, [
      'id',
      'title',
      'description',
      'eventDate',
      'eventTime',
      'location',
      'status',
      'rejectionReason',
    ]),
    eventsAttending: db
      .select({ eventId: eventAttendees.eventId, title: events.title, since: eventAttendees.createdAt })
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(eq(eventAttendees.userId, userId))
      .all(),
    wantedPosts: db
      .select({
        id: wantedPosts.id,
        title: wantedPosts.title,
        details: wantedPosts.details,
        category: mainCategories.name,
        maxPriceCents: wantedPosts.maxPriceCents,
        expiresAt: wantedPosts.expiresAt,
        status: wantedPosts.status,
        moderationStatus: wantedPosts.moderationStatus,
        removalReason: wantedPosts.removalReason,
        createdAt: wantedPosts.createdAt,
      })
      .from(wantedPosts)
      .innerJoin(mainCategories, eq(mainCategories.id, wantedPosts.mainCategoryId))
      .where(eq(wantedPosts.posterId, userId))
      .orderBy(asc(wantedPosts.id))
      .all(),
    // The reports the member made, as their own list shows them. Reports others made about the member
    // stay out: the export must never tell who reported whom.
    reportsMade: rowsWhere(
      db,
      reports,
      'reporterId',
      userId,
      ['targetType', 'snapshot', 'reason', 'details', 'status', 'resolution', 'createdAt', 'resolvedAt'],
      ['id'],
    ).map(({ snapshot, ...report }) => ({ ...report, about: snapshotTitle(snapshot as ReportSnapshot) })),
    blocked: blockedByMember(db, userId),
    sessions: rowsWhere(db, sessions, 'userId', userId, ['userAgent', 'ip', 'createdAt', 'lastUsedAt']),
    linkedAccounts: rowsWhere(db, oauthAccounts, 'userId', userId, ['provider', 'email', 'createdAt']),
    // Without the public key or the credential id: what the member named, and when it was used.
    passkeys: passkeysOf(db, userId).map(({ id: _id, ...passkey }) => passkey),
    /** Records of access kept for six months by law (Marco Civil da Internet, art. 15). */
    accessRecords: accessRecordsOf(db, userId),
    eventWaitlist: waitlistEntries(db, userId),
    eventTickets: eventTicketsOf(db, userId),
    offers: offersOf(db, userId),
    meetings: meetingsOf(db, userId),
    reviewsWritten: reviewsWrittenBy(db, userId),
    reviewsReceived: reviewsAbout(db, userId),
    reverifications: reverificationsOf(db, userId),
    // Set while the member is an egresso: they let a semester's deadline pass.
    alumniSince: alumniSince(db, userId),
    notifications: notificationsOf(db, userId),
    emailOptOuts: rowsWhere(db, emailOptOuts, 'userId', userId, ['kind', 'createdAt']),
    sanctions: sanctionsOf(db, userId),
    listingsViewed: listingsViewedBy(db, userId),
    pendingEmailLinks: pendingEmailLinks(db, userId),
  }
}
