import { z } from 'zod'
import { BANNER_PLACEMENTS } from '../../shared/domain'
import { activeBanners } from '../banners/portal'
import { resolveCommunityId } from '../communities/scope'
import { publicProcedure, router } from '../trpc/init'

export const bannersRouter = router({
  /** The active banners of one placement, in display order (the portal shows the first, or rotates them). */
  active: publicProcedure
    .input(z.object({ placement: z.enum(BANNER_PLACEMENTS), communitySlug: z.string().max(50).optional() }))
    .query(({ ctx, input }) =>
      activeBanners(ctx, resolveCommunityId(ctx, input.communitySlug), input.placement),
    ),
})
