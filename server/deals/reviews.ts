import { and, desc, eq, gte, isNull, notExists, or, sql } from 'drizzle-orm'
import { REVIEW_COUNTED_PER_PAIR_DAYS, REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS } from '../../shared/reviews'
import { routes } from '../../shared/routes'
import type { ReviewEdit, ReviewInput, ReviewRemoval, ReviewReply } from '../../shared/schemas/reviews'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { blocks, conversations, listings, meetings, profiles, reviews, users } from '../db/schema'
import { appError } from '../errors'
import { notify } from '../notifications/notify'
import type { CurrentUser } from '../people/auth/identity'
import { memberChip, memberChipColumns } from '../people/profiles/member-columns'
import { blockedBetween } from '../safety/blocks'
import { logStaffAct } from '../safety/moderation/log'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'

/**
 * Reviews are earned only by a hand-off confirmed with the seller's code: each side may review the other
 * once per deal, within REVIEW_WINDOW_DAYS of the confirmation, and edit it for REVIEW_EDIT_HOURS. Of one
 * reviewer's reviews of the same member, one in REVIEW_COUNTED_PER_PAIR_DAYS counts in the average: the
 * later ones are shown and do not move it, so a pair repeating deals cannot build a reputation.
 * Never of oneself, never between people who blocked each other. The person reviewed may reply once, in
 * public; moderators of the community remove a review (it stays in the table for the log and the reports).
 */

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

const handoffMissing = () => appError('REVIEW_HANDOFF_NOT_FOUND')
const reviewMissing = () => appError('REVIEW_NOT_FOUND')

/** When a hand-off confirmed at `confirmedAt` stops taking reviews. */
export const reviewDeadline = (confirmedAt: Date) =>
  new Date(confirmedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS)
/** Until when a review sent at `createdAt` may be edited. */
export const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_HOURS * HOUR_MS)

/**
 * The confirmed hand-off `meetingId` as one of its two sides sees it, with the other side to review. Any
 * meeting that is not a confirmed hand-off of this member in their community, or whose other side is
 * blocked either way, is refused like a missing one.
 */
function handoffOf(db: Database, user: CurrentUser, meetingId: number) {
  const meeting = db
    .select({
      id: meetings.id,
      sellerId: meetings.sellerId,
      buyerId: meetings.buyerId,
      status: meetings.status,
      confirmedAt: meetings.confirmedAt,
      conversationId: meetings.conversationId,
      dealId: meetings.dealId,
      listingId: meetings.listingId,
      communityId: conversations.communityId,
    })
    .from(meetings)
    .innerJoin(conversations, eq(conversations.id, meetings.conversationId))
    .where(eq(meetings.id, meetingId))
    .get()
  if (
    meeting?.status !== 'confirmada' ||
    !meeting.confirmedAt ||
    meeting.communityId !== user.communityId ||
    (meeting.sellerId !== user.id && meeting.buyerId !== user.id)
  ) {
    throw handoffMissing()
  }
  const revieweeId = meeting.sellerId === user.id ? meeting.buyerId : meeting.sellerId
  if (revieweeId === user.id) throw appError('REVIEW_SELF')
  if (blockedBetween(db, user.id, revieweeId)) throw handoffMissing()
  // A deleted account is reviewed no more: its reviews left with it.
  const reviewee = db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, revieweeId)).get()
  if (!reviewee || reviewee.deletedAt) throw handoffMissing()
  return { ...meeting, confirmedAt: meeting.confirmedAt, revieweeId }
}

function nameOf(db: Database, userId: number) {
  return (
    db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, userId)).get()
      ?.fullName ?? 'Alguém'
  )
}

/** One side of a confirmed hand-off reviews the other; the reviewed person hears of it. */
export function createReview(services: AppServices, user: CurrentUser, input: ReviewInput, now = new Date()) {
  const { db } = services
  const handoff = handoffOf(db, user, input.meetingId)
  if (now.getTime() > reviewDeadline(handoff.confirmedAt).getTime()) {
    throw appError('REVIEW_WINDOW_CLOSED')
  }
  assertMayPublish(db, user)
  const created = db.transaction((tx) => {
    const countedSince = new Date(now.getTime() - REVIEW_COUNTED_PER_PAIR_DAYS * DAY_MS)
    const countedLately = tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.reviewerId, user.id),
          eq(reviews.revieweeId, handoff.revieweeId),
          eq(reviews.counted, true),
          isNull(reviews.removedAt),
          gte(reviews.createdAt, countedSince),
        ),
      )
      .get()
    return (
      tx
        .insert(reviews)
        .values({
          communityId: handoff.communityId,
          meetingId: handoff.id,
          dealId: handoff.dealId,
          reviewerId: user.id,
          revieweeId: handoff.revieweeId,
          stars: input.stars,
          comment: input.comment || null,
          counted: !countedLately,
          createdAt: now,
          updatedAt: now,
        })
        // One per side of a deal (unique indexes), also when two requests race.
        .onConflictDoNothing()
        .returning({ id: reviews.id })
        .get()
    )
  })
  if (!created) throw appError('REVIEW_ALREADY_SENT')
  const reviewee = rowWhere(db, profiles, 'userId', handoff.revieweeId, ['username'])
  notify(services, {
    userId: handoff.revieweeId,
    kind: 'review_received',
    title: `${nameOf(db, user.id)} avaliou você`,
    body: `${input.stars} de 5 estrelas pela entrega. Você pode responder em público no seu perfil.`,
    link: reviewee?.username ? routes.profile(reviewee.username) : null,
    email: { kind: 'review_received', about: `review:${created.id}` },
  })
  return { id: created.id }
}

/** The reviewer's own visible review, refused like a missing one to anyone else. */
function ownReview(db: Database, user: CurrentUser, reviewId: number) {
  const review = db
    .select({ id: reviews.id, revieweeId: reviews.revieweeId, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.reviewerId, user.id), isNull(reviews.removedAt)))
    .get()
  if (!review || blockedBetween(db, user.id, review.revieweeId)) throw reviewMissing()
  return review
}

/** The reviewer changes stars or comment, within REVIEW_EDIT_HOURS of sending. */
export function editReview(db: Database, user: CurrentUser, input: ReviewEdit, now = new Date()) {
  const review = ownReview(db, user, input.reviewId)
  if (now.getTime() > editableUntil(review.createdAt).getTime()) {
    throw appError('REVIEW_EDIT_CLOSED')
  }
  assertMayPublish(db, user)
  db.update(reviews)
    .set({ stars: input.stars, comment: input.comment || null, updatedAt: now })
    .where(eq(reviews.id, review.id))
    .run()
  return { id: review.id }
}

/** The person reviewed answers once, in public, under the review. */
export function replyToReview(db: Database, user: CurrentUser, input: ReviewReply, now = new Date()) {
  const review = db
    .select({
      id: reviews.id,
      reviewerId: reviews.reviewerId,
      revieweeId: reviews.revieweeId,
      reply: reviews.reply,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.id, input.reviewId),
        eq(reviews.communityId, memberCommunityId(user)),
        isNull(reviews.removedAt),
      ),
    )
    .get()
  if (!review || blockedBetween(db, user.id, review.reviewerId)) throw reviewMissing()
  if (review.revieweeId !== user.id) throw appError('REVIEW_REPLY_NOT_ALLOWED')
  assertMayPublish(db, user)
  const replied = db
    .update(reviews)
    .set({ reply: input.reply, repliedAt: now })
    // Only while there is none: two replies sent at once leave the first.
    .where(and(eq(reviews.id, review.id), isNull(reviews.reply)))
    .returning({ id: reviews.id })
    .get()
  if (!replied) throw appError('REVIEW_REPLY_ALREADY_SENT')
  return { id: review.id }
}

/**
 * A moderator of the review's community takes it down: it leaves the profile and the average, and the
 * moderation log keeps who, when and why. A moderator of another community finds nothing.
 */
export function removeReviewByModeration(
  db: Database,
  moderator: CurrentUser,
  input: ReviewRemoval,
  now = new Date(),
) {
  const review = db
    .select({ id: reviews.id, removedAt: reviews.removedAt })
    .from(reviews)
    .where(and(eq(reviews.id, input.reviewId), eq(reviews.communityId, memberCommunityId(moderator))))
    .get()
  if (!review) throw reviewMissing()
  if (review.removedAt) return { id: review.id }
  db.transaction(() => {
    db.update(reviews).set({ removedAt: now }).where(eq(reviews.id, review.id)).run()
    logStaffAct(db, moderator, {
      actionType: 'remove_review',
      targetType: 'review',
      targetId: review.id,
      reason: input.reason,
    })
  })
  return { id: review.id }
}

/** A visible review of the community, for a report: what it says and who wrote it about whom. */
export function visibleReview(db: Database, viewer: CurrentUser, reviewId: number) {
  const review = db
    .select({
      id: reviews.id,
      reviewerId: reviews.reviewerId,
      revieweeId: reviews.revieweeId,
      stars: reviews.stars,
      comment: reviews.comment,
      reply: reviews.reply,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.id, reviewId),
        eq(reviews.communityId, memberCommunityId(viewer)),
        isNull(reviews.removedAt),
      ),
    )
    .get()
  if (
    !review ||
    blockedBetween(db, viewer.id, review.reviewerId) ||
    blockedBetween(db, viewer.id, review.revieweeId)
  ) {
    throw reviewMissing()
  }
  return review
}

/**
 * The review page of one hand-off: the other side, the member's own review if sent (and until when it is
 * editable), and whether a review can still be sent.
 */
export function reviewOfHandoff(db: Database, user: CurrentUser, meetingId: number, now = new Date()) {
  const handoff = handoffOf(db, user, meetingId)
  const other = memberChip(db, handoff.revieweeId)
  const listing = handoff.listingId
    ? db.select({ title: listings.title }).from(listings).where(eq(listings.id, handoff.listingId)).get()
    : undefined
  const mine = db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      removedAt: reviews.removedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.meetingId, handoff.id), eq(reviews.reviewerId, user.id)))
    .get()
  const deadline = reviewDeadline(handoff.confirmedAt)
  return {
    meetingId: handoff.id,
    conversationId: handoff.conversationId,
    other: other ?? { username: null, fullName: 'Conta removida', avatarUrl: null },
    asSeller: handoff.sellerId === user.id,
    listingTitle: listing?.title ?? null,
    confirmedAt: handoff.confirmedAt,
    deadline,
    canReview: !mine && now.getTime() <= deadline.getTime(),
    mine: mine
      ? {
          id: mine.id,
          stars: mine.stars,
          comment: mine.comment,
          removed: mine.removedAt !== null,
          editableUntil: editableUntil(mine.createdAt),
          canEdit: mine.removedAt === null && now.getTime() <= editableUntil(mine.createdAt).getTime(),
        }
      : null,
  }
}

/**
 * The member's confirmed hand-offs still waiting for their review (within the window, the other side not
 * blocked), newest first; in one conversation when `conversationId` is given.
 */
export function pendingReviews(db: Database, user: CurrentUser, conversationId?: number, now = new Date()) {
  const since = new Date(now.getTime() - REVIEW_WINDOW_DAYS * DAY_MS)
  const otherId = sql<number>`case when ${meetings.sellerId} = ${user.id} then ${meetings.buyerId} else ${meetings.sellerId} end`
  return db
    .select({
      meetingId: meetings.id,
      conversationId: meetings.conversationId,
      confirmedAt: meetings.confirmedAt,
      other: memberChipColumns,
    })
    .from(meetings)
    .innerJoin(profiles, eq(profiles.userId, otherId))
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        or(eq(meetings.sellerId, user.id), eq(meetings.buyerId, user.id)),
        isNull(users.deletedAt),
        conversationId ? eq(meetings.conversationId, conversationId) : undefined,
        eq(meetings.status, 'confirmada'),
        gte(meetings.confirmedAt, since),
        sql`${otherId} <> ${user.id}`,
        sql`${otherId} not in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${user.id}
          union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${user.id})`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviews)
            .where(and(eq(reviews.meetingId, meetings.id), eq(reviews.reviewerId, user.id))),
        ),
      ),
    )
    .orderBy(desc(meetings.confirmedAt))
    .limit(20)
    .all()
    .map((row) => ({ ...row, deadline: reviewDeadline(row.confirmedAt as Date) }))
}
