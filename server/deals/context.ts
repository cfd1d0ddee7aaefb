import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AppErrorCode } from '../../shared/errors'
import type { participantConversation } from '../chat/conversations'
import { sendableConversation } from '../chat/messages'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { dealListings, deals, listings } from '../db/schema'
import { appError } from '../errors'
import { isLive, isLiveListing, saleStateColumns } from '../listings/visibility'
import type { CurrentUser } from '../people/auth/identity'

export type DealRow = typeof deals.$inferSelect
type Conversation = ReturnType<typeof participantConversation>

export const dealNotFound = () => appError('DEAL_NOT_FOUND')

const dealSaleStateColumns = { ...saleStateColumns, reservedByDealId: listings.reservedByDealId }

/** The listings of a deal as a deal reads them (what they cost, whose, where, whether live), oldest first. */
export function dealListingStates(db: Database, dealId: number) {
  return db
    .select(dealSaleStateColumns)
    .from(dealListings)
    .innerJoin(listings, eq(listings.id, dealListings.listingId))
    .where(eq(dealListings.dealId, dealId))
    .orderBy(asc(listings.id))
    .all()
}

/** The open deal of a conversation that holds the listing, if any. */
export function openDealWithListing(db: Database, conversationId: number, listingId: number) {
  return db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(dealListings, eq(dealListings.dealId, deals.id))
    .where(
      and(
        eq(deals.conversationId, conversationId),
        eq(deals.status, 'aberto'),
        eq(dealListings.listingId, listingId),
      ),
    )
    .orderBy(desc(deals.id))
    .get()?.id
}

/**
 * The deal on `listing` in the conversation: the open one that holds it, or a new one. A listing is in at
 * most one open deal of a conversation, so asking about a second listing never moves the first deal.
 */
export function ensureListingDeal(
  db: Database,
  conversation: Pick<Conversation, 'id' | 'participantOne' | 'participantTwo'>,
  listing: { id: number; sellerId: number },
  now = new Date(),
): number {
  return db.transaction((tx) => {
    const existing = openDealWithListing(tx as unknown as Database, conversation.id, listing.id)
    if (existing) return existing
    const buyerId =
      conversation.participantOne === listing.sellerId
        ? conversation.participantTwo
        : conversation.participantOne
    const created = tx
      .insert(deals)
      .values({
        conversationId: conversation.id,
        sellerId: listing.sellerId,
        buyerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: deals.id })
      .get()
    tx.insert(dealListings).values({ dealId: created.id, listingId: listing.id }).run()
    return created.id
  })
}

/** The deal, for one of its two sides only: anyone else learns nothing. */
export function participantDeal(db: Database, userId: number, dealId: number): DealRow {
  const row = db.select().from(deals).where(eq(deals.id, dealId)).get()
  if (!row || (row.sellerId !== userId && row.buyerId !== userId)) throw dealNotFound()
  return row
}

/**
 * Which deal an action on a conversation is about: the one named, which must be of that conversation, or
 * (for a client that names none) the open deal on the listing the conversation started from.
 */
function resolveDeal(
  db: Database,
  conversation: Conversation,
  dealId: number | undefined,
  refusal: AppErrorCode,
): DealRow {
  if (dealId !== undefined) {
    const row = db.select().from(deals).where(eq(deals.id, dealId)).get()
    if (!row || row.conversationId !== conversation.id) throw dealNotFound()
    return row
  }
  if (!conversation.listingId) throw appError(refusal)
  const listing = rowWhere(db, listings, 'id', conversation.listingId, ['id', 'sellerId'])
  if (!listing || ![conversation.participantOne, conversation.participantTwo].includes(listing.sellerId)) {
    throw appError(refusal)
  }
  const id = ensureListingDeal(db, conversation, listing)
  return db.select().from(deals).where(eq(deals.id, id)).get() as DealRow
}

/**
 * The deal context for a participant who may act in it now (not blocked): an open deal of the conversation,
 * its listings (all of the member's community, sold by one of the two), and who buys. `listing` is the
 * deal's first listing. Anything else is `refusal`.
 */
export function dealContext(
  db: Database,
  user: CurrentUser,
  target: { conversationId: number; dealId?: number | undefined },
  refusal: AppErrorCode,
) {
  const conversation = sendableConversation(db, user.id, target.conversationId)
  const deal = resolveDeal(db, conversation, target.dealId, refusal)
  if (deal.status !== 'aberto') throw appError('DEAL_CLOSED')
  const items = dealListingStates(db, deal.id)
  const [listing] = items
  if (
    !listing ||
    items.some((item) => item.sellerId !== deal.sellerId || item.communityId !== user.communityId)
  ) {
    throw appError(refusal)
  }
  return {
    conversation,
    deal,
    listings: items,
    listing,
    allLive: items.every(isLive),
    buyerId: deal.buyerId,
    sellerId: deal.sellerId,
  }
}

/** Records the deal's latest activity: the inbox lists and counts the conversation by it. */
export function touchDeal(db: Database, dealId: number, actorId: number, now = new Date()) {
  db.update(deals)
    .set({ activityAt: now, activityById: actorId, updatedAt: now })
    .where(eq(deals.id, dealId))
    .run()
}

/** The ids of the listings of several deals, by deal. */
export function listingIdsByDeal(db: Database, dealIds: number[]) {
  const byDeal = new Map<number, number[]>()
  if (dealIds.length === 0) return byDeal
  for (const row of db
    .select({ dealId: dealListings.dealId, listingId: dealListings.listingId })
    .from(dealListings)
    .where(inArray(dealListings.dealId, dealIds))
    .orderBy(asc(dealListings.listingId))
    .all()) {
    byDeal.set(row.dealId, [...(byDeal.get(row.dealId) ?? []), row.listingId])
  }
  return byDeal
}

/** In a query: the deal has a listing that is no longer live. */
export const dealHasListingOffSale = (dealId: unknown) =>
  sql`exists (select 1 from ${dealListings} join ${listings} on ${listings.id} = ${dealListings.listingId}
    where ${dealListings.dealId} = ${dealId} and not (${isLiveListing}))`
