import { snapshotStream } from '../../realtime/snapshot-stream'
import { streamScope } from '../../realtime/subscriptions'
import { pendingCounts } from '../../safety/moderation/badges'
import { moderatorProcedure, router } from '../../trpc/init'

export const adminBadgesRouter = router({
  counts: moderatorProcedure.query(({ ctx }) => pendingCounts(ctx.db, ctx.user.communityId ?? -1)),

  /** The sidebar badges, pushed whenever a sign-up, approval or event decision changes them. */
  live: moderatorProcedure.subscription(({ ctx, signal }) => {
    const communityId = ctx.user.communityId ?? -1
    return snapshotStream(
      streamScope(ctx),
      'admin',
      communityId,
      signal,
      ({ db }) => pendingCounts(db, communityId),
      {
        waitUntilListening: true,
      },
    )
  }),
})
