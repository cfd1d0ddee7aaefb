import { type Placeholder, sql } from 'drizzle-orm'
import { RATING_MIN_REVIEWS } from '../../shared/reviews'
import {
  courses,
  disciplines,
  favorites,
  listingDisciplines,
  listingImages,
  listings,
  mainCategories,
  memberRatings,
  profiles,
} from '../db/schema'

/** The listing's cover: the card-size rendition of its first photo, or null. */
export const coverImageUrl = () => sql<string | null>`(select ${listingImages.cardUrl} from ${listingImages}
  where ${listingImages.listingId} = ${listings.id} order by ${listingImages.position} limit 1)`

/**
 * The seller's average stars, or null below RATING_MIN_REVIEWS visible reviews (never a lone 5.0): a
 * primary-key read of the sums the triggers keep on `reviews`, not a scan of the reviews, per card.
 */
export const sellerAverageColumn = () =>
  sql<number | null>`(select case when ${memberRatings.reviews} >= ${RATING_MIN_REVIEWS}
    then ${memberRatings.starsSum} * 1.0 / ${memberRatings.reviews} end
    from ${memberRatings} where ${memberRatings.userId} = ${listings.sellerId})`

/**
 * The card's course tag: the listing's disciplines by name ("Cálculo I, Física I"), or its course's
 * name when it has none; null for an untagged listing. Primary-key reads, per card.
 */
export const courseTagColumn = () =>
  sql<string | null>`case when ${listings.courseId} is null then null else coalesce(
    (select group_concat(${disciplines.name}, ', ') from ${listingDisciplines}
      join ${disciplines} on ${disciplines.id} = ${listingDisciplines.disciplineId}
      where ${listingDisciplines.listingId} = ${listings.id}),
    (select ${courses.name} from ${courses} where ${courses.id} = ${listings.courseId})) end`

/** Who is looking: a member's id (or, in a prepared query, its placeholder); none for a visitor. */
export type ViewerRef = number | Placeholder | null | undefined

/**
 * The select list of a listing card, shared by every list of listings: what the card shows and no more
 * (a page of 24 travels in every portal answer; a list that shows more adds its own columns).
 */
/** How a card's computed flags read (SQLite answers 0 or 1): for their `.mapWith()` and for rowReader alike. */
export const CARD_DECODERS = { reserved: Boolean, isFavorite: Boolean } as const

export function cardColumns(viewerId: ViewerRef) {
  return {
    id: listings.id,
    title: listings.title,
    priceCents: listings.priceCents,
    vuptsCount: listings.vuptsCount,
    mainCategoryName: mainCategories.name,
    imageUrl: coverImageUrl(),
    sellerFullName: profiles.fullName,
    sellerCourse: profiles.course,
    sellerAverage: sellerAverageColumn(),
    courseTag: courseTagColumn(),
    /** "Reservado": held by its seller for a buyer, still live in every list and sort. */
    reserved: sql<boolean>`${listings.reservedByDealId} is not null`.mapWith(CARD_DECODERS.reserved),
    isFavorite: viewerId
      ? sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${viewerId}
          and ${favorites.listingId} = ${listings.id})`.mapWith(CARD_DECODERS.isFavorite)
      : sql<boolean>`0`.mapWith(CARD_DECODERS.isFavorite),
  }
}
