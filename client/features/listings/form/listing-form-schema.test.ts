import { describe, expect, it } from 'vitest'
import { listingFormSchema, listingInputOf } from './listing-form-schema'

const valid = {
  title: 'Calculadora HP 12c',
  description: 'Funcionando perfeitamente, com capa.',
  price: '12,50',
  mainCategoryId: 1,
  subcategoryId: 2,
  condition: 'usado',
  courseId: 0,
  disciplineIds: [],
  isbn: '',
  imageIds: ['abc'],
}

const messages = (input: Record<string, unknown>) => {
  const result = listingFormSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('listingFormSchema', () => {
  it('turns the typed price into centavos', () => {
    expect(listingFormSchema.parse(valid).price).toBe(1250)
    expect(listingFormSchema.parse({ ...valid, price: 'R$ 1.234,5' }).price).toBe(123_450)
  })

  it("answers an empty, zero or malformed price with 'Preço deve ser maior que 0'", () => {
    for (const price of ['', '0', '0,00', 'abc', '12,345']) {
      expect(messages({ ...valid, price })).toEqual(['Preço deve ser maior que 0'])
    }
  })

  it('gives the shared messages for missing choices and photos, in screen order', () => {
    expect(
      messages({ ...valid, title: 'ab', mainCategoryId: 0, subcategoryId: 0, condition: null, imageIds: [] }),
    ).toEqual([
      'Título deve ter no mínimo 3 caracteres',
      'Selecione uma categoria principal',
      'Selecione uma subcategoria',
      'Selecione a condição do item',
      'Adicione pelo menos uma imagem',
    ])
    expect(messages({ ...valid, imageIds: ['1', '2', '3', '4', '5', '6'] })).toEqual(['Máximo 5 imagens'])
  })

  it('refuses a wrong ISBN with the shared message and more than 5 disciplines', () => {
    expect(messages({ ...valid, isbn: '978-85-359-0277-9' })).toEqual([
      'ISBN inválido: confira os dígitos (10 ou 13, com ou sem hífens)',
    ])
    expect(messages({ ...valid, courseId: 3, disciplineIds: [1, 2, 3, 4, 5, 6] })).toEqual([
      'Escolha no máximo 5 disciplinas',
    ])
  })
})

describe('listingInputOf', () => {
  it('sends the tags the form shows, so an edit keeps them', () => {
    const input = listingInputOf(
      listingFormSchema.parse({ ...valid, courseId: 3, disciplineIds: [7, 9], isbn: ' 85-359-0277-5 ' }),
    )
    expect(input).toMatchObject({
      priceCents: 1250,
      courseId: 3,
      disciplineIds: [7, 9],
      isbn: '85-359-0277-5',
    })
  })

  it('sends no course, no disciplines and no ISBN when the seller cleared them', () => {
    const input = listingInputOf(listingFormSchema.parse({ ...valid, disciplineIds: [7] }))
    expect(input).toMatchObject({ courseId: null, disciplineIds: [], isbn: null })
  })
})
