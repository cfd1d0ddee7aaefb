import { and, desc, eq } from 'drizzle-orm'
import { withPhotoNote } from '../../../shared/chat'
import type { ContentReportTarget } from '../../../shared/safety'
import type { BarrierReportInput, ReportInput } from '../../../shared/schemas/safety'
import { participantConversation } from '../../chat/conversations'
import { photosOf } from '../../chat/photos'
import { memberCommunityId } from '../../communities/scope'
import type { Database } from '../../db/client'
import { rowWhere } from '../../db/rows'
import { messages, profiles, reports } from '../../db/schema'
import { visibleReview } from '../../deals/reviews'
import { appError } from '../../errors'
import { visibleListing } from '../../listings/rules'
import type { CurrentUser } from '../../people/auth/identity'
import { memberChipColumns } from '../../people/profiles/member-columns'
import { consumeAll } from '../../rate-limits'
import type { AppServices } from '../../services'
import { visibleWanted } from '../../wanted/rules'
import { publishAdminChange } from '../moderation/badges'
import { listingSnapshot, type ReportSnapshot, snapshotPerson, snapshotTitle } from './snapshot'

const targetMissing = () => appError('REPORT_TARGET_NOT_FOUND')

/** What `find` returns; whatever it refuses with, the reporter only learns that the target is not there. */
function reportable<T>(find: () => T): T {
  try {
    return find()
  } catch {
    throw targetMissing()
  }
}

/** The member answerable for the target and its snapshot; only what the reporter can see is reportable. */
function resolveTarget(
  db: Database,
  reporter: CurrentUser,
  type: ContentReportTarget,
  id: number,
): { targetUserId: number; snapshot: ReportSnapshot } {
  if (type === 'listing') {
    const listing = reportable(() => visibleListing(db, reporter, id))
    const snapshot = listingSnapshot(db, id, listing.sellerId)
    if (!snapshot) throw targetMissing()
    return { targetUserId: listing.sellerId, snapshot }
  }
  if (type === 'wanted') {
    const post = reportable(() => visibleWanted(db, reporter, id))
    const { posterId, mainCategoryName, id: _id, ...shown } = post
    return {
      targetUserId: posterId,
      snapshot: { type, ...shown, categoryName: mainCategoryName, poster: snapshotPerson(db, posterId) },
    }
  }
  if (type === 'review') {
    const review = reportable(() => visibleReview(db, reporter, id))
    // The reviewer answers for the review; their own review is theirs to edit, not to report.
    return {
      targetUserId: review.reviewerId,
      snapshot: {
        type,
        stars: review.stars,
        comment: review.comment,
        reply: review.reply,
        reviewer: snapshotPerson(db, review.reviewerId),
        reviewee: snapshotPerson(db, review.revieweeId),
      },
    }
  }
  if (type === 'user') {
    const profile = db
      .select({
        userId: profiles.userId,
        ...memberChipColumns,
        bio: profiles.bio,
        course: profiles.course,
        communityId: profiles.communityId,
        approved: profiles.approved,
      })
      .from(profiles)
      .where(eq(profiles.userId, id))
      .get()
    if (!profile?.approved || profile.communityId !== reporter.communityId) throw targetMissing()
    const { userId, communityId: _c, approved: _a, ...shown } = profile
    return { targetUserId: userId, snapshot: { type, ...shown } }
  }
  const message = rowWhere(db, messages, 'id', id, ['conversationId', 'senderId', 'content', 'createdAt'])
  if (!message || message.senderId === null) throw targetMissing()
  reportable(() => participantConversation(db, reporter.id, message.conversationId))
  return {
    targetUserId: message.senderId,
    snapshot: {
      type,
      // The photos stay private to the conversation: the moderator reads that there were some.
      content: withPhotoNote(message.content, photosOf(db, [id]).get(id)?.length ?? 0),
      sentAt: message.createdAt.toISOString(),
      sender: snapshotPerson(db, message.senderId),
    },
  }
}

/** A member reports a listing, a profile or a message. The reported person is never told who. */
export async function createReport(services: AppServices, reporter: CurrentUser, input: ReportInput) {
  const { db } = services
  const communityId = memberCommunityId(reporter)
  const { targetUserId, snapshot } = resolveTarget(db, reporter, input.targetType, input.targetId)
  if (targetUserId === reporter.id) throw appError('REPORT_SELF')
  const open = db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporter.id),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .get()
  if (open) throw appError('REPORT_ALREADY_OPEN')
  await consumeAll([[services.rateLimits.reportsByUser, String(reporter.id)]]).catch(() => {
    throw appError('REPORTS_TOO_FAST')
  })
  const created = db
    .insert(reports)
    .values({
      communityId,
      reporterId: reporter.id,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId,
      reason: input.reason,
      details: input.details || null,
      snapshot,
    })
    // Two reports sent at once: the partial unique index keeps one open.
    .onConflictDoNothing()
    .returning({ id: reports.id })
    .get()
  if (!created) throw appError('REPORT_ALREADY_OPEN')
  publishAdminChange(services.bus, communityId)
  return { id: created.id }
}

/**
 * A member tells of an accessibility barrier. It joins the Denúncias queue of their community as a
 * target of its own (nobody is answerable for it), and they hear back like any reporter.
 */
export async function createBarrierReport(
  services: AppServices,
  reporter: CurrentUser,
  input: BarrierReportInput,
) {
  const { db } = services
  const communityId = memberCommunityId(reporter)
  await consumeAll([[services.rateLimits.reportsByUser, String(reporter.id)]]).catch(() => {
    throw appError('REPORTS_TOO_FAST')
  })
  const snapshot: ReportSnapshot = {
    type: 'barrier',
    page: input.page,
    assistiveTech: input.assistiveTech || null,
  }
  const id = db.transaction((tx) => {
    const created = tx
      .insert(reports)
      .values({
        communityId,
        reporterId: reporter.id,
        targetType: 'barrier',
        targetId: 0,
        reason: 'accessibility',
        details: input.details,
        snapshot,
      })
      .returning({ id: reports.id })
      .get()
    // Each barrier is its own target, so one member may tell of several at once.
    tx.update(reports).set({ targetId: created.id }).where(eq(reports.id, created.id)).run()
    return created.id
  })
  publishAdminChange(services.bus, communityId)
  return { id }
}

/** Minha Conta: the member's reports and what became of them (never who was sanctioned how, beyond the label). */
export function reportsBy(db: Database, reporterId: number) {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      reason: reports.reason,
      status: reports.status,
      resolution: reports.resolution,
      snapshot: reports.snapshot,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(100)
    .all()
    .map((row) => ({ ...row, title: snapshotTitle(row.snapshot as ReportSnapshot) }))
}
