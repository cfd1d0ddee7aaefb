import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { type EventsSearch, parseEventsSearch, serializeEventsSearch } from './event-search-params'

/**
 * The events page's search and tab, kept in the query string. Changes replace the history entry:
 * the back button leaves the page instead of undoing tabs one by one.
 */
export function useEventsSearch() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const value = useMemo(() => parseEventsSearch(search), [search])

  const update = useCallback(
    (patch: Partial<EventsSearch>) => {
      const query = serializeEventsSearch({ ...value, ...patch }, search)
      navigate(query ? `${location}?${query}` : location, { replace: true })
    },
    [value, search, location, navigate],
  )

  return { ...value, update }
}
