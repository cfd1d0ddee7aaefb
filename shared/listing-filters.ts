/** The listings pages' filters, without zod: pages that show no form import these. */
/** The price slider of the listings pages (spec §9): 0–1000 reais, step 10. */
export const PRICE_FILTER_MAX = 1000
export const PRICE_FILTER_STEP = 10
/** The slider's top in centavos, the unit of the `listings.list` price filter: at the top, no upper bound. */
export const PRICE_FILTER_MAX_CENTS = PRICE_FILTER_MAX * 100

export const LISTING_SORTS = ['recent', 'vupts', 'price-asc', 'price-desc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  recent: 'Mais recentes',
  vupts: 'Mais Vupts',
  'price-asc': 'Menor preço',
  'price-desc': 'Maior preço',
}
