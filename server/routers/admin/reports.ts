import { resolveReportSchema } from '../../../shared/schemas/safety'
import { reportQueue, resolveReports } from '../../safety/reports'
import { moderatorProcedure, router } from '../../trpc/init'

/** The Denúncias queue: moderators and admins, their own community only. */
export const adminReportsRouter = router({
  queue: moderatorProcedure.query(({ ctx }) => reportQueue(ctx.db, ctx.user.communityId ?? -1)),

  resolve: moderatorProcedure
    .input(resolveReportSchema)
    .mutation(({ ctx, input }) => resolveReports(ctx, ctx.user, input)),
})
