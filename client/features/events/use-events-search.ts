import { useSearchState } from '@/lib/use-search-state'
import { parseEventsSearch, serializeEventsSearch } from './event-search-params'

/** The events page's search and tab, kept in the query string. */
export function useEventsSearch() {
  const [value, update] = useSearchState(parseEventsSearch, serializeEventsSearch)
  return { ...value, update }
}
