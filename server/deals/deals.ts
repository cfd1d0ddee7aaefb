/**
 * Deals: inside the one conversation of a pair, each listing being negotiated (or a bundle of the seller's
 * listings) is its own deal with its own offers, meeting and hand-off. The thread header lists them and
 * either side picks one; a confirmed hand-off concludes a deal, never the conversation, so the same pair
 * starts the next deal at once.
 */
import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm'
import { DEAL_LISTINGS_MAX, type DealStatus } from '../../shared/deals'
import { participantConversation } from '../chat/conversations'
import { sendableConversation } from '../chat/messages'
import type { Database } from '../db/client'
import { dealListings, deals, listings, meetings, offers } from '../db/schema'
import { appError } from '../errors'
import { coverImageUrl } from '../listings/card'
import { isLive, isLiveListing } from '../listings/visibility'
import type { CurrentUser } from '../people/auth/identity'
import { blockedBetween } from '../safety/blocks'
import { assertMayPublish } from '../semesters/standing'
import { listingIdsByDeal, openDealWithListing } from './context'

/** A deal as the thread header shows it. */
export type DealSummary = {
  id: number
  status: DealStatus
  side: 'buyer' | 'seller'
  listings: {
    id: number
    title: string
    priceCents: number
    imageUrl: string | null
    live: boolean
    reserved: boolean
  }[]
  /** The latest offer's status and the latest meeting's, as the header's state line reads them. */
  offerStatus: string | null
  offerAmountCents: number | null
  meetingStatus: string | null
  reserved: boolean
  activityAt: string | null
  createdAt: string
}

/** The id of each deal's latest row of `table`: its current offer, or its current meeting. */
function latestOfEachDeal(db: Database, table: typeof offers | typeof meetings, dealIds: number[]) {
  return db
    .select({ id: sql<number>`max(${table.id})` })
    .from(table)
    .where(inArray(table.dealId, dealIds))
    .groupBy(table.dealId)
}

/** The conversation's deals, open ones first and then newest, for one of its two participants. */
export function conversationDeals(db: Database, userId: number, conversationId: number): DealSummary[] {
  const conversation = participantConversation(db, userId, conversationId)
  const rows = db
    .select()
    .from(deals)
    .where(eq(deals.conversationId, conversation.id))
    .orderBy(desc(deals.id))
    .limit(50)
    .all()
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const byDeal = listingIdsByDeal(db, ids)
  const listingIds = [...new Set([...byDeal.values()].flat())]
  const items = listingIds.length
    ? db
        .select({
          id: listings.id,
          title: listings.title,
          priceCents: listings.priceCents,
          imageUrl: coverImageUrl(),
          status: listings.status,
          moderationStatus: listings.moderationStatus,
          hold: listings.hold,
          reservedByDealId: listings.reservedByDealId,
        })
        .from(listings)
        .where(inArray(listings.id, listingIds))
        .all()
    : []
  const latestOffers = db
    .select({ dealId: offers.dealId, status: offers.status, amountCents: offers.amountCents })
    .from(offers)
    .where(inArray(offers.id, latestOfEachDeal(db, offers, ids)))
    .all()
  const latestMeetings = db
    .select({ dealId: meetings.dealId, status: meetings.status })
    .from(meetings)
    .where(inArray(meetings.id, latestOfEachDeal(db, meetings, ids)))
    .all()
  return rows
    .map((row): DealSummary => {
      const offer = latestOffers.find((item) => item.dealId === row.id)
      const dealItems = (byDeal.get(row.id) ?? []).flatMap((id) => {
        const item = items.find((listing) => listing.id === id)
        // A listing the moderation removed is not shown in the thread.
        if (item?.moderationStatus !== 'active') return []
        return [
          {
            id: item.id,
            title: item.title,
            priceCents: item.priceCents,
            imageUrl: item.imageUrl,
            live: isLive(item),
            reserved: item.reservedByDealId !== null,
          },
        ]
      })
      return {
        id: row.id,
        status: row.status,
        side: row.sellerId === userId ? 'seller' : 'buyer',
        listings: dealItems,
        offerStatus: offer?.status ?? null,
        offerAmountCents: offer?.amountCents ?? null,
        meetingStatus: latestMeetings.find((item) => item.dealId === row.id)?.status ?? null,
        reserved: items.some((item) => item.reservedByDealId === row.id),
        activityAt: row.activityAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }
    })
    .sort((a, b) => Number(b.status === 'aberto') - Number(a.status === 'aberto'))
}

/**
 * The buyer opens a deal on one or several live listings of the other participant ("Levo os três"). A
 * listing already in an open deal of the conversation that has nothing in it yet (no offer, no meeting)
 * moves into the new deal; one in an open deal with an offer or a meeting is refused. Asking for the
 * exact listings of an open deal returns that deal.
 */
export function startDeal(
  db: Database,
  user: CurrentUser,
  input: { conversationId: number; listingIds: readonly number[] },
  now = new Date(),
): { dealId: number } {
  const conversation = sendableConversation(db, user.id, input.conversationId)
  const listingIds = [...new Set(input.listingIds)].sort((a, b) => a - b)
  if (listingIds.length === 0 || listingIds.length > DEAL_LISTINGS_MAX) {
    throw appError('DEAL_LISTINGS_INVALID')
  }
  const items = db
    .select({ id: listings.id, sellerId: listings.sellerId, communityId: listings.communityId })
    .from(listings)
    .where(and(inArray(listings.id, listingIds), isLiveListing))
    .all()
  if (
    items.length !== listingIds.length ||
    items.some((item) => item.sellerId !== conversation.otherId || item.communityId !== user.communityId)
  ) {
    throw appError('DEAL_LISTINGS_INVALID')
  }
  if (blockedBetween(db, user.id, conversation.otherId)) throw appError('CHAT_UNAVAILABLE')
  assertMayPublish(db, user)
  return db.transaction((tx) => {
    const txDb = tx as unknown as Database
    const holding = [
      ...new Set(listingIds.flatMap((id) => openDealWithListing(txDb, conversation.id, id) ?? [])),
    ]
    const holdingListings = listingIdsByDeal(txDb, holding)
    const same = holding.find((id) => (holdingListings.get(id) ?? []).join() === listingIds.join())
    if (same !== undefined) return { dealId: same }
    const busy = holding.filter(
      (id) =>
        tx
          .select({ one: sql`1` })
          .from(deals)
          .where(
            and(
              eq(deals.id, id),
              notExists(tx.select({ one: sql`1` }).from(offers).where(eq(offers.dealId, id))),
              notExists(tx.select({ one: sql`1` }).from(meetings).where(eq(meetings.dealId, id))),
            ),
          )
          .get() === undefined,
    )
    if (busy.length > 0) throw appError('DEAL_LISTING_IN_ANOTHER_DEAL')
    // Deals that only named a listing are folded into the new one.
    for (const id of holding) {
      const rest = (holdingListings.get(id) ?? []).filter((listingId) => !listingIds.includes(listingId))
      if (rest.length === 0) tx.delete(deals).where(eq(deals.id, id)).run()
      else
        tx.delete(dealListings)
          .where(and(eq(dealListings.dealId, id), inArray(dealListings.listingId, listingIds)))
          .run()
    }
    const created = tx
      .insert(deals)
      .values({
        conversationId: conversation.id,
        sellerId: conversation.otherId,
        buyerId: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: deals.id })
      .get()
    tx.insert(dealListings)
      .values(listingIds.map((listingId) => ({ dealId: created.id, listingId })))
      .run()
    return { dealId: created.id }
  })
}

/** The listings of the conversation's other participant a buyer may add to a bundle: live, oldest first. */
export function bundleCandidates(db: Database, user: CurrentUser, conversationId: number) {
  const conversation = participantConversation(db, user.id, conversationId)
  return db
    .select({
      id: listings.id,
      title: listings.title,
      priceCents: listings.priceCents,
      imageUrl: coverImageUrl(),
    })
    .from(listings)
    .where(
      and(
        eq(listings.sellerId, conversation.otherId),
        eq(listings.communityId, user.communityId ?? -1),
        isLiveListing,
      ),
    )
    .orderBy(asc(listings.id))
    .limit(50)
    .all()
}
