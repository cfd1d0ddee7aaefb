/**
 * "Reservado": the seller holds a deal's listings for its buyer once an offer was accepted or a meeting
 * agreed. A reserved listing stays live (on the portal, in the filters and sorts as before) with a badge;
 * others still favorite it and ask to be next. The reservation ends when the deal lapses or is cancelled:
 * no agreed meeting ahead and no offer accepted in the last RESERVATION_HOLD_MS.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { RESERVATION_HOLD_MS } from '../../shared/deals'
import { sendableConversation } from '../chat/messages'
import type { Database } from '../db/client'
import { valuesWhere } from '../db/rows'
import { dealListings, deals, listings, meetings, offers } from '../db/schema'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'
import type { AppServices } from '../services'
import { participantDeal } from './context'

/** In a query: the deal `dealId` still holds a reservation at `now`. */
const dealHoldsReservation = (dealId: unknown, now: Date) =>
  sql`exists (select 1 from ${deals} where ${deals.id} = ${dealId} and ${deals.status} = 'aberto' and (
    exists (select 1 from ${meetings} where ${meetings.dealId} = ${deals.id} and ${meetings.status} = 'combinada')
    or exists (select 1 from ${offers} where ${offers.dealId} = ${deals.id} and ${offers.status} = 'aceita'
      and ${offers.answeredAt} > ${now.getTime() - RESERVATION_HOLD_MS})))`

/** Whether the deal may reserve its listings now (an accepted offer or an agreed meeting). */
function mayReserve(db: Database, dealId: number, now: Date) {
  return (
    db
      .select({ one: sql<number>`1` })
      .from(deals)
      .where(and(eq(deals.id, dealId), dealHoldsReservation(deals.id, now)))
      .get() !== undefined
  )
}

/** Reserves the deal's listings not reserved by another deal; returns how many it holds. */
export function reserveListings({ db }: Pick<AppServices, 'db'>, dealId: number, _now = new Date()) {
  const ids = valuesWhere(db, dealListings, 'dealId', dealId, 'listingId')
  if (ids.length === 0) return 0
  db.update(listings)
    .set({ reservedByDealId: dealId })
    .where(and(inArray(listings.id, ids), isNull(listings.reservedByDealId)))
    .run()
  return ids.length
}

/** The seller reserves (or stops reserving) the deal's listings for its buyer. */
export function setDealReserved(
  services: Pick<AppServices, 'db'>,
  user: CurrentUser,
  input: { dealId: number; reserved: boolean },
  now = new Date(),
) {
  const { db } = services
  const deal = participantDeal(db, user.id, input.dealId)
  sendableConversation(db, user.id, deal.conversationId)
  if (deal.sellerId !== user.id) throw appError('DEAL_RESERVE_SELLER_ONLY')
  if (!input.reserved) {
    db.update(listings).set({ reservedByDealId: null }).where(eq(listings.reservedByDealId, deal.id)).run()
    return { dealId: deal.id, reserved: false }
  }
  if (!mayReserve(db, deal.id, now)) throw appError('DEAL_RESERVE_NOT_YET')
  reserveListings(services, deal.id, now)
  return { dealId: deal.id, reserved: true }
}

/** Ends every reservation whose deal lapsed or was cancelled: the listing is plain "Ativo" again. */
export function releaseLapsedReservations(db: Database, now = new Date()): number {
  return db
    .update(listings)
    .set({ reservedByDealId: null })
    .where(
      and(
        sql`${listings.reservedByDealId} is not null`,
        sql`not ${dealHoldsReservation(listings.reservedByDealId, now)}`,
      ),
    )
    .returning({ id: listings.id })
    .all().length
}
