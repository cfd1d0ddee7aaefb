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
  /** On an offer closed because a listing left the sale: whether it was sold or only left the sale. */
  closedBecause: OfferClosedBecause | null
  createdAt: string
}

/**
 * Why an `encerrada` offer was closed: the listing sold, otherwise off the sale (paused, expired, removed),
 * or the buyer replaced it with a new offer.
 */
export type OfferClosedBecause = 'vendido' | 'fora_da_venda' | 'substituida'

/**
 * What the thread says about an offer that is no longer open, the same words the server refuses a stale
 * answer with; null while it is open.
 */
export function offerEndText(status: OfferStatus, closedBecause: OfferClosedBecause | null): string | null {
  switch (status) {
    case 'aberta':
      return null
    case 'aceita':
      return 'Esta oferta já foi aceita.'
    case 'recusada':
      return 'Esta oferta foi recusada.'
    case 'contraposta':
      return 'Esta oferta recebeu uma contraproposta.'
    case 'expirada':
      return 'Esta oferta expirou: passaram as 48 horas sem resposta.'
    case 'encerrada':
      if (closedBecause === 'vendido') return 'Esta oferta foi encerrada porque o anúncio foi vendido.'
      if (closedBecause === 'substituida') return 'Esta oferta foi substituída por uma nova oferta.'
      return 'Esta oferta foi encerrada porque o anúncio saiu da venda.'
  }
}

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  aberta: 'Aguardando resposta',
  aceita: 'Aceita',
  recusada: 'Recusada',
  contraposta: 'Contraproposta enviada',
  expirada: 'Expirada',
  encerrada: 'Encerrada',
}
