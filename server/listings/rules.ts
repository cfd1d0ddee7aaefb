import { and, eq, sql } from 'drizzle-orm'
import type { CurrentUser } from '../auth/identity'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { listingImages, listings, listingViews, listingVupts, subcategories } from '../db/schema'
import { appError } from '../errors'
import { notBlockedWith } from '../safety/blocks'
import { attachUploads, releaseUploads } from '../uploads/attach'
import type { ImageStorage } from '../uploads/storage'
import { isLiveListing } from './visibility'

export const listingNotFound = () => appError('NOT_FOUND', 'LISTING_NOT_FOUND')

/** The subcategory must exist and belong to the chosen main category. */
export function checkCategory(db: Database, mainCategoryId: number, subcategoryId: number) {
  const sub = db
    .select({ mainCategoryId: subcategories.mainCategoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId))
    .get()
  if (!sub) throw appError('BAD_REQUEST', 'SUBCATEGORY_REQUIRED')
  if (sub.mainCategoryId !== mainCategoryId) {
    throw appError('BAD_REQUEST', 'SUBCATEGORY_MISMATCH')
  }
}

/** The owner's listing, or NOT_FOUND: another user's id reveals nothing. */
export function ownListing(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({ id: listings.id, moderationStatus: listings.moderationStatus })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.sellerId, user.id)))
    .get()
  if (!row) throw listingNotFound()
  return row
}

export function replaceImages(
  { db, storage }: { db: Database; storage: ImageStorage },
  userId: number,
  listingId: number,
  imageIds: string[],
) {
  const previous = db
    .select({ uploadId: listingImages.uploadId })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .all()
  const attached = attachUploads(db, storage, userId, imageIds, 'listing')
  db.delete(listingImages).where(eq(listingImages.listingId, listingId)).run()
  db.insert(listingImages)
    .values(
      attached.map((image, position) => ({
        listingId,
        uploadId: image.id,
        position,
        cardUrl: image.cardUrl,
        fullUrl: image.fullUrl,
        width: image.width,
        height: image.height,
      })),
    )
    .run()
  const dropped = previous.flatMap((row) =>
    row.uploadId && !imageIds.includes(row.uploadId) ? [row.uploadId] : [],
  )
  if (dropped.length > 0) releaseUploads(db, dropped)
}

/** A live listing of the member's community, or NOT_FOUND. */
export function visibleListing(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(
      and(
        eq(listings.id, id),
        eq(listings.communityId, memberCommunityId(user)),
        isLiveListing,
        notBlockedWith(user.id, listings.sellerId),
      ),
    )
    .get()
  if (!row) throw listingNotFound()
  return row
}

/** Counts one view per member per day; the owner's own visits never count. Returns the new total. */
export function recordView(db: Database, listing: { id: number; views: number }, viewerId: number): number {
  return db.transaction((tx) => {
    const day = new Date().toISOString().slice(0, 10)
    const inserted = tx
      .insert(listingViews)
      .values({ listingId: listing.id, viewerId, day })
      .onConflictDoNothing()
      .run()
    if (inserted.changes === 0) return listing.views
    tx.update(listings)
      .set({ views: sql`${listings.views} + 1` })
      .where(eq(listings.id, listing.id))
      .run()
    return listing.views + 1
  })
}

/** One Vupt per member per listing; the counter moves in the same transaction as the row. */
export function setVupt(db: Database, user: CurrentUser, id: number, vupt: boolean) {
  const listing = visibleListing(db, user, id)
  if (listing.sellerId === user.id) throw appError('FORBIDDEN', 'OWN_LISTING_VUPT')
  return db.transaction((tx) => {
    const changed = vupt
      ? tx.insert(listingVupts).values({ userId: user.id, listingId: id }).onConflictDoNothing().run()
      : tx
          .delete(listingVupts)
          .where(and(eq(listingVupts.userId, user.id), eq(listingVupts.listingId, id)))
          .run()
    if (changed.changes > 0) {
      tx.update(listings)
        .set({ vuptsCount: sql`${listings.vuptsCount} + ${vupt ? 1 : -1}` })
        .where(eq(listings.id, id))
        .run()
    }
    const after = tx
      .select({ vuptsCount: listings.vuptsCount })
      .from(listings)
      .where(eq(listings.id, id))
      .get()
    return { id, vupt, vuptsCount: after?.vuptsCount ?? 0, added: vupt && changed.changes > 0 }
  })
}

/** Deletes an own listing and hands its photos back to the orphan sweep. */
export function deleteListing(db: Database, user: CurrentUser, id: number): void {
  ownListing(db, user, id)
  db.transaction(() => {
    const images = db
      .select({ uploadId: listingImages.uploadId })
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .all()
    db.delete(listings).where(eq(listings.id, id)).run()
    const uploadIds = images.flatMap((image) => (image.uploadId ? [image.uploadId] : []))
    if (uploadIds.length > 0) releaseUploads(db, uploadIds)
  })
}
