import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import {
  DEFAULT_LISTING_FILTERS,
  type ListingUrlFilters,
  parseListingSearch,
  serializeListingSearch,
} from './listing-search-params'

/**
 * The listing filters, kept in the query string so a link reproduces the view. Changes replace the
 * history entry: the back button leaves the page instead of undoing filters one by one.
 */
export function useListingFilters() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const filters = useMemo(() => parseListingSearch(search), [search])

  const setFilters = useCallback(
    (patch: Partial<ListingUrlFilters>) => {
      const query = serializeListingSearch({ ...filters, ...patch }, search)
      navigate(query ? `${location}?${query}` : location, { replace: true })
    },
    [filters, search, location, navigate],
  )

  const clearFilters = useCallback(() => setFilters(DEFAULT_LISTING_FILTERS), [setFilters])

  return { filters, setFilters, clearFilters }
}
