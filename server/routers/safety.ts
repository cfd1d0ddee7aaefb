import { barrierReportSchema, blockInputSchema, reportInputSchema } from '../../shared/schemas/safety'
import { releaseSeatsAcrossBlock } from '../events/blocked-seats'
import { blockedByMember, blockMember, unblockMember } from '../safety/blocks'
import { createBarrierReport, createReport, reportsBy } from '../safety/reports/create'
import { approvedProcedure, router } from '../trpc/init'

/** Reporting and blocking, for members. */
export const safetyRouter = router({
  report: approvedProcedure
    .input(reportInputSchema)
    .mutation(({ ctx, input }) => createReport(ctx, ctx.user, input)),

  /** The accessibility statement's "Relatar uma barreira": it reaches the moderators like a report. */
  reportBarrier: approvedProcedure
    .input(barrierReportSchema)
    .mutation(({ ctx, input }) => createBarrierReport(ctx, ctx.user, input)),

  /** Minha Conta: the member's reports and their outcome. */
  myReports: approvedProcedure.query(({ ctx }) => reportsBy(ctx.db, ctx.user.id)),

  block: approvedProcedure.input(blockInputSchema).mutation(({ ctx, input }) => {
    blockMember(ctx.db, ctx.user, input.userId)
    releaseSeatsAcrossBlock(ctx, ctx.user.id, input.userId)
    return { userId: input.userId, blocked: true as const }
  }),

  unblock: approvedProcedure.input(blockInputSchema).mutation(({ ctx, input }) => {
    unblockMember(ctx.db, ctx.user, input.userId)
    return { userId: input.userId, blocked: false as const }
  }),

  /** Minha Conta: the people the member blocked. */
  blocked: approvedProcedure.query(({ ctx }) => blockedByMember(ctx.db, ctx.user.id)),
})
