import { and, asc, eq } from 'drizzle-orm'
import type { BannerPlacement } from '../../shared/domain'
import { advertisements, uploads } from '../db/schema'
import type { AppServices } from '../services'
import { renditionsOf } from '../uploads/urls'

/** The active banners of one placement of a community, in display order (the portal shows the first, or rotates them). */
export function activeBanners(
  { db, storage }: Pick<AppServices, 'db' | 'storage'>,
  communityId: number,
  placement: BannerPlacement,
) {
  return (
    db
      .select({
        id: advertisements.id,
        title: advertisements.title,
        description: advertisements.description,
        imageUrl: advertisements.imageUrl,
        linkUrl: advertisements.linkUrl,
        cardKey: uploads.cardKey,
        phoneKey: uploads.phoneKey,
        fullKey: uploads.fullKey,
        width: uploads.width,
        height: uploads.height,
      })
      .from(advertisements)
      // An uploaded image also has its card and phone renditions.
      .leftJoin(uploads, eq(uploads.id, advertisements.imageUploadId))
      .where(
        and(
          eq(advertisements.communityId, communityId),
          eq(advertisements.placement, placement),
          eq(advertisements.active, true),
        ),
      )
      .orderBy(asc(advertisements.displayOrder), asc(advertisements.id))
      .limit(10)
      .all()
      .map(({ cardKey, phoneKey, fullKey, width, height, ...banner }) => ({
        ...banner,
        renditions: renditionsOf(storage, { cardKey, phoneKey, fullKey, width, height }),
      }))
  )
}
