/**
 * "Fazer uma oferta": price offers on a deal (one listing, or a bundle of the seller's). The buyer offers,
 * the side an open offer was made to accepts, declines or counters; only the latest offer of a deal is open
 * (a partial unique index keeps it so). An offer is open for 48 hours; a listing that leaves the sale
 * closes the open offer of every deal it is in, saying which one left. Accepting never touches the
 * listing's price: the deal is between the two; accepting a bundle reserves all of its listings.
 */
import { and, asc, desc, eq } from 'drizzle-orm'
import type { OfferStatus } from '../../shared/deals'
import { OFFER_TTL_MS, type OfferClosedBecause, type OfferView } from '../../shared/offers'
import { participantConversation, publishChat } from '../chat/conversations'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { deals, listings, offers } from '../db/schema'
import { appError } from '../errors'
import { isLive, listingSaleState } from '../listings/visibility'
import type { CurrentUser } from '../people/auth/identity'
import { consumeAll } from '../rate-limits'
import type { EventBus } from '../realtime/bus'
import { blockedBetween } from '../safety/blocks'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { type DealRow, dealContext, dealListingStates, openDealWithListing, participantDeal } from './context'
import { dealTitle, notifyOfferAnswered, notifyOfferReceived } from './offer-notices'
import { reserveListings } from './reservations'

export type OfferRow = typeof offers.$inferSelect
export type OfferServices = Pick<
  AppServices,
  'db' | 'bus' | 'mailer' | 'logger' | 'publicUrl' | 'secrets' | 'defaultCommunitySlug' | 'rateLimits'
>

export const toOfferView = (row: OfferRow, closedBecause: OfferClosedBecause | null = null): OfferView => ({
  id: row.id,
  conversationId: row.conversationId,
  dealId: row.dealId ?? 0,
  listingId: row.listingId,
  buyerId: row.buyerId,
  sellerId: row.sellerId,
  madeById: row.madeById,
  amountCents: row.amountCents,
  status: row.status,
  expiresAt: row.expiresAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
  closedByListingId: row.closedByListingId,
  closedBecause,
  createdAt: row.createdAt.toISOString(),
})

/** Why a closed offer was closed, read from the listing that left the sale. */
function closedBecauseOf(db: Database, row: OfferRow): OfferClosedBecause | null {
  if (row.status !== 'encerrada') return null
  if (row.closedByListingId === null) return 'substituida'
  const listing = rowWhere(db, listings, 'id', row.closedByListingId, ['status'])
  return listing?.status === 'vendido' ? 'vendido' : 'fora_da_venda'
}

export const offerView = (db: Database, row: OfferRow): OfferView =>
  toOfferView(row, closedBecauseOf(db, row))

/**
 * The one way an offer's change reaches the thread: every state change (made, answered, closed by a
 * listing leaving the sale, expired) is published to both participants, on every instance through the bus.
 * Called after the change is committed.
 */
export function publishOffer(db: Database, bus: EventBus, row: OfferRow) {
  publishChat(bus, [row.buyerId, row.sellerId], {
    type: 'offer',
    conversationId: row.conversationId,
    offer: offerView(db, row),
  })
}

/** The refusal for answering an offer that is no longer open: it names what happened to it. */
export function offerEndError(db: Database, row: OfferRow) {
  switch (row.status) {
    case 'aceita':
      return appError('OFFER_ALREADY_ACCEPTED')
    case 'recusada':
      return appError('OFFER_ALREADY_DECLINED')
    case 'contraposta':
      return appError('OFFER_ALREADY_COUNTERED')
    case 'expirada':
      return appError('OFFER_EXPIRED')
    case 'encerrada': {
      const because = closedBecauseOf(db, row)
      if (because === 'substituida') return appError('OFFER_REPLACED')
      return appError(because === 'vendido' ? 'OFFER_CLOSED_SOLD' : 'OFFER_CLOSED_OFF_SALE')
    }
    default:
      return appError('OFFER_CLOSED')
  }
}

/** After a lost race on an update: the refusal for the offer as it now is. */
function refuseStale(db: Database, offerId: number) {
  const now = db.select().from(offers).where(eq(offers.id, offerId)).get()
  return now ? offerEndError(db, now) : appError('OFFER_CLOSED')
}

/**
 * What an open offer really is now: one past its 48 hours is `expirada`, one whose listing left the sale
 * is `encerrada`, even before the job has swept it.
 */
function effectiveStatus(row: OfferRow, listingLive: boolean, now: Date): OfferStatus {
  if (row.status !== 'aberta') return row.status
  if (row.expiresAt.getTime() <= now.getTime()) return 'expirada'
  if (!listingLive) return 'encerrada'
  return 'aberta'
}

/** The first of the offer's listings (all of its deal's) that is no longer live, if any. */
function listingOffSale(db: Database, row: OfferRow): number | null {
  if (row.dealId === null) {
    const listing = rowWhere(db, listings, 'id', row.listingId, ['status', 'moderationStatus', 'hold'])
    return listing && isLive(listing) ? null : row.listingId
  }
  const items = dealListingStates(db, row.dealId)
  if (items.length === 0) return row.listingId
  return items.find((item) => !isLive(item))?.id ?? null
}

/** Writes down an open offer's effective end (expired, or closed with its listing); returns the row. */
function settle(db: Database, bus: EventBus, row: OfferRow, now: Date): OfferRow {
  const offSale = row.status === 'aberta' ? listingOffSale(db, row) : null
  const status = effectiveStatus(row, offSale === null, now)
  if (status === row.status) return row
  const updated = db
    .update(offers)
    .set(status === 'encerrada' ? { status, closedByListingId: offSale } : { status })
    .where(and(eq(offers.id, row.id), eq(offers.status, 'aberta')))
    .returning()
    .get()
  if (!updated) return db.select().from(offers).where(eq(offers.id, row.id)).get() ?? row
  publishOffer(db, bus, updated)
  return updated
}

/**
 * The deal the thread reads when the client names none: the open one on the listing the conversation
 * started from, else the conversation's latest deal.
 */
function defaultDeal(db: Database, conversation: { id: number; listingId: number | null }) {
  const open = conversation.listingId
    ? openDealWithListing(db, conversation.id, conversation.listingId)
    : undefined
  const id =
    open ??
    db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.conversationId, conversation.id))
      .orderBy(desc(deals.id))
      .get()?.id
  return id ? (db.select().from(deals).where(eq(deals.id, id)).get() as DealRow) : undefined
}

/**
 * A deal's offers, oldest first, as they stand now (expired ones shown as expired), with the viewer's side
 * of the deal and whether they may make an offer now (the buyer, the deal open, every listing live, no
 * block between them): the thread shows "Fazer uma oferta" from it.
 */
export function conversationOffers(
  { db, bus }: Pick<AppServices, 'db' | 'bus'>,
  userId: number,
  conversationId: number,
  dealId?: number,
  now = new Date(),
) {
  // Only a participant learns anything; a blocked pair still reads the history, and acts on none of it.
  const conversation = participantConversation(db, userId, conversationId)
  const deal = dealId === undefined ? defaultDeal(db, conversation) : participantDeal(db, userId, dealId)
  if (deal && deal.conversationId !== conversation.id) throw appError('DEAL_NOT_FOUND')
  const items = deal
    ? db
        .select()
        .from(offers)
        .where(eq(offers.dealId, deal.id))
        .orderBy(asc(offers.id))
        .all()
        .map((row) => offerView(db, row.status === 'aberta' ? settle(db, bus, row, now) : row))
    : []
  // Before any deal, the listing the conversation started from is the deal-to-be.
  const startListing =
    !deal && conversation.listingId ? listingSaleState(db, conversation.listingId) : undefined
  const dealItems = deal ? dealListingStates(db, deal.id) : startListing ? [startListing] : []
  const sellerId = deal?.sellerId ?? startListing?.sellerId
  const side: 'buyer' | 'seller' | null =
    sellerId === userId ? 'seller' : sellerId === conversation.otherId ? 'buyer' : null
  return {
    dealId: deal?.id ?? null,
    items,
    side,
    canOffer:
      side === 'buyer' &&
      (deal ? deal.status === 'aberto' : startListing?.communityId === conversation.communityId) &&
      dealItems.length > 0 &&
      dealItems.every(isLive) &&
      !blockedBetween(db, userId, conversation.otherId),
    /** The price the listings ask together, as a reference for the offer form; never changed by an offer. */
    listingPriceCents:
      side && dealItems.length > 0 ? dealItems.reduce((sum, item) => sum + item.priceCents, 0) : null,
  }
}

async function spendOfferPoint(services: OfferServices, conversationId: number) {
  await consumeAll([[services.rateLimits.offersByConversation, String(conversationId)]], () =>
    appError('OFFER_TOO_MANY'),
  )
}

/**
 * The buyer's offer. An open offer of the buyer's own is replaced by the new amount (`encerrada`), as
 * people revise a price they typed; one the seller made (a counter) is answered by it (`contraposta`).
 */
export async function makeOffer(
  services: OfferServices,
  user: CurrentUser,
  input: { conversationId: number; dealId?: number | undefined; amountCents: number },
  now = new Date(),
): Promise<OfferView> {
  const { db } = services
  const context = dealContext(db, user, input, 'OFFER_NOT_POSSIBLE')
  if (context.sellerId === user.id) throw appError('OFFER_OWN_LISTING')
  if (!context.allLive) throw appError('OFFER_LISTING_UNAVAILABLE')
  assertMayPublish(db, user)
  await spendOfferPoint(services, context.conversation.id)
  const stale = db
    .select()
    .from(offers)
    .where(and(eq(offers.dealId, context.deal.id), eq(offers.status, 'aberta')))
    .get()
  // An open offer past its time ends as expired, not as replaced.
  if (stale) settle(db, services.bus, stale, now)
  const { created, replaced } = db.transaction((tx) => {
    const open = tx
      .select()
      .from(offers)
      .where(and(eq(offers.dealId, context.deal.id), eq(offers.status, 'aberta')))
      .get()
    const previous = open
      ? tx
          .update(offers)
          .set(
            open.madeById === user.id ? { status: 'encerrada' } : { status: 'contraposta', answeredAt: now },
          )
          .where(eq(offers.id, open.id))
          .returning()
          .get()
      : undefined
    const deal = {
      conversationId: context.conversation.id,
      dealId: context.deal.id,
      listingId: context.listing.id,
      buyerId: context.buyerId,
      sellerId: context.sellerId,
    }
    return { created: insertOffer(tx, deal, user.id, input.amountCents, now), replaced: previous }
  })
  if (replaced) publishOffer(db, services.bus, replaced)
  publishOffer(db, services.bus, created)
  notifyOfferReceived(services, created, dealTitle(context.listings))
  return toOfferView(created)
}

type OfferDeal = Pick<OfferRow, 'conversationId' | 'dealId' | 'listingId' | 'buyerId' | 'sellerId'>

/** A new open offer of `amountCents` by `makerId` in the deal, open for OFFER_TTL_MS from `now`. */
function insertOffer(
  db: Pick<Database, 'insert'>,
  deal: OfferDeal,
  makerId: number,
  amountCents: number,
  now: Date,
) {
  const { conversationId, dealId, listingId, buyerId, sellerId } = deal
  return db
    .insert(offers)
    .values({
      conversationId,
      dealId,
      listingId,
      buyerId,
      sellerId,
      madeById: makerId,
      amountCents,
      expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
      createdAt: now,
    })
    .returning()
    .get()
}

/**
 * The open offer, for the side it was made to: the maker waits, a third member finds nothing, and an
 * offer past its time or whose listing left the sale is closed (and written down as such).
 */
function answerableOffer(services: OfferServices, user: CurrentUser, offerId: number, now: Date) {
  const { db } = services
  const row = db.select().from(offers).where(eq(offers.id, offerId)).get()
  if (!row || (row.buyerId !== user.id && row.sellerId !== user.id)) {
    throw appError('OFFER_NOT_FOUND')
  }
  const context = dealContext(
    db,
    user,
    { conversationId: row.conversationId, dealId: row.dealId ?? undefined },
    'OFFER_NOT_POSSIBLE',
  )
  const current = settle(db, services.bus, row, now)
  if (current.status !== 'aberta') throw offerEndError(db, current)
  if (current.madeById === user.id) throw appError('OFFER_NOT_YOURS_TO_ANSWER')
  return { row: current, context }
}

export function answerOffer(
  services: OfferServices,
  user: CurrentUser,
  offerId: number,
  answer: 'aceita' | 'recusada',
  now = new Date(),
): OfferView {
  const { row, context } = answerableOffer(services, user, offerId, now)
  const updated = services.db
    .update(offers)
    .set({ status: answer, answeredAt: now })
    .where(and(eq(offers.id, row.id), eq(offers.status, 'aberta')))
    .returning()
    .get()
  if (!updated) throw refuseStale(services.db, row.id)
  publishOffer(services.db, services.bus, updated)
  // A bundle's listings are held for the buyer as soon as its offer is accepted.
  if (answer === 'aceita' && context.listings.length > 1) {
    reserveListings(services, context.deal.id, now)
  }
  notifyOfferAnswered(services, updated, dealTitle(context.listings))
  return toOfferView(updated)
}

/** A counter by the side the open offer was made to: the open one becomes `contraposta`. */
export async function counterOffer(
  services: OfferServices,
  user: CurrentUser,
  input: { offerId: number; amountCents: number },
  now = new Date(),
): Promise<OfferView> {
  const { row, context } = answerableOffer(services, user, input.offerId, now)
  assertMayPublish(services.db, user)
  await spendOfferPoint(services, row.conversationId)
  const result = services.db.transaction((tx) => {
    const answered = tx
      .update(offers)
      .set({ status: 'contraposta', answeredAt: now })
      .where(and(eq(offers.id, row.id), eq(offers.status, 'aberta')))
      .returning()
      .get()
    if (!answered) return undefined
    return { answered, created: insertOffer(tx, row, user.id, input.amountCents, now) }
  })
  if (!result) throw refuseStale(services.db, row.id)
  publishOffer(services.db, services.bus, result.answered)
  publishOffer(services.db, services.bus, result.created)
  notifyOfferReceived(services, result.created, dealTitle(context.listings))
  return toOfferView(result.created)
}
