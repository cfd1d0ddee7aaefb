import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { REPORT_REVIEW_HOURS, type ReportResolution } from '../../../shared/safety'
import type { Database } from '../../db/client'
import { listings, profiles, reports, sanctions, userRoles, users, wantedPosts } from '../../db/schema'
import type { ReportSnapshot } from './snapshot'

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
