/** Offers that end without an answer: their listing left the sale, or their 48 hours passed. */
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { dealListings, listings, offers } from '../db/schema'
import { isLiveListing } from '../listings/visibility'
import type { EventBus } from '../realtime/bus'
import type { AppServices } from '../services'
import { dealHasListingOffSale } from './context'
import { publishOffer } from './offers'

/**
 * The one hook for a listing leaving the sale (sold, paused, removed by the moderation, held by the
 * system): every open offer of a deal with a listing no longer live is closed, naming the listing that
 * left. Open offers are few (one per deal at most, on a partial index), so checking them all is cheaper
 * than tracking each path.
 */
export function closeOffersOffSale(db: Database, bus: EventBus): number {
  const closed = db
    .update(offers)
    .set({
      status: 'encerrada',
      closedByListingId: sql`coalesce((select ${dealListings.listingId} from ${dealListings}
        where ${dealListings.dealId} = ${offers.dealId} and ${dealListings.listingId} not in
          (select ${listings.id} from ${listings} where ${isLiveListing}) order by ${dealListings.listingId} limit 1),
        ${offers.listingId})`,
    })
    .where(
      and(
        eq(offers.status, 'aberta'),
        sql`(${offers.listingId} not in (select ${listings.id} from ${listings} where ${isLiveListing})
          or ${dealHasListingOffSale(offers.dealId)})`,
      ),
    )
    .returning()
    .all()
  for (const row of closed) publishOffer(db, bus, row)
  return closed.length
}

/** Open offers past their 48 hours become `expirada`; both sides' open threads hear it. */
export function expireOffers(db: Database, bus: EventBus, now = new Date()): number {
  const due = db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.status, 'aberta'), lte(offers.expiresAt, now)))
    .limit(500)
    .all()
  if (due.length === 0) return 0
  const expired = db
    .update(offers)
    .set({ status: 'expirada' })
    .where(
      and(
        eq(offers.status, 'aberta'),
        inArray(
          offers.id,
          due.map((row) => row.id),
        ),
      ),
    )
    .returning()
    .all()
  for (const row of expired) publishOffer(db, bus, row)
  return expired.length
}

export const OFFER_SWEEP_EVERY_MS = 5 * 60 * 1000

/** One turn of the scheduled job (once across instances, under the job lock): idempotent. */
export function runOfferSweep(services: Pick<AppServices, 'db' | 'bus'>, now = new Date()) {
  return {
    expired: expireOffers(services.db, services.bus, now),
    closed: closeOffersOffSale(services.db, services.bus),
  }
}
