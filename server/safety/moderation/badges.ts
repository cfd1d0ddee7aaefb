import { and, count, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { events, profiles, reports, users } from '../../db/schema'
import type { EventBus } from '../../realtime/bus'

/** Tells open admin sidebars of the community that a pending count may have changed. */
export function publishAdminChange(bus: EventBus, communityId: number | null) {
  if (communityId) bus.publish('admin', communityId, { communityId })
}

/** What waits for the staff of a community: accounts to approve, events to decide, reports to review. */
export function pendingCounts(db: Database, communityId: number) {
  const pendingUsers = db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.communityId, communityId), eq(profiles.approved, false), isNull(users.deletedAt)))
    .get()
  const pendingEvents = db
    .select({ total: count() })
    .from(events)
    .where(and(eq(events.communityId, communityId), eq(events.status, 'pendente')))
    .get()
  const openReports = db
    .select({ total: count() })
    .from(reports)
    .where(and(eq(reports.communityId, communityId), eq(reports.status, 'open')))
    .get()
  return {
    pendingUsers: pendingUsers?.total ?? 0,
    pendingEvents: pendingEvents?.total ?? 0,
    openReports: openReports?.total ?? 0,
  }
}
