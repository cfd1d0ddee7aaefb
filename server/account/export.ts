import { asc, eq, inArray, or, sql } from 'drizzle-orm'
import { accessRecordsOf } from '../auth/access-records'
import type { CurrentUser } from '../auth/identity'
import { photosOf } from '../chat/photos'
import type { Database } from '../db/client'
import {
  conversations,
  eventAttendees,
  events,
  favorites,
  listingImages,
  listings,
  listingVupts,
  mainCategories,
  messages,
  oauthAccounts,
  profiles,
  reports,
  sessions,
  users,
  wantedPosts,
} from '../db/schema'
import { blockedByMember } from '../safety/blocks'
import { type ReportSnapshot, snapshotTitle } from '../safety/reports'
import { profileColumns } from './profile'

/** The listings a member marked in `marks` (favorites or Vupts): which, their title, and when. */
function markedListings(db: Database, marks: typeof favorites | typeof listingVupts, userId: number) {
  return db
    .select({ listingId: marks.listingId, title: listings.title, createdAt: marks.createdAt })
    .from(marks)
    .innerJoin(listings, eq(listings.id, marks.listingId))
    .where(eq(marks.userId, userId))
    .all()
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
    eventsOrganized: db
      .select({
        id: events.id,
        title: events.title,
        description: events.description,
        eventDate: events.eventDate,
        eventTime: events.eventTime,
        location: events.location,
        status: events.status,
        rejectionReason: events.rejectionReason,
      })
      .from(events)
      .where(eq(events.organizerId, userId))
      .all(),
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
    reportsMade: db
      .select({
        targetType: reports.targetType,
        snapshot: reports.snapshot,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        resolution: reports.resolution,
        createdAt: reports.createdAt,
        resolvedAt: reports.resolvedAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.id))
      .all()
      .map(({ snapshot, ...report }) => ({ ...report, about: snapshotTitle(snapshot as ReportSnapshot) })),
    blocked: blockedByMember(db, userId),
    sessions: db
      .select({
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .all(),
    linkedAccounts: db
      .select({
        provider: oauthAccounts.provider,
        email: oauthAccounts.email,
        createdAt: oauthAccounts.createdAt,
      })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId))
      .all(),
    /** Records of access kept for six months by law (Marco Civil da Internet, art. 15). */
    accessRecords: accessRecordsOf(db, userId),
  }
}
