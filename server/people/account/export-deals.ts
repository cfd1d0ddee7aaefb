/** A member's deals as their data export holds them: offers, meetings and reviews, both ways. */
import { asc, eq, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { listings, meetingSpots, meetings, offers, profiles, reviews } from '../../db/schema'
import { notBlockedWith } from '../../safety/blocks'
import { memberChipColumns } from '../profiles/member-columns'

/** Offers of the member's deals, as buyer or seller: the ones they made and the ones made to them. */
export function offersOf(db: Database, userId: number) {
  return db
    .select({
      id: offers.id,
      conversationId: offers.conversationId,
      listingId: offers.listingId,
      listingTitle: listings.title,
      asSeller: sql<boolean>`${offers.sellerId} = ${userId}`.mapWith(Boolean),
      madeByMe: sql<boolean>`${offers.madeById} = ${userId}`.mapWith(Boolean),
      amountCents: offers.amountCents,
      status: offers.status,
      createdAt: offers.createdAt,
      expiresAt: offers.expiresAt,
      answeredAt: offers.answeredAt,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(or(eq(offers.buyerId, userId), eq(offers.sellerId, userId)))
    .orderBy(asc(offers.id))
    .all()
}

/** Meetings the member takes part in. The hand-off code's hash stays out: it is a secret, even hashed. */
export function meetingsOf(db: Database, userId: number) {
  return db
    .select({
      id: meetings.id,
      conversationId: meetings.conversationId,
      listingId: meetings.listingId,
      listingTitle: listings.title,
      asSeller: sql<boolean>`${meetings.sellerId} = ${userId}`.mapWith(Boolean),
      spot: meetingSpots.name,
      proposedByMe: sql<boolean>`${meetings.proposedById} = ${userId}`.mapWith(Boolean),
      proposedTimes: meetings.proposedTimes,
      status: meetings.status,
      scheduledAt: meetings.scheduledAt,
      confirmedAt: meetings.confirmedAt,
      // `is`: null-safe, false for a meeting nobody cancelled.
      cancelledByMe: sql<boolean>`${meetings.cancelledById} is ${userId}`.mapWith(Boolean),
      cancelReason: meetings.cancelReason,
      createdAt: meetings.createdAt,
    })
    .from(meetings)
    .innerJoin(meetingSpots, eq(meetingSpots.id, meetings.spotId))
    .leftJoin(listings, eq(listings.id, meetings.listingId))
    .where(or(eq(meetings.sellerId, userId), eq(meetings.buyerId, userId)))
    .orderBy(asc(meetings.id))
    .all()
    .map(({ proposedTimes, ...meeting }) => ({
      ...meeting,
      proposedTimes: [...proposedTimes].sort((a, b) => a - b).map((ms) => new Date(ms)),
    }))
}

const reviewColumns = {
  meetingId: reviews.meetingId,
  listingId: meetings.listingId,
  listingTitle: listings.title,
  stars: reviews.stars,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  removedByModeration: sql<boolean>`${reviews.removedAt} is not null`.mapWith(Boolean),
}

/** The reviews the member wrote: their own words, with the hand-off's listing. */
export function reviewsWrittenBy(db: Database, userId: number) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(meetings, eq(meetings.id, reviews.meetingId))
    .leftJoin(listings, eq(listings.id, meetings.listingId))
    .where(eq(reviews.reviewerId, userId))
    .orderBy(asc(reviews.id))
    .all()
}

/**
 * The reviews about the member, with their reply. The reviewer is named only as the member's own profile
 * shows them (chip of a visible review by someone not blocked either way); a removed review, or one by
 * someone blocked, keeps its text but names nobody.
 */
export function reviewsAbout(db: Database, userId: number) {
  return db
    .select({
      ...reviewColumns,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      shownOnProfile:
        sql<boolean>`${reviews.removedAt} is null and ${notBlockedWith(userId, reviews.reviewerId)}`.mapWith(
          Boolean,
        ),
      reviewer: memberChipColumns,
    })
    .from(reviews)
    .innerJoin(meetings, eq(meetings.id, reviews.meetingId))
    .leftJoin(listings, eq(listings.id, meetings.listingId))
    .leftJoin(profiles, eq(profiles.userId, reviews.reviewerId))
    .where(eq(reviews.revieweeId, userId))
    .orderBy(asc(reviews.id))
    .all()
    .map(({ shownOnProfile, reviewer, ...review }) => ({
      ...review,
      reviewer: shownOnProfile ? reviewer : null,
    }))
}
