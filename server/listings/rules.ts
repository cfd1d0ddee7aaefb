import { and, eq, sql } from 'drizzle-orm'
import type { ListingStatus } from '../../shared/domain'
import type { ListingInput } from '../../shared/schemas/listing'
import { memberCommunityId } from '../communities/scope'
import { resolveListingTags, writeListingTags } from '../courses/tags'
import type { Database } from '../db/client'
import { uncountedWrite } from '../db/data-version'
import { rowWhere, valuesWhere } from '../db/rows'
import { favorites, listingImages, listings, listingViews, listingVupts, subcategories } from '../db/schema'
import { closeOffersOffSale } from '../deals/offer-ends'
import { appError } from '../errors'
import { assertNotForbidden, queueForReview } from '../integrity/rules'
import { notifyListingReaction } from '../notifications/kinds'
import type { CurrentUser } from '../people/auth/identity'
import { consumeAll } from '../rate-limits'
import type { EventBus } from '../realtime/bus'
import { notBlockedWith } from '../safety/blocks'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { attachUploads, releaseUploads } from '../uploads/attach'
import type { ImageStorage } from '../uploads/storage'
import { matchNewListing } from '../wanted/matching'
import { notifyPriceDrop } from './price-drop'
import { isLiveListing } from './visibility'

export const listingNotFound = () => appError('LISTING_NOT_FOUND')

/** The subcategory must exist and belong to the chosen main category. */
export function checkCategory(db: Database, mainCategoryId: number, subcategoryId: number) {
  const sub = rowWhere(db, subcategories, 'id', subcategoryId, ['mainCategoryId'])
  if (!sub) throw appError('SUBCATEGORY_REQUIRED')
  if (sub.mainCategoryId !== mainCategoryId) {
    throw appError('SUBCATEGORY_MISMATCH')
  }
}

/** The owner's listing, or NOT_FOUND: another user's id reveals nothing. */
export function ownListing(db: Database, user: CurrentUser, id: number) {
  const row = db
    .select({ id: listings.id, moderationStatus: listings.moderationStatus, priceCents: listings.priceCents })
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
  const previous = valuesWhere(db, listingImages, 'listingId', listingId, 'uploadId')
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
  const dropped = previous.flatMap((uploadId) => (uploadId && !imageIds.includes(uploadId) ? [uploadId] : []))
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

/**
 * Counts one view per member per day; the owner's own visits never count. Returns the new total. The
 * count does not discard the portal's answers kept in memory (an uncounted write): a page of cards
 * opened by every member would otherwise be computed again after each of their first views of the day.
 */
export function recordView(db: Database, listing: { id: number; views: number }, viewerId: number): number {
  return uncountedWrite(db.$client, () =>
    db.transaction((tx) => {
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
    }),
  )
}

/**
 * One Vupt per member per listing; the counter moves in the same transaction as the row. A new Vupt
 * tells the seller (batched with favorites, see notifyListingReaction).
 */
export function setVupt(services: AppServices, user: CurrentUser, id: number, vupt: boolean) {
  const { db } = services
  const listing = visibleListing(db, user, id)
  if (listing.sellerId === user.id) throw appError('OWN_LISTING_VUPT')
  const result = db.transaction((tx) => {
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
    const after = rowWhere(tx, listings, 'id', id, ['vuptsCount'])
    return { id, vupt, vuptsCount: after?.vuptsCount ?? 0, added: vupt && changed.changes > 0 }
  })
  if (result.added) notifyListingReaction(services, id, user.id)
  return { id: result.id, vupt: result.vupt, vuptsCount: result.vuptsCount }
}

/** Deletes an own listing and hands its photos back to the orphan sweep. */
export function deleteListing(db: Database, user: CurrentUser, id: number): void {
  ownListing(db, user, id)
  db.transaction(() => {
    const images = valuesWhere(db, listingImages, 'listingId', id, 'uploadId')
    db.delete(listings).where(eq(listings.id, id)).run()
    const uploadIds = images.flatMap((uploadId) => (uploadId ? [uploadId] : []))
    if (uploadIds.length > 0) releaseUploads(db, uploadIds)
  })
}

/** The columns the sell form writes, on publishing and on editing (the photos and tags go separately). */
const listingFields = ({
  imageIds: _photos,
  courseId: _course,
  disciplineIds: _disciplines,
  isbn: _isbn,
  ...fields
}: ListingInput) => fields

/** 'Publicar': a live listing of the seller's community, then the Procura-se posts it answers are told. */
export async function publishListing(services: AppServices, user: CurrentUser, input: ListingInput) {
  const { db } = services
  assertMayPublish(db, user)
  checkCategory(db, input.mainCategoryId, input.subcategoryId)
  const communityId = memberCommunityId(user)
  const review = assertNotForbidden(db, communityId, [input.title, input.description])
  const tags = resolveListingTags(db, communityId, input)
  await consumeAll([[services.rateLimits.listingsByUser, String(user.id)]], () =>
    appError('LISTINGS_DAILY_LIMIT'),
  )
  const created = db.transaction(() => {
    const row = db
      .insert(listings)
      .values({
        communityId,
        sellerId: user.id,
        ...listingFields(input),
        courseId: tags.courseId,
        isbn: tags.isbn,
      })
      .returning({ id: listings.id })
      .get()
    replaceImages(services, user.id, row.id, input.imageIds)
    writeListingTags(db, row.id, tags)
    return row
  })
  queueForReview(services, {
    communityId,
    authorId: user.id,
    target: { type: 'listing', id: created.id },
    rules: review,
  })
  matchNewListing(services, created.id)
  return created
}

/** The seller edits their listing (not one the moderation removed); a lower price tells its favoriters. */
export async function editListing(services: AppServices, user: CurrentUser, id: number, input: ListingInput) {
  const { db } = services
  const listing = ownListing(db, user, id)
  if (listing.moderationStatus === 'removed') throw appError('LISTING_REMOVED_NOT_EDITABLE')
  assertMayPublish(db, user)
  checkCategory(db, input.mainCategoryId, input.subcategoryId)
  const communityId = memberCommunityId(user)
  const review = assertNotForbidden(db, communityId, [input.title, input.description])
  const tags = resolveListingTags(db, communityId, input)
  await consumeAll([[services.rateLimits.listingEditsByUser, String(user.id)]])
  db.transaction(() => {
    db.update(listings)
      .set({ ...listingFields(input), courseId: tags.courseId, isbn: tags.isbn })
      .where(eq(listings.id, id))
      .run()
    replaceImages(services, user.id, id, input.imageIds)
    writeListingTags(db, id, tags)
  })
  queueForReview(services, { communityId, authorId: user.id, target: { type: 'listing', id }, rules: review })
  if (input.priceCents < listing.priceCents) notifyPriceDrop(services, id, listing.priceCents)
}

/** Ativo, vendido or inativo, by the seller; a listing the moderation removed stays removed. */
export function setListingStatus(
  db: Database,
  user: CurrentUser,
  id: number,
  status: ListingStatus,
  bus: EventBus,
) {
  const listing = ownListing(db, user, id)
  if (listing.moderationStatus === 'removed') {
    throw appError('LISTING_REMOVED_NOT_REACTIVABLE')
  }
  // Selling or pausing stays open to an egresso; putting a listing back on sale is publishing.
  if (status === 'ativo') assertMayPublish(db, user)
  db.update(listings).set({ status }).where(eq(listings.id, id)).run()
  if (status !== 'ativo') closeOffersOffSale(db, bus)
}

/**
 * Adds a live listing to the member's favorites (telling its seller once), or takes any listing off:
 * one sold or removed since can leave the list, which reveals nothing.
 */
export function setFavorite(services: AppServices, user: CurrentUser, id: number, favorite: boolean) {
  const { db } = services
  if (!favorite) {
    db.delete(favorites)
      .where(and(eq(favorites.userId, user.id), eq(favorites.listingId, id)))
      .run()
    return
  }
  visibleListing(db, user, id)
  const added = db.insert(favorites).values({ userId: user.id, listingId: id }).onConflictDoNothing().run()
  if (added.changes > 0) notifyListingReaction(services, id, user.id)
}
