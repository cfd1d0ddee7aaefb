import { beforeAll, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../server/realtime/subscriptions'
import { appRouter } from '../../server/routers/_app'
import { createContextInner } from '../../server/trpc/context'
import { createCallerFactory } from '../../server/trpc/init'
import { expectAppError } from '../support/assertions'
import { browserHeaders, sessionCookieFor, setUpHttpApp } from '../support/http'
import { callerFor, setUpTestWorld } from '../support/test-app'

/** Every subscription of the router: live updates are only served over the WebSocket. */
const subscriptions = Object.entries(appRouter._def.procedures)
  .filter(
    ([, procedure]) => (procedure as unknown as { _def: { type: string } })._def.type === 'subscription',
  )
  .map(([path]) => path)

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)
let cookie: string

beforeAll(async () => {
  cookie = sessionCookieFor(world.services, (await createStudent(world.db, { member: true })).id)
})

/** Opens the request and reads only the head: an event stream would never end on its own. */
async function head(path: string, init: RequestInit) {
  const controller = new AbortController()
  const response = await fetch(`${http.app.url}/api/trpc/${path}`, { ...init, signal: controller.signal })
  const result = { status: response.status, type: response.headers.get('content-type') ?? '' }
  controller.abort()
  return result
}

describe('subscriptions over plain HTTP', () => {
  it('finds the subscriptions of the router', () => {
    expect(subscriptions).toEqual(expect.arrayContaining(['chat.events', 'auth.onAccountChange']))
  })

  it.each(subscriptions)(
    'GET %s with a valid session cookie is refused, with no event stream',
    async (path) => {
      const response = await head(path, {
        headers: { ...browserHeaders(http.app.url, cookie), accept: 'text/event-stream' },
      })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(response.type).not.toContain('text/event-stream')
    },
  )

  it.each(subscriptions)('POST %s is refused too', async (path) => {
    const response = await head(path, {
      method: 'POST',
      headers: { ...browserHeaders(http.app.url, cookie), 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.type).not.toContain('text/event-stream')
  })
})

describe('a refusal raised by a running stream', () => {
  it('reaches the client with its status and code, as a call refused by a middleware', async () => {
    const member = callerFor(world.services, { userId: (await createStudent(world.db, { member: true })).id })
    const closing = new AbortController()
    // A WebSocket connection that already holds every subscription slot it may.
    const ctx = createContextInner({
      services: world.services,
      session: member.session,
      user: member.user,
      request: {
        ip: null,
        userAgent: null,
        subscriptions: { active: MAX_SUBSCRIPTIONS_PER_CONNECTION },
      },
    })
    const caller = createCallerFactory(appRouter)(ctx, { signal: closing.signal })
    const stream = (await caller.auth.onAccountChange())[Symbol.asyncIterator]()
    try {
      await expectAppError(stream.next(), 'TOO_MANY_LIVE_UPDATES', 'TOO_MANY_REQUESTS')
    } finally {
      closing.abort()
    }
  })
})
