import type { WantedSort } from '@shared/wanted'

/** The Procura-se board's order, kept in the query string (`?ordem=mais-procurados`) so a link reproduces it. */
export type WantedSearch = { sort: WantedSort }

const SORT_PARAMS: Record<WantedSort, string> = { recent: 'mais-recentes', popular: 'mais-procurados' }

/** Reads `ordem`; anything else is the default, newest first. */
export function parseWantedSearch(search: string): WantedSearch {
  const value = new URLSearchParams(search).get('ordem')
  return { sort: value === SORT_PARAMS.popular ? 'popular' : 'recent' }
}

/** Writes the order back into `current` (other parameters kept, the default left out). No leading '?'. */
export function serializeWantedSearch(value: WantedSearch, current = ''): string {
  const params = new URLSearchParams(current)
  params.delete('ordem')
  if (value.sort !== 'recent') params.set('ordem', SORT_PARAMS[value.sort])
  return params.toString()
}
