import { parseCookie } from 'cookie'

let lastHeader: string | undefined
let lastCookies: Readonly<Record<string, string | undefined>> = {}

/**
 * The cookies of a Cookie header. A request reads several on its way (the session for the answer cache,
 * the headers and the identity; Libras for the policy and the cache key), so the last header parsed is
 * kept: the same text parses to the same cookies.
 */
export function cookiesOf(header: string): Readonly<Record<string, string | undefined>> {
  if (header !== lastHeader) {
    lastCookies = parseCookie(header)
    lastHeader = header
  }
  return lastCookies
}
