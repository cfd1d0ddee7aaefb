import { asc, eq, sql } from 'drizzle-orm'
import { cardRenditionWidth } from '../../shared/renditions'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import {
  conversations,
  courses,
  disciplines,
  favorites,
  listingDisciplines,
  listingImages,
  listings,
  listingVupts,
  mainCategories,
  profiles,
  subcategories,
  uploads,
} from '../db/schema'
import type { CurrentUser } from '../people/auth/identity'
import { memberChipColumns } from '../people/profiles/member-columns'
import { blockedBetween } from '../safety/blocks'
import type { AppServices } from '../services'
import { phoneRenditionOf } from '../uploads/urls'
import { matchesOfListing } from '../wanted/matching'
import { sellerAverageColumn } from './card'
import { hyphenatedIsbn } from './isbn'
import { listingNotFound, recordView } from './rules'
import { isLive } from './visibility'

/** One listing with its seller and categories, whatever its state: callers decide who may see it. */
function listingRow(db: Database, id: number) {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      priceCents: listings.priceCents,
      condition: listings.condition,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
      hold: listings.hold,
      expiresAt: listings.expiresAt,
      listedAt: listings.listedAt,
      removalReason: listings.removalReason,
      views: listings.views,
      vuptsCount: listings.vuptsCount,
      createdAt: listings.createdAt,
      communityId: listings.communityId,
      mainCategoryId: listings.mainCategoryId,
      subcategoryId: listings.subcategoryId,
      mainCategorySlug: mainCategories.slug,
      mainCategoryName: mainCategories.name,
      subcategoryName: subcategories.name,
      courseId: listings.courseId,
      courseName: courses.name,
      isbn: listings.isbn,
      seller: {
        id: profiles.userId,
        ...memberChipColumns,
        course: profiles.course,
        university: profiles.university,
        /** Null below three visible reviews. */
        averageRating: sellerAverageColumn(),
      },
    })
    .from(listings)
    .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
    .leftJoin(mainCategories, eq(mainCategories.id, listings.mainCategoryId))
    .leftJoin(subcategories, eq(subcategories.id, listings.subcategoryId))
    .leftJoin(courses, eq(courses.id, listings.courseId))
    .where(eq(listings.id, id))
    .get()
}

/** The listing's disciplines, by name, and its ISBN as printed. */
function tagsOf(db: Database, row: { id: number; isbn: string | null }) {
  return {
    disciplines: db
      .select({ id: disciplines.id, name: disciplines.name, code: disciplines.code })
      .from(listingDisciplines)
      .innerJoin(disciplines, eq(disciplines.id, listingDisciplines.disciplineId))
      .where(eq(listingDisciplines.listingId, row.id))
      .orderBy(asc(disciplines.foldedName))
      .all(),
    isbnDisplay: row.isbn ? hyphenatedIsbn(row.isbn) : null,
  }
}

function photosOf({ db, storage }: Pick<AppServices, 'db' | 'storage'>, listingId: number) {
  return db
    .select({
      uploadId: listingImages.uploadId,
      cardUrl: listingImages.cardUrl,
      fullUrl: listingImages.fullUrl,
      width: listingImages.width,
      height: listingImages.height,
      fullKey: uploads.fullKey,
      phoneKey: uploads.phoneKey,
    })
    .from(listingImages)
    .leftJoin(uploads, eq(uploads.id, listingImages.uploadId))
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.position))
    .all()
    .map(({ uploadId, fullKey, phoneKey, ...image }) => {
      // Photos stored before sizes were recorded have none, and get no srcset.
      const sized = image.width && image.height ? { width: image.width, height: image.height } : null
      return {
        id: uploadId,
        cardUrl: image.cardUrl,
        cardWidth: sized ? cardRenditionWidth(sized.width, sized.height) : null,
        ...(sized
          ? phoneRenditionOf(storage, { phoneKey, fullKey, ...sized })
          : { phoneUrl: null, phoneWidth: null }),
        fullUrl: image.fullUrl,
        width: image.width,
        height: image.height,
      }
    })
}

/**
 * The listing page: a live listing of the member's community whose seller is not blocked either way,
 * or any own listing. Counts one view per member per day. The seller also reads the Procura-se posts
 * the listing answered.
 */
export function listingForMember(
  services: Pick<AppServices, 'db' | 'storage'>,
  user: CurrentUser,
  id: number,
) {
  const { db } = services
  const row = listingRow(db, id)
  const isOwner = row?.seller.id === user.id
  if (!row || row.communityId !== user.communityId || (!isLive(row) && !isOwner)) throw listingNotFound()
  if (!isOwner && blockedBetween(db, user.id, row.seller.id)) throw listingNotFound()

  const views = isOwner ? row.views : recordView(db, row, user.id)
  const viewerState = db
    .select({
      favorite:
        sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${user.id} and ${favorites.listingId} = ${row.id})`.mapWith(
          Boolean,
        ),
      vupt: sql<boolean>`exists (select 1 from ${listingVupts} where ${listingVupts.userId} = ${user.id} and ${listingVupts.listingId} = ${row.id})`.mapWith(
        Boolean,
      ),
      // An egresso may write to a seller they already talk to, and start no new conversation.
      talking:
        sql<boolean>`exists (select 1 from ${conversations} where ${conversations.participantOne} = ${Math.min(user.id, row.seller.id)} and ${conversations.participantTwo} = ${Math.max(user.id, row.seller.id)})`.mapWith(
          Boolean,
        ),
    })
    .from(sql`(select 1)`)
    .get()
  const { communityId: _community, ...listing } = row
  return {
    ...listing,
    ...tagsOf(db, row),
    views,
    images: photosOf(services, row.id),
    isOwner,
    isFavorite: viewerState?.favorite ?? false,
    hasVupt: viewerState?.vupt ?? false,
    hasConversation: viewerState?.talking ?? false,
    wantedMatches: isOwner ? matchesOfListing(db, user, row.id) : [],
  }
}

/**
 * Admin → Anúncios: any listing of the moderator's own community, live or not, as it stands, with its
 * state and the removal reason. Read-only; nothing here counts a view.
 */
export function listingForStaff(
  services: Pick<AppServices, 'db' | 'storage'>,
  staff: CurrentUser,
  id: number,
) {
  const { db } = services
  const row = listingRow(db, id)
  if (!row || row.communityId !== memberCommunityId(staff)) throw listingNotFound()
  const { communityId: _community, views, vuptsCount, ...listing } = row
  return {
    ...listing,
    ...tagsOf(db, row),
    views,
    vuptsCount,
    images: photosOf(services, row.id),
    isLive: isLive(row),
  }
}
