import { eq } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/sqlite-core'
import type { ListingHold, ListingStatus, ModerationStatus } from '../../shared/domain'
import type { Database } from '../db/client'
import { listings, liveListingCondition, mainCategories, profiles } from '../db/schema'
import { cardColumns, type ViewerRef } from './card'

/** In a query: the listing is live (see liveListingCondition in the schema). */
export const isLiveListing = liveListingCondition(listings)

/**
 * In a query: the moderation has not removed the listing. Where a sold or paused listing may still
 * show (the context of a chat), a removed one never does, to anyone but the staff.
 */
export const notRemovedListing = eq(listings.moderationStatus, 'active')

/** For a row already in hand: the same rule. */
export const isLive = (row: {
  status: ListingStatus
  moderationStatus: ModerationStatus
  hold: ListingHold | null
}) => row.status === 'ativo' && row.moderationStatus === 'active' && row.hold === null

/** A listing's sale state: what it costs, whose it is, where, and what `isLive` reads. */
export const saleStateColumns = {
  id: listings.id,
  title: listings.title,
  priceCents: listings.priceCents,
  sellerId: listings.sellerId,
  communityId: listings.communityId,
  status: listings.status,
  moderationStatus: listings.moderationStatus,
  hold: listings.hold,
}

/** A listing's sale state by id (saleStateColumns). */
export function listingSaleState(db: Database, listingId: number) {
  return db.select(saleStateColumns).from(listings).where(eq(listings.id, listingId)).get()
}

/**
 * Listing cards: the listing with its seller and main category, as every list of listings shows them
 * (plus `extra` columns where a list shows more, like the moderation outcome in Meus Produtos).
 */
export function selectListingCards<Extra extends SelectedFields = Record<never, never>>(
  db: Database,
  viewerId: ViewerRef,
  extra?: Extra,
) {
  return selectCardFields(db, { ...cardColumns(viewerId), ...(extra as Extra) })
}

/** The same rows, given the select list (a card's columns and more), for a reader built from that list. */
export function selectCardFields<Extra extends SelectedFields>(
  db: Database,
  fields: ReturnType<typeof cardColumns> & Extra,
) {
  return db
    .select(fields)
    .from(listings)
    .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
    .leftJoin(mainCategories, eq(mainCategories.id, listings.mainCategoryId))
}
