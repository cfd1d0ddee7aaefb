import { describe, expect, it } from 'vitest'
import { centsToInput, formatPrice, formatWholePrice, parsePriceToCents, reaisToCents } from './money'

// Intl separates 'R$' from the number with a no-break space.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('parsePriceToCents', () => {
  it.each([
    ['30', 3000],
    ['12,5', 1250],
    ['12,50', 1250],
    ['1.234,56', 123456],
    ['R$ 99,90', 9990],
    ['7.5', 750],
    ['0,29', 29],
    ['1.234', 123400],
    ['1.000.000', 100_000_000],
    ['12.50', 1250],
  ])('%s → %i centavos', (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents)
  })

  it.each(['', 'abc', '12,345', '1,2,3', '-5', '1.23.456'])('recusa %j', (text) => {
    expect(parsePriceToCents(text)).toBeNaN()
  })
})

describe('formatPrice', () => {
  it('usa R$ com vírgula e duas casas', () => {
    expect(plain(formatPrice(123456))).toBe('R$ 1.234,56')
    expect(plain(formatPrice(5))).toBe('R$ 0,05')
  })
})

describe('formatWholePrice', () => {
  it('mostra reais inteiros, sem centavos', () => {
    expect(plain(formatWholePrice(100_000))).toBe('R$ 1.000')
    expect(plain(formatWholePrice(0))).toBe('R$ 0')
  })
})

describe('centsToInput', () => {
  it('escreve o preço como se digita, e volta ao mesmo valor', () => {
    expect(centsToInput(1250)).toBe('12,50')
    expect(centsToInput(123456)).toBe('1234,56')
    for (const cents of [1, 29, 1250, 4590, 123456, 10_000_000]) {
      expect(parsePriceToCents(centsToInput(cents))).toBe(cents)
    }
  })
})

describe('reaisToCents', () => {
  it('arredonda para centavos inteiros', () => {
    expect(reaisToCents(40)).toBe(4000)
    expect(reaisToCents(0.29)).toBe(29)
    expect(reaisToCents(1234.56)).toBe(123456)
    expect(reaisToCents(12.345)).toBe(1235)
  })
})
