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
): [State, (patch: Partial<State>) => void, (patch: Partial<State>) => string] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const state = useMemo(() => parse(search), [parse, search])

  /** The link to the view with `patch` applied, relative to the router's base (for a `Link`). */
  const hrefFor = useCallback(
    (patch: Partial<State>) => {
      const query = serialize({ ...state, ...patch }, search)
      return query ? `${location}?${query}` : location
    },
    [serialize, state, search, location],
  )
  const update = useCallback(
    (patch: Partial<State>) => navigate(hrefFor(patch), { replace: true }),
    [hrefFor, navigate],
  )

  return [state, update, hrefFor]
}
