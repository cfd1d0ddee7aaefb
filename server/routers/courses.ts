import { z } from 'zod'
import { resolveCommunityId } from '../communities/scope'
import { listCourses } from '../courses/list'
import { publicProcedure, router } from '../trpc/init'

const communityInput = z.object({ communitySlug: z.string().max(50).optional() }).optional()

export const coursesRouter = router({
  /** The community's courses and their disciplines: what sign-up, the profile, selling and filters offer. */
  list: publicProcedure
    .input(communityInput)
    .query(({ ctx, input }) => listCourses(ctx.db, resolveCommunityId(ctx, input?.communitySlug))),
})
