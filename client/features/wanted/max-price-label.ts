import { formatPrice } from '@shared/money'

/** A request's price, as cards, the teaser and 'Alguém procura isto' say it. */
export const maxPriceLabel = (cents: number | null) =>
  cents ? `Paga até ${formatPrice(cents)}` : 'Qualquer preço'
