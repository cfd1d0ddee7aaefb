/** Where to go after signing in: navigation state first (spec), then `?from=`, then the default. */
export function readReturnPath(search: string, fallback: string): string {
  // A server render has only the query, which the client's redirects always carry too.
  const state = typeof window === 'undefined' ? null : (window.history.state as { from?: unknown } | null)
  const fromState = state?.from
  const fromQuery = new URLSearchParams(search).get('from')
  for (const candidate of [fromState, fromQuery]) {
    if (typeof candidate === 'string' && candidate.startsWith('/') && !candidate.startsWith('//'))
      return candidate
  }
  return fallback
}

/** The current absolute location, to come back to after signing in. */
export const currentPath = () => `${window.location.pathname}${window.location.search}`
