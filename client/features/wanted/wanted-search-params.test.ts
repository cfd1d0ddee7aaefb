import { describe, expect, it } from 'vitest'
import { parseWantedSearch, serializeWantedSearch } from './wanted-search-params'

describe('wanted board order in the query string', () => {
  it('reads "mais-procurados" and falls back to newest first', () => {
    expect(parseWantedSearch('?ordem=mais-procurados')).toEqual({ sort: 'popular' })
    expect(parseWantedSearch('?ordem=qualquer')).toEqual({ sort: 'recent' })
    expect(parseWantedSearch('')).toEqual({ sort: 'recent' })
  })

  it('writes the order, leaves out the default and keeps other parameters', () => {
    expect(serializeWantedSearch({ sort: 'popular' }, 'x=1')).toBe('x=1&ordem=mais-procurados')
    expect(serializeWantedSearch({ sort: 'recent' }, 'ordem=mais-procurados&x=1')).toBe('x=1')
  })
})
