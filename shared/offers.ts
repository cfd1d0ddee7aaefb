import type { OfferStatus } from './deals'

/** How long an offer stays open without an answer. */
export const OFFER_TTL_MS = 48 * 60 * 60 * 1000

/** An offer as both participants receive it, in the thread and live (dates as ISO text). */
export type OfferView = {
  id: number
  conversationId: number
  dealId: number
  listingId: number
  buyerId: number
  sellerId: number
  madeById: number
  amountCents: number
  status: OfferStatus
  expiresAt: string
  answeredAt: string | null
  /** On an offer closed because a listing of its deal left the sale: which one. */
  closedByListingId: number | null
  createdAt: string
}

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  aberta: 'Aguardando resposta',
  aceita: 'Aceita',
  recusada: 'Recusada',
  contraposta: 'Contraproposta enviada',
  expirada: 'Expirada',
  encerrada: 'Encerrada',
}
