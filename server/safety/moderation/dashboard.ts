/** What the staff panel of a community shows: its counters, the last weeks, and the moderation log. */
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm'
import { memberCommunityId } from '../../communities/scope'
import { advertisements, events, listings, moderationLog, profiles, users } from '../../db/schema'
import { liveListingsOf } from '../../listings/portal'
import type { CurrentUser } from '../../people/auth/identity'
import { memberNameColumns } from '../../people/profiles/member-columns'
import type { AppServices } from '../../services'

const WEEKS = 8
const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/** The counters of the dashboard and sign-ups and new listings per week (last 8 weeks). */
export function dashboardSummary({ db, ops }: Pick<AppServices, 'db' | 'ops'>, staff: CurrentUser) {
  const communityId = memberCommunityId(staff)
  const people = db
    .select({
      total: count(),
      pending: sql<number>`sum(case when ${profiles.approved} = 0 then 1 else 0 end)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.communityId, communityId), isNull(users.deletedAt)))
    .get()
  // Live listings from the counts the triggers keep; removed ones through the moderation index.
  const removedListings =
    db
      .select({ total: count() })
      .from(listings)
      .where(and(eq(listings.communityId, communityId), eq(listings.moderationStatus, 'removed')))
      .get()?.total ?? 0
  const pendingEvents =
    db
      .select({ total: count() })
      .from(events)
      .where(and(eq(events.communityId, communityId), eq(events.status, 'pendente')))
      .get()?.total ?? 0
  const activeBanners =
    db
      .select({ total: count() })
      .from(advertisements)
      .where(and(eq(advertisements.communityId, communityId), eq(advertisements.active, true)))
      .get()?.total ?? 0

  // Week 0 is the current week; buckets count whole weeks back from now.
  const since = new Date(Date.now() - WEEKS * WEEK_MS)
  const bucket = (column: typeof profiles.createdAt | typeof listings.createdAt) =>
    sql<number>`cast((${Date.now()} - ${column}) / ${WEEK_MS} as integer)`
  /** How many rows of `table` the community gained in each week since `since`. */
  const perWeek = (table: typeof profiles | typeof listings) =>
    db
      .select({ week: bucket(table.createdAt), total: count() })
      .from(table)
      .where(and(eq(table.communityId, communityId), gte(table.createdAt, since)))
      .groupBy(bucket(table.createdAt))
      .all()
  const signUps = perWeek(profiles)
  const newListings = perWeek(listings)
  const weeks = Array.from({ length: WEEKS }, (_, index) => {
    const weeksAgo = WEEKS - 1 - index
    return {
      weekStart: new Date(Date.now() - (weeksAgo + 1) * WEEK_MS + 1),
      signUps: signUps.find((row) => row.week === weeksAgo)?.total ?? 0,
      listings: newListings.find((row) => row.week === weeksAgo)?.total ?? 0,
    }
  })

  // The instance's upkeep is the administrators' business, not the moderators'.
  const backup = staff.roles.includes('admin') ? (ops?.backup() ?? null) : null

  return {
    users: { total: people?.total ?? 0, pending: Number(people?.pending ?? 0) },
    listings: { active: liveListingsOf(db, communityId), removed: removedListings },
    pendingEvents,
    activeBanners,
    weeks,
    backup,
  }
}

/** Moderation log: who did what, to what, when and why. */
export function moderationLogOf({ db }: Pick<AppServices, 'db'>, staff: CurrentUser) {
  return db
    .select({
      id: moderationLog.id,
      actionType: moderationLog.actionType,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
      moderator: memberNameColumns,
    })
    .from(moderationLog)
    .leftJoin(profiles, eq(profiles.userId, moderationLog.moderatorId))
    .where(eq(moderationLog.communityId, memberCommunityId(staff)))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(300)
    .all()
}
