/** The banners of the admin's own community: listing, creating, editing, switching on and off, deleting. */
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { bannerInputSchema } from '../../shared/schemas/admin'
import { memberCommunityId } from '../communities/scope'
import { advertisements } from '../db/schema'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'
import type { AppServices } from '../services'
import { attachUploads, releaseUpload } from '../uploads/attach'

type BannerFields = z.output<typeof bannerInputSchema>
type BannerImage = { imageUrl: string; imageUploadId: string | null }
type Services = Pick<AppServices, 'db' | 'storage'>

const notFound = () => appError('BANNER_NOT_FOUND')

/**
 * An uploaded image becomes the banner's (and stops being an orphan); otherwise the URL typed in,
 * which keeps the current upload when it is the current picture.
 */
function bannerImage(
  { db, storage }: Services,
  admin: CurrentUser,
  input: BannerFields,
  current?: BannerImage,
): BannerImage {
  if (input.imageUploadId) {
    const [image] = attachUploads(db, storage, admin.id, [input.imageUploadId], 'banner')
    if (image) return { imageUrl: image.fullUrl, imageUploadId: image.id }
  }
  if (current && input.imageUrl === current.imageUrl) return current
  return { imageUrl: input.imageUrl, imageUploadId: null }
}

const ownBanner = (admin: CurrentUser, id: number) =>
  and(eq(advertisements.id, id), eq(advertisements.communityId, memberCommunityId(admin)))

export function communityBanners(services: Services, admin: CurrentUser) {
  return services.db
    .select()
    .from(advertisements)
    .where(eq(advertisements.communityId, memberCommunityId(admin)))
    .orderBy(asc(advertisements.placement), asc(advertisements.displayOrder), asc(advertisements.id))
    .all()
}

export function createBanner(services: Services, admin: CurrentUser, input: BannerFields) {
  return services.db.transaction(() => {
    const { imageUploadId: _upload, ...values } = input
    return services.db
      .insert(advertisements)
      .values({ ...values, ...bannerImage(services, admin, input), communityId: memberCommunityId(admin) })
      .returning({ id: advertisements.id })
      .get()
  })
}

export function updateBanner(services: Services, admin: CurrentUser, input: BannerFields & { id: number }) {
  const { db } = services
  return db.transaction(() => {
    const { id, imageUploadId: _upload, ...values } = input
    const previous = db
      .select({ imageUrl: advertisements.imageUrl, imageUploadId: advertisements.imageUploadId })
      .from(advertisements)
      .where(ownBanner(admin, id))
      .get()
    if (!previous) throw notFound()
    const image = bannerImage(services, admin, input, previous)
    // Any admin may replace a banner's picture, whoever uploaded it.
    if (image.imageUploadId !== previous.imageUploadId) releaseUpload(db, previous.imageUploadId, 'banner')
    return db
      .update(advertisements)
      .set({ ...values, ...image })
      .where(ownBanner(admin, id))
      .returning({ id: advertisements.id })
      .get()
  })
}

export function setBannerActive({ db }: Services, admin: CurrentUser, id: number, active: boolean) {
  const updated = db
    .update(advertisements)
    .set({ active })
    .where(ownBanner(admin, id))
    .returning({ id: advertisements.id, active: advertisements.active })
    .get()
  if (!updated) throw notFound()
  return updated
}

export function deleteBanner({ db }: Services, admin: CurrentUser, id: number) {
  const deleted = db
    .delete(advertisements)
    .where(ownBanner(admin, id))
    .returning({ id: advertisements.id, imageUploadId: advertisements.imageUploadId })
    .get()
  if (!deleted) throw notFound()
  releaseUpload(db, deleted.imageUploadId, 'banner')
  return { ok: true as const }
}
