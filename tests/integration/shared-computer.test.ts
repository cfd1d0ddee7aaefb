import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { callTrpc, type RunningApp, rawRequest, sessionCookieFor, startAppWithPages } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

/** Campus computers are shared: what a member's browser keeps of them after they leave. */
const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp
let cookie: string

beforeAll(async () => {
  app = await startAppWithPages(world.services)
  cookie = sessionCookieFor(world.services, (await createStudent(world.db, { member: true })).id)
})
afterAll(() => app?.close())

describe('o que o navegador guarda de um membro', () => {
  it('uma página pedida por um membro nunca é guardada; a de um visitante, sim', async () => {
    for (const path of ['/univille/minha-conta', '/univille/portal', '/chat']) {
      const member = await rawRequest(`${app.url}${path}`, { headers: { cookie } })
      expect(member.status, path).toBe(200)
      expect(member.headers['cache-control'], path).toBe('no-store')
    }
    const visitor = await rawRequest(`${app.url}/univille/portal`)
    expect(visitor.headers['cache-control']).toBe('no-cache, private')
  })

  it('as respostas da API a um membro nunca são guardadas, nem as servidas da memória', async () => {
    for (const attempt of ['primeira', 'da memória']) {
      const list = await callTrpc(app.url, 'listings.list', 'query', { sort: 'recent' }, cookie)
      expect(list.status, attempt).toBe(200)
      expect(list.headers.get('cache-control'), attempt).toBe('no-store')
    }
    const me = await callTrpc(app.url, 'auth.me', 'query', undefined, cookie)
    expect(me.headers.get('cache-control')).toBe('no-store')
    // A visitor's portal is everybody's: checked again with the server before each use, never stale.
    const visitor = await callTrpc(app.url, 'listings.list', 'query', { sort: 'recent' })
    expect(visitor.headers.get('cache-control')).toBe('no-cache')
  })

  it('sair manda o navegador esquecer o cache e o armazenamento do site, não os outros cookies', async () => {
    const reply = await callTrpc(app.url, 'auth.signOut', 'mutation', undefined, cookie)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('clear-site-data')).toBe('"cache", "storage"')
    // The session cookie is blanked; the known-device cookie of sign-in limits is left as it is.
    expect(reply.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual(['vupt_session'])
    // A visitor's call that sets no session cookie clears nothing.
    const visitor = await callTrpc(app.url, 'auth.me', 'query', undefined)
    expect(visitor.headers.get('clear-site-data')).toBeNull()
  })
})
