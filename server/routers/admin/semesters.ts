import { idInput } from '../../../shared/schemas/ids'
import { extendReverificationSchema, semesterInputSchema } from '../../../shared/schemas/semesters'
import { memberCommunityId } from '../../communities/scope'
import { createSemester, deleteSemester, listSemesters, updateSemester } from '../../semesters/calendar'
import { extendReverification, pendingReverifications } from '../../semesters/reverification-admin'
import { adminProcedure, router } from '../../trpc/init'

/** The Semestres section: the community's calendar and who still owes the semester's confirmation. */
export const adminSemestersRouter = router({
  list: adminProcedure.query(({ ctx }) => listSemesters(ctx.db, memberCommunityId(ctx.user))),

  create: adminProcedure
    .input(semesterInputSchema)
    .mutation(({ ctx, input }) => createSemester(ctx.db, memberCommunityId(ctx.user), input)),

  update: adminProcedure.input(semesterInputSchema.and(idInput)).mutation(({ ctx, input }) => {
    const { id, ...fields } = input
    return updateSemester(ctx.db, memberCommunityId(ctx.user), id, fields)
  }),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteSemester(ctx.db, memberCommunityId(ctx.user), input.id)
    return { ok: true as const }
  }),

  pending: adminProcedure.query(({ ctx }) => pendingReverifications(ctx.db, ctx.user)),

  extend: adminProcedure
    .input(extendReverificationSchema)
    .mutation(({ ctx, input }) => extendReverification(ctx, ctx.user, input.userId, input.until)),
})
