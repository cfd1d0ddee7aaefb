import {
  courseImportSchema,
  courseInputSchema,
  courseUpdateSchema,
  disciplineInputSchema,
  disciplineUpdateSchema,
  legacyCourseMapSchema,
} from '../../../shared/schemas/courses'
import { idInput } from '../../../shared/schemas/ids'
import { memberCommunityId } from '../../communities/scope'
import { importCourses } from '../../courses/import'
import { legacyCourses, mapLegacyCourse } from '../../courses/legacy'
import {
  createCourse,
  createDiscipline,
  deleteCourse,
  deleteDiscipline,
  exampleCourseIds,
  listCourses,
  membersPerCourse,
  renameCourse,
  updateDiscipline,
} from '../../courses/list'
import { adminProcedure, router } from '../../trpc/init'

/** The Cursos section: the community's courses and disciplines, the CSV import, the written courses to map. */
export const adminCoursesRouter = router({
  list: adminProcedure.query(({ ctx }) => {
    const communityId = memberCommunityId(ctx.user)
    const examples = exampleCourseIds(ctx.db, communityId)
    return {
      courses: listCourses(ctx.db, communityId).map((course) => ({
        ...course,
        example: examples.has(course.id),
      })),
      members: membersPerCourse(ctx.db, communityId),
      legacy: legacyCourses(ctx.db, communityId),
    }
  }),

  create: adminProcedure
    .input(courseInputSchema)
    .mutation(({ ctx, input }) => createCourse(ctx.db, memberCommunityId(ctx.user), input.name)),

  rename: adminProcedure.input(courseUpdateSchema).mutation(({ ctx, input }) => {
    renameCourse(ctx.db, memberCommunityId(ctx.user), input.id, input.name)
    return { ok: true as const }
  }),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteCourse(ctx.db, memberCommunityId(ctx.user), input.id)
    return { ok: true as const }
  }),

  createDiscipline: adminProcedure
    .input(disciplineInputSchema)
    .mutation(({ ctx, input }) => createDiscipline(ctx.db, memberCommunityId(ctx.user), input)),

  updateDiscipline: adminProcedure.input(disciplineUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input
    updateDiscipline(ctx.db, memberCommunityId(ctx.user), id, fields)
    return { ok: true as const }
  }),

  deleteDiscipline: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteDiscipline(ctx.db, memberCommunityId(ctx.user), input.id)
    return { ok: true as const }
  }),

  /** All or nothing: a file with a bad line imports nothing and names each bad line. */
  import: adminProcedure
    .input(courseImportSchema)
    .mutation(({ ctx, input }) => importCourses(ctx.db, memberCommunityId(ctx.user), input.csv)),

  mapLegacy: adminProcedure
    .input(legacyCourseMapSchema)
    .mutation(({ ctx, input }) =>
      mapLegacyCourse(ctx.db, memberCommunityId(ctx.user), input.text, input.courseId),
    ),
})
