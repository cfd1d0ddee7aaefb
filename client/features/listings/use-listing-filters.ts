import { useCallback } from 'react'
import { useSearchState } from '@/lib/use-search-state'
import { DEFAULT_LISTING_FILTERS, parseListingSearch, serializeListingSearch } from './listing-search-params'

/** The listing filters, kept in the query string. */
export function useListingFilters() {
  const [filters, setFilters, filtersHref] = useSearchState(parseListingSearch, serializeListingSearch)
  const clearFilters = useCallback(() => setFilters(DEFAULT_LISTING_FILTERS), [setFilters])
  return { filters, setFilters, filtersHref, clearFilters }
}
