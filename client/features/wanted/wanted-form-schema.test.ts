import { describe, expect, it } from 'vitest'
import { wantedFormDefaults, wantedFormSchema } from './wanted-form-schema'

describe('formulário do Procura-se', () => {
  it('converte categoria, preço em reais e dias para o que o servidor recebe', () => {
    const parsed = wantedFormSchema.parse({
      title: ' Livro de Cálculo ',
      mainCategoryId: '3',
      maxPrice: '1.234,5',
      days: '30',
      details: '',
    })
    expect(parsed).toEqual({
      title: 'Livro de Cálculo',
      mainCategoryId: 3,
      maxPrice: 123450,
      days: 30,
      details: '',
    })
  })

  it('preço em branco é qualquer preço; os erros vêm em português', () => {
    expect(
      wantedFormSchema.parse({ ...wantedFormDefaults(), title: 'Jaleco', mainCategoryId: '1' }).maxPrice,
    ).toBeNull()
    const problems = wantedFormSchema.safeParse({
      title: 'ab',
      mainCategoryId: '',
      maxPrice: 'abc',
      days: '45',
    })
    expect(problems.error?.issues.map((issue) => issue.message)).toEqual([
      'Título deve ter no mínimo 3 caracteres',
      'Selecione uma categoria principal',
      'Preço máximo deve ser maior que 0',
      'O pedido pode ficar no ar por no máximo 30 dias',
    ])
  })

  it('editar começa com os valores do pedido, e o prazo volta ao padrão', () => {
    expect(
      wantedFormDefaults({ title: 'Jaleco M', mainCategoryId: 3, maxPriceCents: 5000, details: null }),
    ).toEqual({ title: 'Jaleco M', mainCategoryId: '3', maxPrice: '50,00', days: '14', details: '' })
  })
})
