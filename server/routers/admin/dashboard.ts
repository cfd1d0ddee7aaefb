import { dashboardSummary, moderationLogOf } from '../../safety/moderation/dashboard'
import { moderatorProcedure, router } from '../../trpc/init'

export const adminDashboardRouter = router({
  /** The counters of the dashboard and sign-ups and new listings per week (last 8 weeks). */
  summary: moderatorProcedure.query(({ ctx }) => dashboardSummary(ctx, ctx.user)),

  /** Moderation log: who did what, to what, when and why. */
  log: moderatorProcedure.query(({ ctx }) => moderationLogOf(ctx, ctx.user)),
})
