import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AD_PLACEMENTS } from '../../shared/domain'
import { cardRenditionWidth } from '../../shared/renditions'
import { resolveCommunityId } from '../communities/scope'
import { advertisements, uploads } from '../db/schema'
import { publicProcedure, router } from '../trpc/init'

export const bannersRouter = router({
  /** The active banners of one placement, in display order (the portal shows the first, or rotates them). */
  active: publicProcedure
    .input(z.object({ placement: z.enum(AD_PLACEMENTS), communitySlug: z.string().max(50).optional() }))
    .query(({ ctx, input }) =>
      ctx.db
        .select({
          id: advertisements.id,
          title: advertisements.title,
          description: advertisements.description,
          imageUrl: advertisements.imageUrl,
          linkUrl: advertisements.linkUrl,
          cardKey: uploads.cardKey,
          width: uploads.width,
          height: uploads.height,
        })
        .from(advertisements)
        // An uploaded image also has its card rendition, which is all a phone needs.
        .leftJoin(uploads, eq(uploads.id, advertisements.imageUploadId))
        .where(
          and(
            eq(advertisements.communityId, resolveCommunityId(ctx, input.communitySlug)),
            eq(advertisements.placement, input.placement),
            eq(advertisements.active, true),
          ),
        )
        .orderBy(asc(advertisements.displayOrder), asc(advertisements.id))
        .limit(10)
        .all()
        .map(({ cardKey, width, height, ...banner }) => ({
          ...banner,
          renditions:
            cardKey && width && height
              ? {
                  cardUrl: ctx.storage.urlFor(cardKey),
                  cardWidth: cardRenditionWidth(width, height),
                  fullWidth: width,
                }
              : null,
        })),
    ),
})
