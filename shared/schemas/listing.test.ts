import { describe, expect, it } from 'vitest'
import { schemaValidListing } from '../../tests/support/listings'
import { listingInputSchema } from './listing'

describe('listingInputSchema', () => {
  const firstMessage = (input: unknown) => listingInputSchema.safeParse(input).error?.issues[0]?.message

  it('aceita um anúncio válido', () => {
    expect(listingInputSchema.safeParse(schemaValidListing).success).toBe(true)
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
    expect(firstMessage({ ...schemaValidListing, ...change })).toBe(message)
  })
})
