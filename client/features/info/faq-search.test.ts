import { describe, expect, it } from 'vitest'
import { type FaqGroup, faqGroups } from './faq-content'
import { formatResultCount, normalizeForSearch, searchFaq } from './faq-search'

const groups: FaqGroup[] = [
  {
    id: 'seguranca',
    title: 'Segurança',
    items: [
      { id: 'a', question: 'Como funciona a segurança?', answer: 'Há moderação.' },
      { id: 'b', question: 'Posso denunciar?', answer: 'Sim, em até 24 horas.' },
    ],
  },
  {
    id: 'cantina',
    title: 'Cantina',
    items: [{ id: 'c', question: 'Onde tomar um café?', answer: 'Na CANTINA do bloco B.' }],
  },
  { id: 'vazio', title: 'Vazio', items: [] },
]

describe('normalizeForSearch', () => {
  it('removes accents and lower-cases', () => {
    expect(normalizeForSearch('Segurança ÁGUA Café')).toBe('seguranca agua cafe')
  })
})

describe('searchFaq', () => {
  it('ignores accents in the query and in the content', () => {
    const plain = searchFaq(groups, 'seguranca')
    expect(plain.count).toBe(1)
    expect(plain.groups[0]?.items[0]?.id).toBe('a')

    expect(searchFaq(groups, 'Cafe').count).toBe(1)
    expect(searchFaq(groups, 'café').count).toBe(1)
    expect(searchFaq(groups, 'segurançã').count).toBe(1)
  })

  it('ignores case', () => {
    expect(searchFaq(groups, 'CAFÉ').groups.map((g) => g.id)).toEqual(['cantina'])
    expect(searchFaq(groups, 'cantina').count).toBe(1)
  })

  it('matches the answer as well as the question', () => {
    const result = searchFaq(groups, '24 horas')
    expect(result.count).toBe(1)
    expect(result.groups[0]?.items[0]?.id).toBe('b')
  })

  it('drops the groups with no match', () => {
    const result = searchFaq(groups, 'denunciar')
    expect(result.groups.map((g) => g.id)).toEqual(['seguranca'])
    expect(result.groups[0]?.items).toHaveLength(1)
  })

  it('finds nothing for an unknown query', () => {
    expect(searchFaq(groups, 'bitcoin')).toEqual({ groups: [], count: 0 })
  })

  it('returns everything for a blank query', () => {
    for (const query of ['', '   ', '\t']) {
      const result = searchFaq(groups, query)
      expect(result.count).toBe(3)
      expect(result.groups).toEqual(groups)
    }
  })

  it('does not change the groups it receives', () => {
    searchFaq(groups, 'cafe')
    expect(groups[0]?.items).toHaveLength(2)
  })

  it('searches the real content', () => {
    const total = faqGroups.reduce((sum, group) => sum + group.items.length, 0)
    expect(total).toBeGreaterThanOrEqual(8)
    // The deal loop (offers, meetings, the hand-off code, reviews) has its own questions among the buyers'.
    expect(total).toBeLessThanOrEqual(30)
    expect(faqGroups.map((g) => g.title)).toEqual(['Compradores', 'Vendedores', 'Conta', 'Segurança'])

    expect(searchFaq(faqGroups, 'seguranca').count).toBeGreaterThan(0)
    expect(searchFaq(faqGroups, 'DENUNCIA').groups.map((g) => g.id)).toContain('seguranca')
    expect(searchFaq(faqGroups, 'esqueceu a senha').groups.map((g) => g.id)).toEqual(['conta'])
    expect(searchFaq(faqGroups, 'xyzzy').count).toBe(0)
    expect(searchFaq(faqGroups, '').count).toBe(total)
  })
})

describe('formatResultCount', () => {
  it('describes the number of results in pt-BR', () => {
    expect(formatResultCount(0)).toBe('Nenhum resultado encontrado')
    expect(formatResultCount(1)).toBe('1 resultado(s) encontrado(s)')
    expect(formatResultCount(7)).toBe('7 resultado(s) encontrado(s)')
  })
})
