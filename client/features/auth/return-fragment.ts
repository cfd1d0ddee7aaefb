/**
 * A link's fragment (the hand-off code after `#`) never reaches the server, so it cannot ride in
 * `?from=` through the sign-in: the tab keeps it here, for the page it belongs to, until that page
 * takes it back.
 */
const KEY = 'vupt:fragmento-de-volta'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    // Storage blocked by the browser: the visitor types the code instead.
    return null
  }
}

/**
 * On the sign-in page: keeps the fragment of the link that led here for `path` (where the sign-in
 * returns) and takes it off the address bar. It arrives on the address (the server's redirect keeps it)
 * or in the navigation's state (the app's own redirect, `useSignInRedirect`).
 */
export function keepReturnFragment(path: string): void {
  const { hash, pathname, search } = window.location
  const state = window.history.state as { fragment?: unknown } | null
  const fragment = hash || (typeof state?.fragment === 'string' ? state.fragment : '')
  if (!fragment || fragment === '#') return
  storage()?.setItem(KEY, JSON.stringify({ path, hash: fragment }))
  if (hash) window.history.replaceState(state, '', `${pathname}${search}`)
}

/** The fragment kept for `path` (once: it is forgotten as it is read), or the empty string. */
export function takeReturnFragment(path: string): string {
  const store = storage()
  const kept = store?.getItem(KEY)
  if (!store || !kept) return ''
  try {
    const { path: keptFor, hash } = JSON.parse(kept) as { path?: unknown; hash?: unknown }
    if (keptFor !== path || typeof hash !== 'string') return ''
    store.removeItem(KEY)
    return hash
  } catch {
    store.removeItem(KEY)
    return ''
  }
}
