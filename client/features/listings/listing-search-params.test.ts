import { describe, expect, it } from 'vitest'
import {
  countActiveFilters,
  DEFAULT_LISTING_FILTERS,
  parseListingSearch,
  serializeListingSearch,
  toListingsInput,
} from './listing-search-params'

describe('parseListingSearch', () => {
  it('reads every filter', () => {
    expect(
      parseListingSearch(
        '?q=livro&category=desapegos&subcategory=4&condition=usado&course=7&discipline=31&minPrice=20&maxPrice=300&sort=price-asc',
      ),
    ).toEqual({
      q: 'livro',
      category: 'desapegos',
      subcategory: 4,
      condition: 'usado',
      course: 7,
      discipline: 31,
      minPrice: 20,
      maxPrice: 300,
      sort: 'price-asc',
    })
  })

  it('falls back to the defaults for missing or malformed values', () => {
    expect(parseListingSearch('')).toEqual(DEFAULT_LISTING_FILTERS)
    expect(
      parseListingSearch('category=carros&subcategory=-1&condition=quebrado&minPrice=abc&maxPrice=&sort=x'),
    ).toEqual(DEFAULT_LISTING_FILTERS)
    expect(parseListingSearch('subcategory=1.5').subcategory).toBeNull()
    expect(parseListingSearch('course=abc&discipline=2')).toEqual(DEFAULT_LISTING_FILTERS)
    // A discipline is read only with its course.
    expect(parseListingSearch('discipline=2')).toEqual(DEFAULT_LISTING_FILTERS)
  })

  it('keeps prices inside the slider and in order', () => {
    expect(parseListingSearch('minPrice=-10&maxPrice=5000')).toMatchObject({ minPrice: 0, maxPrice: 1000 })
    expect(parseListingSearch('minPrice=500&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 500 })
  })

  it('trims the search and caps it at the server limit', () => {
    expect(parseListingSearch('q=%20%20caneca%20').q).toBe('caneca')
    expect(parseListingSearch(`q=${'a'.repeat(150)}`).q).toHaveLength(100)
  })
})

describe('serializeListingSearch', () => {
  it('leaves the defaults out', () => {
    expect(serializeListingSearch(DEFAULT_LISTING_FILTERS)).toBe('')
    expect(serializeListingSearch({ ...DEFAULT_LISTING_FILTERS, q: '   ' })).toBe('')
  })

  it('round-trips through parse', () => {
    const filters = {
      q: 'aula de cálculo',
      category: 'servicos' as const,
      subcategory: 12,
      condition: null,
      course: 3,
      discipline: 8,
      minPrice: 0,
      maxPrice: 250,
      sort: 'vupts' as const,
    }
    expect(parseListingSearch(serializeListingSearch(filters))).toEqual(filters)
  })

  it('keeps parameters it does not own and drops removed filters', () => {
    const next = serializeListingSearch(DEFAULT_LISTING_FILTERS, 'utm_source=insta&q=velho&sort=vupts')
    expect(next).toBe('utm_source=insta')
  })
})

describe('toListingsInput', () => {
  const options = { mainCategory: null, allowCondition: true, communitySlug: undefined }

  it('sends the price only when it narrows the results, in centavos', () => {
    expect(toListingsInput(DEFAULT_LISTING_FILTERS, options)).toEqual({ sort: 'recent' })
    expect(toListingsInput({ ...DEFAULT_LISTING_FILTERS, minPrice: 10 }, options)).toEqual({
      sort: 'recent',
      minPriceCents: 1000,
    })
    expect(toListingsInput({ ...DEFAULT_LISTING_FILTERS, maxPrice: 990 }, options)).toEqual({
      sort: 'recent',
      maxPriceCents: 99_000,
    })
    // A hand-edited URL may carry centavos of a real: the API takes whole centavos.
    expect(toListingsInput({ ...DEFAULT_LISTING_FILTERS, minPrice: 12.345 }, options).minPriceCents).toBe(
      1235,
    )
  })

  it('sends the condition only where the page offers it', () => {
    const filters = { ...DEFAULT_LISTING_FILTERS, condition: 'novo' as const }
    expect(toListingsInput(filters, options).condition).toBe('novo')
    expect(toListingsInput(filters, { ...options, allowCondition: false }).condition).toBeUndefined()
  })

  it('passes the course and its discipline', () => {
    expect(toListingsInput({ ...DEFAULT_LISTING_FILTERS, course: 3, discipline: 8 }, options)).toEqual({
      sort: 'recent',
      courseId: 3,
      disciplineId: 8,
    })
  })

  it('passes the category, subcategory, search and community', () => {
    expect(
      toListingsInput(
        { ...DEFAULT_LISTING_FILTERS, q: 'bolo', subcategory: 3 },
        { mainCategory: 'criacoes', allowCondition: false, communitySlug: 'univille' },
      ),
    ).toEqual({
      sort: 'recent',
      q: 'bolo',
      subcategoryId: 3,
      mainCategory: 'criacoes',
      communitySlug: 'univille',
    })
  })
})

describe('countActiveFilters', () => {
  it('counts what narrows the list, not the order', () => {
    expect(countActiveFilters({ ...DEFAULT_LISTING_FILTERS, sort: 'price-desc' })).toBe(0)
    const filters = { ...DEFAULT_LISTING_FILTERS, q: 'x', condition: 'novo' as const, maxPrice: 100 }
    expect(countActiveFilters(filters)).toBe(3)
    expect(countActiveFilters(filters, { condition: false })).toBe(2)
  })
})
