import type { OfferView } from '@shared/offers'
import type { RouterOutputs } from '@/lib/api-types'

export type ConversationOffers = RouterOutputs['deals']['offers']['list']

/** A live offer into the thread's list: replaced by id, or added; the list stays oldest first. */
export function mergeOffer(data: ConversationOffers, offer: OfferView): ConversationOffers {
  return {
    ...data,
    items: [...data.items.filter((item) => item.id !== offer.id), offer].sort((a, b) => a.id - b.id),
  }
}
