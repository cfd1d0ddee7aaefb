import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { favorites, listings } from '../db/schema'
import { notBlockedWith } from '../safety/blocks'
import { selectListingCards } from './visibility'

/**
 * Meus favoritos, most recently saved first. A favorite stays on the list when its listing leaves the
 * portal, marked as such: sold and inactive ones keep their card, and one removed by the moderation
 * keeps nothing of its content, which no member but its seller may see again.
 */
export function favoritesOf(db: Database, userId: number) {
  return (
    selectListingCards(db, userId, { status: listings.status, moderationStatus: listings.moderationStatus })
      .innerJoin(favorites, eq(favorites.listingId, listings.id))
      // A blocked (or blocking) seller's listings leave the list as they leave every other one.
      .where(and(eq(favorites.userId, userId), notBlockedWith(userId, listings.sellerId)))
      .orderBy(desc(favorites.createdAt), desc(listings.id))
      .all()
      .map(({ status, moderationStatus, ...listing }) =>
        moderationStatus === 'removed'
          ? { id: listing.id, availability: 'removido' as const, listing: null }
          : {
              id: listing.id,
              availability:
                status === 'ativo'
                  ? ('disponivel' as const)
                  : status === 'vendido'
                    ? ('vendido' as const)
                    : ('indisponivel' as const),
              listing,
            },
      )
  )
}
