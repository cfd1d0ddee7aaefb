/**
 * From chat to a done deal: an offer on the listing a conversation is about, a meeting at one of the
 * community's safe spots, the hand-off confirmed there by a code, and the reviews it earns.
 */

/**
 * A deal (one listing, or a bundle of the same seller's) is `aberto` while negotiated, `concluido` once its
 * hand-off is confirmed and `encerrado` when it can no longer happen (a listing left the sale).
 */
export const DEAL_STATUSES = ['aberto', 'concluido', 'encerrado'] as const
export type DealStatus = (typeof DEAL_STATUSES)[number]

/** At most this many listings in one bundle. */
export const DEAL_LISTINGS_MAX = 10

/** An accepted offer holds a reservation this long; an agreed meeting holds it until it ends. */
export const RESERVATION_HOLD_MS = 72 * 60 * 60 * 1000

/**
 * An offer is `aberta` until answered or closed: `aceita`, `recusada`, `contraposta` (answered by a counter,
 * which is the new open offer), `expirada` (48 hours passed), `encerrada` (the listing left the sale, or a
 * newer offer replaced it).
 */
export const OFFER_STATUSES = [
  'aberta',
  'aceita',
  'recusada',
  'contraposta',
  'expirada',
  'encerrada',
] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

/**
 * A meeting is `proposta` (one to three times offered, waiting for the other side), `combinada` (a time
 * picked), `confirmada` (the buyer typed or scanned the seller's code there), `cancelada` (by either side,
 * with a reason) or `expirada` (never confirmed within 24 hours after its time, or a proposal whose times
 * all passed).
 */
export const MEETING_STATUSES = ['proposta', 'combinada', 'confirmada', 'cancelada', 'expirada'] as const
export type MeetingStatus = (typeof MEETING_STATUSES)[number]

/** Days of the week a spot is open, as a bit each: Monday is 1, Sunday is 64 (ISO order). */
export const WEEKDAY_BITS = [1, 2, 4, 8, 16, 32, 64] as const
