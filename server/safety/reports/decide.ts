import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ModerationAction } from '../../../shared/moderation'
import { routes } from '../../../shared/routes'
import { REPORT_RESOLUTION_LABELS, type ReportResolution } from '../../../shared/safety'
import type { ReportAction, ResolveReportInput } from '../../../shared/schemas/safety'
import { memberCommunityId } from '../../communities/scope'
import { listings, reports, sanctions, userRoles, users, wantedPosts } from '../../db/schema'
import { removeReviewByModeration } from '../../deals/reviews'
import { appError } from '../../errors'
import { notify } from '../../notifications/notify'
import { type AccountErased, announceAccountErased, eraseAccount } from '../../people/account/delete-account'
import type { CurrentUser } from '../../people/auth/identity'
import type { AppServices } from '../../services'
import { removeWantedByModeration } from '../../wanted/rules'
import { publishAdminChange } from '../moderation/badges'
import { logStaffAct } from '../moderation/log'
import { removalReasonText, removeListingByModeration } from '../moderation/remove-listing'

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

const DAY_MS = 24 * 60 * 60 * 1000

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
      logStaffAct(db, moderator, { actionType, targetType, targetId, reason: input.note })

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
