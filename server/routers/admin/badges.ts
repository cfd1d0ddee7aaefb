import { pendingCounts } from '../../moderation/badges'
import {
  acquireSubscriptionSlot,
  endsWhenSuspended,
  sessionStillValid,
  streamScope,
} from '../../realtime/subscriptions'
import { moderatorProcedure, router } from '../../trpc/init'

export const adminBadgesRouter = router({
  counts: moderatorProcedure.query(({ ctx }) => pendingCounts(ctx.db, ctx.user.communityId ?? -1)),

  /** The sidebar badges, pushed whenever a sign-up, approval or event decision changes them. */
  live: moderatorProcedure.subscription(async function* ({ ctx, signal }) {
    const release = acquireSubscriptionSlot(ctx.request)
    const stop = endsWhenSuspended(streamScope(ctx), signal)
    const communityId = ctx.user.communityId ?? -1
    try {
      const changes = ctx.bus.listen('admin', communityId, stop)
      await changes.ready
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
