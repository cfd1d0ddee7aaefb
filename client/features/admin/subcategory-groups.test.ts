import { describe, expect, it } from 'vitest'
import { groupSubcategories, listingsCountLabel, type SubcategoryRow } from './subcategory-groups'

const sub = (id: number, name: string, mainCategoryId: number, mainCategoryName = 'X'): SubcategoryRow => ({
  id,
  name,
  description: null,
  icon: null,
  mainCategoryId,
  mainCategoryName,
  listings: 0,
})

describe('groupSubcategories', () => {
  it('groups under the catalogue order, keeping empty categories and sorting by name', () => {
    const groups = groupSubcategories(
      [
        { id: 1, name: 'Criações' },
        { id: 2, name: 'Serviços' },
      ],
      [sub(1, 'Papelaria', 1), sub(2, 'Artesanato', 1), sub(3, 'Órfã', 9, 'Desapegos')],
    )
    expect(groups.map((group) => group.main.name)).toEqual(['Criações', 'Serviços', 'Desapegos'])
    expect(groups[0]?.subcategories.map((item) => item.name)).toEqual(['Artesanato', 'Papelaria'])
    expect(groups[1]?.subcategories).toEqual([])
    expect(groups[2]?.subcategories.map((item) => item.id)).toEqual([3])
  })
})

describe('listingsCountLabel', () => {
  it('reads naturally for zero, one and many', () => {
    expect(listingsCountLabel(0)).toBe('Nenhum anúncio')
    expect(listingsCountLabel(1)).toBe('1 anúncio')
    expect(listingsCountLabel(4)).toBe('4 anúncios')
  })
})
