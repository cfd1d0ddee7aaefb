/**
 * Money. Prices are integer centavos everywhere they are stored, sent or compared (`priceCents`, the
 * price filter of `listings.list`); reais exist only in what people read and type. Every conversion
 * between the two lives here, for client and server alike.
 */

import { formatDecimal, roundHalfAwayFromZero } from './numbers'

/** Intl writes 'R$' and the number apart with a no-break space, so the price never wraps between them. */
const BRL = 'R$\u00a0'

/** 1250 → 'R$ 12,50' (as Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }) writes it). */
export function formatPrice(cents: number): string {
  const rounded = roundHalfAwayFromZero(cents)
  return `${rounded < 0 ? '-' : ''}${BRL}${formatDecimal(Math.abs(rounded) / 100, 2)}`
}

/** 100000 → 'R$ 1.000': whole reais, for the bounds of the price filter. */
export function formatWholePrice(cents: number): string {
  return `${cents < 0 ? '-' : ''}${BRL}${formatDecimal(roundHalfAwayFromZero(Math.abs(cents) / 100), 0)}`
}

/** 1250 → '12,50', for a price input. */
export function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',')
}

/** 12.5 → 1250: a number of reais (the price filter's URL parameters) in whole centavos. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100)
}

/** Parses a price typed in Brazilian style ('1.234,56', '12,5', '30') into centavos; NaN when it isn't one. */
export function parsePriceToCents(text: string): number {
  const cleaned = text.replace(/[R$\s]/g, '')
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN
  // With a comma, dots group thousands; without one, so do dots followed by exactly three digits
  // ('1.234' is mil duzentos e trinta e quatro reais), while '7.5' and '12.50' are decimals.
  const normalized =
    cleaned.includes(',') || /^\d{1,3}(\.\d{3})+$/.test(cleaned)
      ? cleaned.replace(/\./g, '').replace(',', '.')
      : cleaned
  return reaisToCents(Number(normalized))
}
