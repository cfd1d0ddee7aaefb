import type { FaqGroup } from './faq-content'

export type FaqSearchResult<G extends FaqGroup = FaqGroup> = {
  groups: G[]
  count: number
}

/** Lower-case, without accents: 'Segurança' and 'SEGURANCA' both become 'seguranca'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Keeps the items whose question or answer contains every word of the query, ignoring accents and
 * case, and drops the groups left empty. A blank query keeps everything.
 */
export function searchFaq<G extends FaqGroup>(groups: readonly G[], query: string): FaqSearchResult<G> {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean)
  if (terms.length === 0) {
    return { groups: [...groups], count: groups.reduce((total, group) => total + group.items.length, 0) }
  }

  const result: G[] = []
  let count = 0
  for (const group of groups) {
    const items = group.items.filter((item) => {
      const question = normalizeForSearch(item.question)
      const answer = normalizeForSearch(item.answer)
      return terms.every((term) => question.includes(term) || answer.includes(term))
    })
    if (items.length > 0) {
      result.push({ ...group, items })
      count += items.length
    }
  }
  return { groups: result, count }
}

export function formatResultCount(count: number): string {
  return count === 0 ? 'Nenhum resultado encontrado' : `${count} resultado(s) encontrado(s)`
}
