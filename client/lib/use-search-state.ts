import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * A page's state kept in the query string, so a link reproduces the view: read with `parse`, written
 * with `serialize` (which keeps the parameters it does not own from the current search). Changes
 * replace the history entry: the back button leaves the page instead of undoing them one by one.
 */
export function useSearchState<State>(
  parse: (search: string) => State,
  serialize: (state: State, current: string) => string,
): [State, (patch: Partial<State>) => void] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const state = useMemo(() => parse(search), [parse, search])

  const update = useCallback(
    (patch: Partial<State>) => {
      const query = serialize({ ...state, ...patch }, search)
      navigate(query ? `${location}?${query}` : location, { replace: true })
    },
    [serialize, state, search, location, navigate],
  )

  return [state, update]
}
