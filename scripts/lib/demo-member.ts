/** The demo's member, as the page benchmarks sign in: Marina, from scripts/seed-demo.ts. */
import { DEMO_MEMBER } from '../../tests/e2e/support/server'

export { DEMO_MEMBER }

export type Cookie = { name: string; value: string }

/** Signs the demo member in over the API and returns the session's cookies. */
export async function signInDemoMember(url: string): Promise<Cookie[]> {
  const response = await fetch(`${url}/api/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEMO_MEMBER),
  })
  const cookies = response.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';')
    const equals = pair.indexOf('=')
    return { name: pair.slice(0, equals), value: pair.slice(equals + 1) }
  })
  if (!response.ok || cookies.length === 0)
    throw new Error(`login de demonstração falhou: HTTP ${response.status}`)
  return cookies
}

/** The cookies as a request's `Cookie` header. */
export const cookieHeader = (cookies: Cookie[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

/** A tRPC query's data, as the client would read it. */
export async function trpcQuery<T>(url: string, path: string, input: unknown, cookie?: string): Promise<T> {
  const response = await fetch(`${url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: cookie ? { cookie } : {},
  })
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
  return ((await response.json()) as { result: { data: T } }).result.data
}
