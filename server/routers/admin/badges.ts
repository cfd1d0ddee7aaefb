import { pendingCounts } from '../../moderation/badges'
import {
  acquireSubscriptionSlot,
  endOnSuspension,
  sessionStillValid,
  streamScope,
} from '../../realtime/subscriptions'
import { moderatorProcedure, router } from '../../trpc/init'

export const adminBadgesRouter = router({
  counts: moderatorProcedure.query(({ ctx }) => pendingCounts(ctx.db, ctx.user.communityId ?? -1)),

  /** The sidebar badges, pushed whenever a sign-up, approval or event decision changes them. */
  live: moderatorProcedure.subscription(async function* ({ ctx, signal }) {
    const release = acquireSubscriptionSlot(ctx.request)
    const communityId = ctx.user.communityId ?? -1
    let unwatch = () => {}
    let live: AsyncIterator<unknown> | undefined
    try {
      const changes = ctx.bus.listen('admin', communityId, signal ?? new AbortController().signal)
      live = changes[Symbol.asyncIterator]()
      unwatch = await endOnSuspension(streamScope(ctx), () => void live?.return?.())
      await changes.ready
      yield pendingCounts(ctx.db, communityId)
      while (!(await live.next()).done) {
        if (!sessionStillValid(ctx.db, ctx.request)) break
        yield pendingCounts(ctx.db, communityId)
      }
    } finally {
      unwatch()
      // As a for-await loop would: a stream that stops on its own leaves the bus at once.
      void live?.return?.()
      release()
    }
  }),
})
