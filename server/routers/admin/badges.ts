import { and, count, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { events, profiles, users } from '../../db/schema'
import type { EventBus } from '../../realtime/bus'
import { acquireSubscriptionSlot, sessionStillValid } from '../../realtime/subscriptions'
import { moderatorProcedure, router } from '../../trpc/init'

/** Tells open admin sidebars of the community that a pending count may have changed. */
export function publishAdminChange(bus: EventBus, communityId: number | null) {
  if (communityId) bus.publish('admin', communityId, { communityId })
}

function pendingCounts(db: Database, communityId: number) {
  const users_ = db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.communityId, communityId), eq(profiles.approved, false), isNull(users.deletedAt)))
    .get()
  const events_ = db
    .select({ total: count() })
    .from(events)
    .where(and(eq(events.communityId, communityId), eq(events.status, 'pendente')))
    .get()
  return { pendingUsers: users_?.total ?? 0, pendingEvents: events_?.total ?? 0 }
}

export const adminBadgesRouter = router({
  counts: moderatorProcedure.query(({ ctx }) => pendingCounts(ctx.db, ctx.user.communityId ?? -1)),

  /** The sidebar badges, pushed whenever a sign-up, approval or event decision changes them. */
  live: moderatorProcedure.subscription(async function* ({ ctx, signal }) {
    const release = acquireSubscriptionSlot(ctx.request)
    const stop = signal ?? new AbortController().signal
    const communityId = ctx.user.communityId ?? -1
    try {
      const changes = ctx.bus.listen('admin', communityId, stop)
      yield pendingCounts(ctx.db, communityId)
      for await (const _change of changes) {
        if (!sessionStillValid(ctx.db, ctx.request)) break
        yield pendingCounts(ctx.db, communityId)
      }
    } finally {
      release()
    }
  }),
})
