import { describe, expect, it } from 'vitest'
import { formatPrice } from '../format'
import { listingInputSchema, parsePriceToCents } from './listing'

describe('parsePriceToCents', () => {
  it.each([
    ['30', 3000],
    ['12,5', 1250],
    ['12,50', 1250],
    ['1.234,56', 123456],
    ['R$ 99,90', 9990],
    ['7.5', 750],
  ])('%s → %i centavos', (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents)
  })

  it.each(['', 'abc', '12,345', '1,2,3', '-5'])('recusa %j', (text) => {
    expect(parsePriceToCents(text)).toBeNaN()
  })
})

describe('formatPrice', () => {
  it('usa R$ com vírgula e duas casas', () => {
    expect(formatPrice(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
  })
})

describe('listingInputSchema', () => {
  const valid = {
    title: 'Livro de Cálculo',
    description: 'Sétima edição, bem conservado.',
    priceCents: 12000,
    mainCategoryId: 1,
    subcategoryId: 2,
    condition: 'usado',
    imageIds: ['a'],
  }
  const firstMessage = (input: unknown) => listingInputSchema.safeParse(input).error?.issues[0]?.message

  it('aceita um anúncio válido', () => {
    expect(listingInputSchema.safeParse(valid).success).toBe(true)
  })

  it.each([
    [{ title: 'ab' }, 'Título deve ter no mínimo 3 caracteres'],
    [{ title: 'x'.repeat(101) }, 'Título muito longo'],
    [{ description: 'curta' }, 'Descrição deve ter no mínimo 10 caracteres'],
    [{ description: 'x'.repeat(2001) }, 'Descrição muito longa'],
    [{ priceCents: 0 }, 'Preço deve ser maior que 0'],
    [{ mainCategoryId: 0 }, 'Selecione uma categoria principal'],
    [{ subcategoryId: 0 }, 'Selecione uma subcategoria'],
    [{ imageIds: [] }, 'Adicione pelo menos uma imagem'],
    [{ imageIds: ['1', '2', '3', '4', '5', '6'] }, 'Máximo 5 imagens'],
  ])('%j → %s', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message)
  })
})
