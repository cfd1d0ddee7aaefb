import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { withPhotoNote } from '../../shared/chat'
import type { ModerationAction } from '../../shared/moderation'
import { routes } from '../../shared/routes'
import {
  type ContentReportTarget,
  REPORT_RESOLUTION_LABELS,
  REPORT_REVIEW_HOURS,
  type ReportResolution,
} from '../../shared/safety'
import type {
  BarrierReportInput,
  ReportAction,
  ReportInput,
  ResolveReportInput,
} from '../../shared/schemas/safety'
import { type AccountErased, announceAccountErased, eraseAccount } from '../account/delete-account'
import { memberChipColumns, memberNameColumns } from '../account/profile'
import type { CurrentUser } from '../auth/identity'
import { participantConversation } from '../chat/conversations'
import { photosOf } from '../chat/photos'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import {
  listingImages,
  listings,
  messages,
  profiles,
  reports,
  sanctions,
  userRoles,
  users,
  wantedPosts,
} from '../db/schema'
import { removeReviewByModeration, visibleReview } from '../deals/reviews'
import { appError } from '../errors'
import { visibleListing } from '../listings/rules'
import { publishAdminChange } from '../moderation/badges'
import { logModeration } from '../moderation/log'
import { removalReasonText, removeListingByModeration } from '../moderation/remove-listing'
import { notify } from '../notifications/notify'
import { consumeAll } from '../rate-limits'
import type { AppServices } from '../services'
import { removeWantedByModeration, visibleWanted } from '../wanted/rules'

/** What a target showed when it was reported, kept with the report. */
export type ReportSnapshot =
  | {
      type: 'listing'
      title: string
      description: string
      priceCents: number
      imageUrls: string[]
      seller: { username: string | null; fullName: string }
    }
  | {
      type: 'user'
      username: string | null
      fullName: string
      bio: string | null
      course: string | null
      avatarUrl: string | null
    }
  | {
      type: 'message'
      content: string
      sentAt: string
      sender: { username: string | null; fullName: string }
    }
  | { type: 'barrier'; page: string; assistiveTech: string | null }
  | {
      type: 'wanted'
      title: string
      details: string | null
      maxPriceCents: number | null
      categoryName: string
      poster: { username: string | null; fullName: string }
    }
  | {
      type: 'review'
      stars: number
      comment: string | null
      reply: string | null
      reviewer: { username: string | null; fullName: string }
      reviewee: { username: string | null; fullName: string }
    }

const targetMissing = () => appError('REPORT_TARGET_NOT_FOUND')

function personOf(db: Database, userId: number) {
  return (
    db.select(memberNameColumns).from(profiles).where(eq(profiles.userId, userId)).get() ?? {
      username: null,
      fullName: 'Conta removida',
    }
  )
}

/** The member answerable for the target and its snapshot; only what the reporter can see is reportable. */
function resolveTarget(
  db: Database,
  reporter: CurrentUser,
  type: ContentReportTarget,
  id: number,
): { targetUserId: number; snapshot: ReportSnapshot } {
  if (type === 'listing') {
    let listing: ReturnType<typeof visibleListing>
    try {
      listing = visibleListing(db, reporter, id)
    } catch {
      throw targetMissing()
    }
    const row = db
      .select({ title: listings.title, description: listings.description, priceCents: listings.priceCents })
      .from(listings)
      .where(eq(listings.id, id))
      .get()
    if (!row) throw targetMissing()
    const imageUrls = db
      .select({ url: listingImages.fullUrl })
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(asc(listingImages.position))
      .all()
      .map((image) => image.url)
    return {
      targetUserId: listing.sellerId,
      snapshot: { type, ...row, imageUrls, seller: personOf(db, listing.sellerId) },
    }
  }
  if (type === 'wanted') {
    let post: ReturnType<typeof visibleWanted>
    try {
      post = visibleWanted(db, reporter, id)
    } catch {
      throw targetMissing()
    }
    const { posterId, mainCategoryName, id: _id, ...shown } = post
    return {
      targetUserId: posterId,
      snapshot: { type, ...shown, categoryName: mainCategoryName, poster: personOf(db, posterId) },
    }
  }
  if (type === 'review') {
    let review: ReturnType<typeof visibleReview>
    try {
      review = visibleReview(db, reporter, id)
    } catch {
      throw targetMissing()
    }
    // The reviewer answers for the review; their own review is theirs to edit, not to report.
    return {
      targetUserId: review.reviewerId,
      snapshot: {
        type,
        stars: review.stars,
        comment: review.comment,
        reply: review.reply,
        reviewer: personOf(db, review.reviewerId),
        reviewee: personOf(db, review.revieweeId),
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
  const message = db
    .select({
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, id))
    .get()
  if (!message || message.senderId === null) throw targetMissing()
  try {
    participantConversation(db, reporter.id, message.conversationId)
  } catch {
    throw targetMissing()
  }
  return {
    targetUserId: message.senderId,
    snapshot: {
      type,
      // The photos stay private to the conversation: the moderator reads that there were some.
      content: withPhotoNote(message.content, photosOf(db, [id]).get(id)?.length ?? 0),
      sentAt: message.createdAt.toISOString(),
      sender: personOf(db, message.senderId),
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

/** What a report is about, as its reporter's list (and data export) names it. */
export function snapshotTitle(snapshot: ReportSnapshot): string {
  if (snapshot.type === 'listing') return snapshot.title
  if (snapshot.type === 'user') return snapshot.fullName
  if (snapshot.type === 'barrier') return snapshot.page
  if (snapshot.type === 'wanted') return snapshot.title
  if (snapshot.type === 'review') return `Avaliação de ${snapshot.reviewer.fullName}`
  return `Mensagem de ${snapshot.sender.fullName}`
}

const HOUR_MS = 60 * 60 * 1000

/**
 * The Denúncias queue of a community: open reports grouped by target, the longest-waiting target
 * first, each with its age against the 24-hour promise and the answerable member's history.
 */
export function reportQueue(db: Database, communityId: number, now = new Date()) {
  const open = db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
      details: reports.details,
      snapshot: reports.snapshot,
      createdAt: reports.createdAt,
      reporter: profiles.username,
    })
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(and(eq(reports.communityId, communityId), eq(reports.status, 'open')))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(500)
    .all()
  const groups = new Map<string, typeof open>()
  for (const report of open) {
    const key = `${report.targetType}:${report.targetId}`
    const group = groups.get(key)
    if (group) group.push(report)
    else groups.set(key, [report])
  }
  const listingIds = [
    ...new Set(open.flatMap((report) => (report.targetType === 'listing' ? [report.targetId] : []))),
  ]
  const listingStates = new Map(
    (listingIds.length
      ? db
          .select({ id: listings.id, status: listings.status, moderationStatus: listings.moderationStatus })
          .from(listings)
          .where(inArray(listings.id, listingIds))
          .all()
      : []
    ).map(({ id, ...state }) => [id, state]),
  )
  const wantedIds = [
    ...new Set(open.flatMap((report) => (report.targetType === 'wanted' ? [report.targetId] : []))),
  ]
  const wantedStates = new Map(
    (wantedIds.length
      ? db
          .select({ id: wantedPosts.id, moderationStatus: wantedPosts.moderationStatus })
          .from(wantedPosts)
          .where(inArray(wantedPosts.id, wantedIds))
          .all()
      : []
    ).map(({ id, ...state }) => [id, state]),
  )
  const people = [...new Set(open.flatMap((report) => (report.targetUserId ? [report.targetUserId] : [])))]
  const history = historyOf(db, people)
  const targetPeople = people.length
    ? db
        .select({
          userId: profiles.userId,
          username: profiles.username,
          fullName: profiles.fullName,
          isAdmin:
            sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId} and ${userRoles.role} = 'admin')`.mapWith(
              Boolean,
            ),
          deleted:
            sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${profiles.userId} and ${users.deletedAt} is not null)`.mapWith(
              Boolean,
            ),
        })
        .from(profiles)
        .where(inArray(profiles.userId, people))
        .all()
    : []
  return [...groups.values()].map((group) => {
    const first = group[0] as (typeof open)[number]
    const waitingHours = Math.floor((now.getTime() - first.createdAt.getTime()) / HOUR_MS)
    return {
      targetType: first.targetType,
      targetId: first.targetId,
      /** The content as it was at the first report. */
      snapshot: first.snapshot as ReportSnapshot,
      /** For a listing: whether it still exists and is up (it may have been edited or deleted since). */
      listingState: first.targetType === 'listing' ? (listingStates.get(first.targetId) ?? null) : undefined,
      /** For a wanted post: whether it still exists and whether the moderation removed it already. */
      wantedState: first.targetType === 'wanted' ? (wantedStates.get(first.targetId) ?? null) : undefined,
      person: targetPeople.find((person) => person.userId === first.targetUserId) ?? null,
      oldestAt: first.createdAt,
      waitingHours,
      overdue: waitingHours >= REPORT_REVIEW_HOURS,
      reports: group.map(({ id, reason, details, createdAt, reporter }) => ({
        id,
        reason,
        details,
        createdAt,
        reporter,
      })),
      history: first.targetUserId ? (history.get(first.targetUserId) ?? emptyHistory()) : emptyHistory(),
    }
  })
}

const emptyHistory = () => ({
  resolvedReports: [] as {
    id: number
    reason: string
    resolution: ReportResolution | null
    resolvedAt: Date | null
  }[],
  sanctions: [] as { kind: string; reason: string; endsAt: Date | null; createdAt: Date }[],
  removedListings: 0,
})

/** Earlier reports, warnings, suspensions and removed listings of each member. */
function historyOf(db: Database, userIds: number[]) {
  const history = new Map<number, ReturnType<typeof emptyHistory>>()
  if (userIds.length === 0) return history
  for (const userId of userIds) history.set(userId, emptyHistory())
  const resolved = db
    .select({
      id: reports.id,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
      resolution: reports.resolution,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(and(inArray(reports.targetUserId, userIds), eq(reports.status, 'resolved')))
    .orderBy(desc(reports.resolvedAt))
    .limit(200)
    .all()
  for (const { targetUserId, ...row } of resolved) {
    if (targetUserId) history.get(targetUserId)?.resolvedReports.push(row)
  }
  const given = db
    .select({
      userId: sanctions.userId,
      kind: sanctions.kind,
      reason: sanctions.reason,
      endsAt: sanctions.endsAt,
      createdAt: sanctions.createdAt,
    })
    .from(sanctions)
    .where(inArray(sanctions.userId, userIds))
    .orderBy(desc(sanctions.createdAt))
    .all()
  for (const { userId, ...row } of given) history.get(userId)?.sanctions.push(row)
  const removed = db
    .select({ sellerId: listings.sellerId, total: count() })
    .from(listings)
    .where(and(inArray(listings.sellerId, userIds), eq(listings.moderationStatus, 'removed')))
    .groupBy(listings.sellerId)
    .all()
  for (const row of removed) {
    const entry = history.get(row.sellerId)
    if (entry) entry.removedListings = row.total
  }
  return history
}

const RESOLUTION_OF: Record<ReportAction, ReportResolution> = {
  dismiss: 'dismissed',
  acknowledge_barrier: 'barrier_acknowledged',
  remove_listing: 'listing_removed',
  remove_wanted: 'wanted_removed',
  remove_review: 'review_removed',
  warn: 'warned',
  suspend: 'suspended',
  remove_account: 'account_removed',
}

const DAY_MS = 24 * HOUR_MS

/**
 * A moderator decides on every open report of one target of their own community. Each decision is
 * written to the moderation log with its reason, the reporters are told the outcome, and the member
 * concerned is told what happened to them.
 */
export function resolveReports(
  services: AppServices,
  moderator: CurrentUser,
  input: ResolveReportInput,
  now = new Date(),
) {
  const { db } = services
  const communityId = memberCommunityId(moderator)
  const open = db
    .select({ id: reports.id, reporterId: reports.reporterId, targetUserId: reports.targetUserId })
    .from(reports)
    .where(
      and(
        eq(reports.communityId, communityId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .all()
  const first = open[0]
  if (!first) throw appError('REPORT_NOT_FOUND')
  const targetUserId = first.targetUserId
  const isAdmin = moderator.roles.includes('admin')

  const sanctionsPerson =
    input.action === 'warn' || input.action === 'suspend' || input.action === 'remove_account'
  if (sanctionsPerson) {
    const person = targetUserId
      ? db
          .select({
            deletedAt: users.deletedAt,
            admin:
              sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`.mapWith(
                Boolean,
              ),
          })
          .from(users)
          .where(eq(users.id, targetUserId))
          .get()
      : undefined
    // Nobody sanctions themselves or a removed account; only an administrator acts on another one, and
    // never removes one from here (the last-admin rules live in the users page).
    if (!person || person.deletedAt || targetUserId === moderator.id) {
      throw appError('REPORT_ACTION_NOT_ALLOWED')
    }
    if (person.admin && (!isAdmin || input.action === 'remove_account')) {
      throw appError('REPORT_ACTION_NOT_ALLOWED')
    }
  }
  if (input.action === 'remove_account' && !isAdmin) throw appError('FORBIDDEN')
  if (input.action === 'remove_listing' && input.targetType !== 'listing') {
    throw appError('REPORT_ACTION_NOT_ALLOWED')
  }
  // A barrier is confirmed or archived, and only a barrier is confirmed.
  const barrierAction = input.action === 'acknowledge_barrier' || input.action === 'dismiss'
  if (input.targetType === 'barrier' ? !barrierAction : input.action === 'acknowledge_barrier') {
    throw appError('REPORT_ACTION_NOT_ALLOWED')
  }
  if (input.action === 'remove_wanted' && input.targetType !== 'wanted') {
    throw appError('REPORT_ACTION_NOT_ALLOWED')
  }
  if (input.action === 'remove_review' && input.targetType !== 'review') {
    throw appError('REPORT_ACTION_NOT_ALLOWED')
  }

  const resolution = RESOLUTION_OF[input.action]
  let erased: AccountErased | undefined
  db.transaction(() => {
    const reportIds = open.map((report) => report.id)
    const closed = db
      .update(reports)
      .set({
        status: 'resolved',
        resolution,
        resolutionNote: input.note,
        resolvedBy: moderator.id,
        resolvedAt: now,
      })
      .where(and(inArray(reports.id, reportIds), eq(reports.status, 'open')))
      .returning({ id: reports.id })
      .all()
    // Another moderator decided first: nothing more to do here.
    if (closed.length !== reportIds.length) throw appError('REPORT_NOT_FOUND')

    const log = (actionType: ModerationAction, targetType: 'user' | 'report', targetId: number) =>
      logModeration(db, {
        communityId: moderator.communityId,
        moderatorId: moderator.id,
        actionType,
        targetType,
        targetId,
        reason: input.note,
      })

    if (input.action === 'dismiss') {
      log('dismiss_report', 'report', first.id)
    } else if (input.action === 'acknowledge_barrier') {
      log('acknowledge_barrier', 'report', first.id)
    } else if (input.action === 'remove_listing') {
      const reason = removalReasonText(input.removalReason ?? 'violation', input.note)
      const listing = db
        .select({ moderationStatus: listings.moderationStatus })
        .from(listings)
        .where(and(eq(listings.id, input.targetId), eq(listings.communityId, communityId)))
        .get()
      if (!listing) throw appError('LISTING_NOT_FOUND')
      // Removed meanwhile from Anúncios: the reports are closed all the same.
      if (listing.moderationStatus === 'active') {
        removeListingByModeration(services, moderator, input.targetId, reason)
      }
    } else if (input.action === 'remove_wanted') {
      const reason = removalReasonText(input.removalReason ?? 'violation', input.note)
      const post = db
        .select({ moderationStatus: wantedPosts.moderationStatus })
        .from(wantedPosts)
        .where(and(eq(wantedPosts.id, input.targetId), eq(wantedPosts.communityId, communityId)))
        .get()
      if (!post) throw appError('WANTED_NOT_FOUND')
      if (post.moderationStatus === 'active') {
        removeWantedByModeration(services, moderator, input.targetId, reason)
      }
    } else if (input.action === 'remove_review') {
      // Removed meanwhile by another moderator: the reports are closed all the same.
      removeReviewByModeration(db, moderator, { reviewId: input.targetId, reason: input.note }, now)
    } else if (input.action === 'warn' && targetUserId) {
      db.insert(sanctions)
        .values({
          userId: targetUserId,
          communityId,
          kind: 'warning',
          reason: input.note,
          moderatorId: moderator.id,
          reportId: first.id,
        })
        .run()
      log('warn_user', 'user', targetUserId)
      notify(services, {
        userId: targetUserId,
        kind: 'warning',
        title: 'Você recebeu uma advertência da moderação',
        body: `Motivo: ${input.note}. Novas violações podem levar à suspensão da conta.`,
        link: routes.faq(),
      })
    } else if (input.action === 'suspend' && targetUserId) {
      const endsAt = new Date(now.getTime() + (input.days ?? 1) * DAY_MS)
      db.insert(sanctions)
        .values({
          userId: targetUserId,
          communityId,
          kind: 'suspension',
          reason: input.note,
          endsAt,
          moderatorId: moderator.id,
          reportId: first.id,
        })
        .run()
      log('suspend_user', 'user', targetUserId)
    } else if (input.action === 'remove_account' && targetUserId) {
      erased = eraseAccount(db, targetUserId, now)
      log('delete_user', 'user', targetUserId)
    }
  })

  if (erased) announceAccountErased(services, erased)
  if (targetUserId && (input.action === 'suspend' || input.action === 'remove_account')) {
    services.bus.publish('account', targetUserId, {
      userId: targetUserId,
      reason: input.action === 'suspend' ? 'suspended' : 'deleted',
    })
  }
  const reporters = [...new Set(open.flatMap((report) => (report.reporterId ? [report.reporterId] : [])))]
  for (const reporterId of reporters) {
    notify(services, {
      userId: reporterId,
      kind: 'report_resolved',
      title: 'Sua denúncia foi analisada',
      body: REPORT_RESOLUTION_LABELS[resolution],
      link: routes.myAccount(),
    })
  }
  publishAdminChange(services.bus, moderator.communityId)
  return { resolved: open.length, resolution }
}
