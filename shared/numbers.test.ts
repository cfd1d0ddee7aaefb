import { describe, expect, it } from 'vitest'
import { formatPrice, formatWholePrice } from './money'
import { formatInteger } from './numbers'

/** Whole numbers around every grouping boundary, halves, and both signs. */
const VALUES = [
  0, 1, 5, 9, 10, 49, 50, 99, 100, 149, 150, 151, 999, 1000, 1001, 1200, 9999, 10_000, 12_345, 99_999,
  100_000, 123_456, 999_999, 1_000_000, 1_234_567, 100_000_000, 1_234_567_890,
].flatMap((value) => (value === 0 ? [0] : [value, -value]))

describe('números escritos como o Intl do pt-BR', () => {
  const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
  const wholeBrl = new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    maximumFractionDigits: 0,
  })
  const integer = new Intl.NumberFormat('pt-BR')

  it.each(VALUES)('preço de %i centavos', (cents) => {
    expect(formatPrice(cents)).toBe(brl.format(cents / 100))
    expect(formatWholePrice(cents)).toBe(wholeBrl.format(cents / 100))
  })

  it.each(VALUES)('inteiro %i', (value) => {
    expect(formatInteger(value)).toBe(integer.format(value))
  })
})
