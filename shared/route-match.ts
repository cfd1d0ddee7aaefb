import { parse } from 'regexparam'
import { CLIENT_ROUTES } from './routes'

// Apart from the builders in ./routes, which the client bundles: the server alone matches paths here.

const patterns = CLIENT_ROUTES.map((route) => parse(route).pattern)

/** Whether the client has a page for the path; `communitySlugs` are the live communities. */
export function isClientRoute(pathname: string, communitySlugs: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (patterns.some((pattern) => pattern.test(path))) return true
  const [, first, ...rest] = path.split('/')
  if (!first || !communitySlugs.includes(first)) return false
  const inner = `/${rest.join('/')}`
  return patterns.some((pattern) => pattern.test(inner))
}
