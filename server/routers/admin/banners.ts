import { z } from 'zod'
import { bannerInputSchema } from '../../../shared/schemas/admin'
import { idInput } from '../../../shared/schemas/ids'
import {
  communityBanners,
  createBanner,
  deleteBanner,
  setBannerActive,
  updateBanner,
} from '../../banners/manage'
import { adminProcedure, router } from '../../trpc/init'

export const adminBannersRouter = router({
  list: adminProcedure.query(({ ctx }) => communityBanners(ctx, ctx.user)),

  create: adminProcedure
    .input(bannerInputSchema)
    .mutation(({ ctx, input }) => createBanner(ctx, ctx.user, input)),

  update: adminProcedure
    .input(bannerInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => updateBanner(ctx, ctx.user, input)),

  setActive: adminProcedure
    .input(idInput.extend({ active: z.boolean() }))
    .mutation(({ ctx, input }) => setBannerActive(ctx, ctx.user, input.id, input.active)),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => deleteBanner(ctx, ctx.user, input.id)),
})
