import { LIBRAS_COOKIE, LIBRAS_COOKIE_MAX_AGE_SECONDS } from '@shared/libras'

/** Where the browser remembers the choice; the cookie below only tells the server about it. */
export const LIBRAS_STORAGE_KEY = 'vupt:libras'

export function librasChosen(): boolean {
  try {
    return localStorage.getItem(LIBRAS_STORAGE_KEY) === 'on'
  } catch {
    return false
  }
}

export function librasCookieSet(): boolean {
  return document.cookie.split('; ').includes(`${LIBRAS_COOKIE}=1`)
}

function writeCookie(on: boolean) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  const age = on ? LIBRAS_COOKIE_MAX_AGE_SECONDS : 0
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers students use (older Safari).
  document.cookie = `${LIBRAS_COOKIE}=${on ? '1' : ''}; Path=/; Max-Age=${age}; SameSite=Lax${secure}`
}

/**
 * Remembers the choice and reloads: the page's Content Security Policy comes with the page, so only a
 * page served after the cookie is set may load the widget (and only one served without it is rid of it).
 */
export function chooseLibras(on: boolean) {
  try {
    if (on) localStorage.setItem(LIBRAS_STORAGE_KEY, 'on')
    else localStorage.removeItem(LIBRAS_STORAGE_KEY)
  } catch {
    // Storage refused (private mode): the cookie still carries the choice for this session.
  }
  writeCookie(on)
  location.reload()
}

/**
 * Brings the cookie in line with the remembered choice (it may have expired or been cleared apart
 * from the storage). Returns true when the page must be reloaded to get the matching policy.
 */
export function syncLibrasCookie(): boolean {
  const chosen = librasChosen()
  if (chosen === librasCookieSet()) return false
  writeCookie(chosen)
  // Cookies refused: reloading would not help, and must not loop.
  return chosen && librasCookieSet()
}
