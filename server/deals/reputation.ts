/** What a profile shows of a member's deals: their rating, their confirmed hand-offs, the reviews about them. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { PROFILE_REVIEWS_SHOWN, RATING_MIN_REVIEWS } from '../../shared/reviews'
import type { Database } from '../db/client'
import { meetings, memberRatings, profiles, reviews } from '../db/schema'
import type { CurrentUser } from '../people/auth/identity'
import { memberChipColumns } from '../people/profiles/member-columns'
import { notBlockedWith } from '../safety/blocks'
import { editableUntil } from './reviews'

/** A member's average (only from RATING_MIN_REVIEWS visible reviews: null below) and count. */
export function ratingOf(db: Database, userId: number) {
  const row = db.select().from(memberRatings).where(eq(memberRatings.userId, userId)).get()
  const reviewsCount = row?.reviews ?? 0
  return {
    average: row && reviewsCount >= RATING_MIN_REVIEWS ? row.starsSum / reviewsCount : null,
    reviewsCount,
  }
}

/** "Entregas confirmadas": the hand-offs confirmed with this member as the seller. */
export function confirmedHandoffsAsSeller(db: Database, userId: number) {
  return (
    db
      .select({ total: count() })
      .from(meetings)
      .where(and(eq(meetings.sellerId, userId), eq(meetings.status, 'confirmada')))
      .get()?.total ?? 0
  )
}

/**
 * A profile's reviews block: average (from RATING_MIN_REVIEWS), count, confirmed hand-offs as seller and the
 * latest visible reviews with their replies, leaving out those by people blocked with the viewer.
 */
export function profileReviews(db: Database, viewer: CurrentUser, userId: number, now = new Date()) {
  const latest = db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      comment: reviews.comment,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      createdAt: reviews.createdAt,
      reviewerId: reviews.reviewerId,
      asSeller: sql<boolean>`${meetings.sellerId} = ${reviews.revieweeId}`.mapWith(Boolean),
      counted: reviews.counted,
      reviewer: memberChipColumns,
    })
    .from(reviews)
    .innerJoin(meetings, eq(meetings.id, reviews.meetingId))
    .innerJoin(profiles, eq(profiles.userId, reviews.reviewerId))
    .where(
      and(
        eq(reviews.revieweeId, userId),
        isNull(reviews.removedAt),
        notBlockedWith(viewer.id, reviews.reviewerId),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PROFILE_REVIEWS_SHOWN)
    .all()
  // The profile is of the viewer's community (profiles are community-scoped), so its moderators may remove.
  const moderates = viewer.roles.includes('moderator') || viewer.roles.includes('admin')
  return {
    ...ratingOf(db, userId),
    confirmedHandoffs: confirmedHandoffsAsSeller(db, userId),
    latest: latest.map(({ reviewerId, ...review }) => ({
      ...review,
      canReply: userId === viewer.id && review.reply === null,
      // The person reviewed may report a review of themself too; the reviewer edits theirs instead.
      canReport: reviewerId !== viewer.id,
      canEdit: reviewerId === viewer.id && now.getTime() <= editableUntil(review.createdAt).getTime(),
      canRemove: moderates,
    })),
  }
}
