import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { bannerInputSchema } from '../../../shared/schemas/admin'
import { memberCommunityId } from '../../communities/scope'
import { advertisements } from '../../db/schema'
import { appError } from '../../errors'
import type { ApprovedCtx } from '../../trpc/context'
import { adminProcedure, router } from '../../trpc/init'
import { attachUploads, releaseUpload } from '../../uploads/attach'

const idInput = z.object({ id: z.number().int().positive() })
const notFound = () => appError('NOT_FOUND', 'BANNER_NOT_FOUND')

type BannerImage = { imageUrl: string; imageUploadId: string | null }

/**
 * An uploaded image becomes the banner's (and stops being an orphan); otherwise the URL typed in,
 * which keeps the current upload when it is the current picture.
 */
function bannerImage(
  ctx: ApprovedCtx,
  input: z.infer<typeof bannerInputSchema>,
  current?: BannerImage,
): BannerImage {
  if (input.imageUploadId) {
    const [image] = attachUploads(ctx.db, ctx.storage, ctx.user.id, [input.imageUploadId], 'banner')
    if (image) return { imageUrl: image.fullUrl, imageUploadId: image.id }
  }
  if (current && input.imageUrl === current.imageUrl) return current
  return { imageUrl: input.imageUrl, imageUploadId: null }
}

const ownBanner = (ctx: ApprovedCtx, id: number) =>
  and(eq(advertisements.id, id), eq(advertisements.communityId, memberCommunityId(ctx.user)))

export const adminBannersRouter = router({
  list: adminProcedure.query(({ ctx }) =>
    ctx.db
      .select()
      .from(advertisements)
      .where(eq(advertisements.communityId, memberCommunityId(ctx.user)))
      .orderBy(asc(advertisements.placement), asc(advertisements.displayOrder), asc(advertisements.id))
      .all(),
  ),

  create: adminProcedure.input(bannerInputSchema).mutation(({ ctx, input }) =>
    ctx.db.transaction(() => {
      const { imageUploadId: _upload, ...values } = input
      return ctx.db
        .insert(advertisements)
        .values({ ...values, ...bannerImage(ctx, input), communityId: memberCommunityId(ctx.user) })
        .returning({ id: advertisements.id })
        .get()
    }),
  ),

  update: adminProcedure
    .input(bannerInputSchema.extend({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) =>
      ctx.db.transaction(() => {
        const { id, imageUploadId: _upload, ...values } = input
        const previous = ctx.db
          .select({ imageUrl: advertisements.imageUrl, imageUploadId: advertisements.imageUploadId })
          .from(advertisements)
          .where(ownBanner(ctx, id))
          .get()
        if (!previous) throw notFound()
        const image = bannerImage(ctx, input, previous)
        // Any admin may replace a banner's picture, whoever uploaded it.
        if (image.imageUploadId !== previous.imageUploadId)
          releaseUpload(ctx.db, previous.imageUploadId, 'banner')
        return ctx.db
          .update(advertisements)
          .set({ ...values, ...image })
          .where(ownBanner(ctx, id))
          .returning({ id: advertisements.id })
          .get()
      }),
    ),

  setActive: adminProcedure.input(idInput.extend({ active: z.boolean() })).mutation(({ ctx, input }) => {
    const updated = ctx.db
      .update(advertisements)
      .set({ active: input.active })
      .where(ownBanner(ctx, input.id))
      .returning({ id: advertisements.id, active: advertisements.active })
      .get()
    if (!updated) throw notFound()
    return updated
  }),

  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    const deleted = ctx.db
      .delete(advertisements)
      .where(ownBanner(ctx, input.id))
      .returning({ id: advertisements.id, imageUploadId: advertisements.imageUploadId })
      .get()
    if (!deleted) throw notFound()
    releaseUpload(ctx.db, deleted.imageUploadId, 'banner')
    return { ok: true as const }
  }),
})
