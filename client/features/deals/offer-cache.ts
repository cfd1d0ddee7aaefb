import type { OfferView } from '@shared/offers'

/** A live offer into the thread's list: replaced by id, or added; the list stays oldest first. */
export function mergeOffer(list: OfferView[], offer: OfferView): OfferView[] {
  return [...list.filter((item) => item.id !== offer.id), offer].sort((a, b) => a.id - b.id)
}
