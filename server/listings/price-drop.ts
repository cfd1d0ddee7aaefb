import { and, eq, ne } from 'drizzle-orm'
import { formatPrice } from '../../shared/money'
import { routes } from '../../shared/routes'
import type { Database } from '../db/client'
import { favorites } from '../db/schema'
import { notify } from '../notifications/notify'
import { notBlockedWith } from '../safety/blocks'
import type { AppServices } from '../services'
import { isLive, listingSaleState } from './visibility'

/**
 * Who hears of a price drop: everyone who favorited the listing, except its seller and anyone on
 * either side of a block with the seller.
 */
export function favoritersOf(db: Database, listingId: number, sellerId: number): number[] {
  return db
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(
      and(
        eq(favorites.listingId, listingId),
        ne(favorites.userId, sellerId),
        notBlockedWith(sellerId, favorites.userId),
      ),
    )
    .all()
    .map((row) => row.userId)
}

/**
 * After the seller lowered the price: each favoriter gets a notification (and an e-mail unless they
 * turned it off, at most one a day per listing). Only for a listing people can still buy; drops while
 * one is unread merge into it.
 */
export function notifyPriceDrop(services: AppServices, listingId: number, previousCents: number) {
  const listing = listingSaleState(services.db, listingId)
  if (!listing || !isLive(listing) || listing.priceCents >= previousCents) return
  for (const userId of favoritersOf(services.db, listingId, listing.sellerId)) {
    notify(services, {
      userId,
      kind: 'price_drop',
      title: `"${listing.title}" baixou de preço`,
      body: `De ${formatPrice(previousCents)} por ${formatPrice(listing.priceCents)}. Corra antes que alguém leve!`,
      link: routes.listing(listingId),
      groupKey: `price:${listingId}`,
      email: { kind: 'price_drop', about: `listing:${listingId}` },
    })
  }
}
