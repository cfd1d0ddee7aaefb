import {
  LISTING_CONDITIONS,
  type ListingCondition,
  MAIN_CATEGORY_SLUGS,
  type MainCategorySlug,
} from '@shared/domain'
import { LISTING_SORTS, type ListingSort, PRICE_FILTER_MAX } from '@shared/listing-filters'
import { reaisToCents } from '@shared/money'
import type { RouterInputs } from '@/lib/api-types'

/** Every filter of the portal and the category pages, as read from the query string. */
export type ListingUrlFilters = {
  q: string
  /** Portal only: the selected main category. */
  category: MainCategorySlug | null
  subcategory: number | null
  condition: ListingCondition | null
  /** Portal only: the course a listing is tagged with, and one of its disciplines. */
  course: number | null
  discipline: number | null
  /** Whole reais in the URL, for people to read; the API takes centavos (toListingsInput). */
  minPrice: number
  maxPrice: number
  sort: ListingSort
}

export const DEFAULT_LISTING_FILTERS: ListingUrlFilters = {
  q: '',
  category: null,
  subcategory: null,
  condition: null,
  course: null,
  discipline: null,
  minPrice: 0,
  maxPrice: PRICE_FILTER_MAX,
  sort: 'recent',
}

/** Mirrors the server's `q` limit, so a hand-edited URL can't make every request fail validation. */
const Q_MAX_LENGTH = 100
const FILTER_KEYS = [
  'q',
  'category',
  'subcategory',
  'condition',
  'course',
  'discipline',
  'minPrice',
  'maxPrice',
  'sort',
] as const

function positiveId(value: string | null): number | null {
  const id = Number(value)
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null

function price(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback
  const number = Number(value)
  return Number.isFinite(number) ? Math.min(PRICE_FILTER_MAX, Math.max(0, number)) : fallback
}

export const isMainCategorySlug = (value: string): value is MainCategorySlug =>
  oneOf(MAIN_CATEGORY_SLUGS, value) !== null

/** Reads the filters from a query string; anything malformed falls back to its default. */
export function parseListingSearch(search: string): ListingUrlFilters {
  const params = new URLSearchParams(search)
  let minPrice = price(params.get('minPrice'), 0)
  let maxPrice = price(params.get('maxPrice'), PRICE_FILTER_MAX)
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice]
  const course = positiveId(params.get('course'))
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX_LENGTH),
    category: oneOf(MAIN_CATEGORY_SLUGS, params.get('category')),
    subcategory: positiveId(params.get('subcategory')),
    condition: oneOf(LISTING_CONDITIONS, params.get('condition')),
    course,
    // A discipline is chosen within its course.
    discipline: course ? positiveId(params.get('discipline')) : null,
    minPrice,
    maxPrice,
    sort: oneOf(LISTING_SORTS, params.get('sort')) ?? 'recent',
  }
}

/**
 * Writes the filters back into `current` (other parameters are kept), leaving out defaults so a
 * shared link stays short. Returns the query string without '?'.
 */
export function serializeListingSearch(filters: ListingUrlFilters, current = ''): string {
  const params = new URLSearchParams(current)
  for (const key of FILTER_KEYS) params.delete(key)
  const q = filters.q.trim()
  if (q) params.set('q', q)
  if (filters.category) params.set('category', filters.category)
  if (filters.subcategory) params.set('subcategory', String(filters.subcategory))
  if (filters.condition) params.set('condition', filters.condition)
  if (filters.course) params.set('course', String(filters.course))
  if (filters.course && filters.discipline) params.set('discipline', String(filters.discipline))
  if (filters.minPrice > 0) params.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice < PRICE_FILTER_MAX) params.set('maxPrice', String(filters.maxPrice))
  if (filters.sort !== 'recent') params.set('sort', filters.sort)
  return params.toString()
}

export const isPriceFiltered = (filters: ListingUrlFilters) =>
  filters.minPrice > 0 || filters.maxPrice < PRICE_FILTER_MAX

/** How many narrowing filters are on (sort only reorders, the portal's category is counted apart). */
export function countActiveFilters(filters: ListingUrlFilters, { condition = true } = {}): number {
  return [
    filters.q !== '',
    filters.subcategory !== null,
    condition && filters.condition !== null,
    filters.course !== null,
    filters.discipline !== null,
    isPriceFiltered(filters),
  ].filter(Boolean).length
}

export type ListingsQueryInput = Omit<RouterInputs['listings']['list'], 'cursor'>

/**
 * The `listings.list` input for these filters. The price goes only when it narrows something, in
 * centavos, and the condition only where the page offers it (desapegos).
 */
export function toListingsInput(
  filters: ListingUrlFilters,
  options: {
    mainCategory: MainCategorySlug | null
    allowCondition: boolean
    communitySlug: string | undefined
  },
): ListingsQueryInput {
  const input: ListingsQueryInput = { sort: filters.sort }
  if (options.communitySlug) input.communitySlug = options.communitySlug
  if (filters.q) input.q = filters.q
  if (options.mainCategory) input.mainCategory = options.mainCategory
  if (filters.subcategory) input.subcategoryId = filters.subcategory
  if (options.allowCondition && filters.condition) input.condition = filters.condition
  if (filters.course) input.courseId = filters.course
  if (filters.course && filters.discipline) input.disciplineId = filters.discipline
  if (filters.minPrice > 0) input.minPriceCents = reaisToCents(filters.minPrice)
  if (filters.maxPrice < PRICE_FILTER_MAX) input.maxPriceCents = reaisToCents(filters.maxPrice)
  return input
}
