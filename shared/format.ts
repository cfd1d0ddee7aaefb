const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** 1250 → 'R$ 12,50' */
export function formatPrice(cents: number): string {
  return currency.format(cents / 100)
}

/** 1250 → '12,50', for a price input. */
export function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',')
}
