import { resolveReportSchema } from '../../../shared/schemas/safety'
import { memberCommunityId } from '../../communities/scope'
import { resolveReports } from '../../safety/reports/decide'
import { reportQueue } from '../../safety/reports/queue'
import { moderatorProcedure, router } from '../../trpc/init'

/** The Denúncias queue: moderators and admins, their own community only. */
export const adminReportsRouter = router({
  queue: moderatorProcedure.query(({ ctx }) => reportQueue(ctx.db, memberCommunityId(ctx.user))),

  resolve: moderatorProcedure
    .input(resolveReportSchema)
    .mutation(({ ctx, input }) => resolveReports(ctx, ctx.user, input)),
})
