import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { attachWebSockets, WS_PATH } from '../../server/realtime/ws'
import {
  browserHeaders,
  callTrpc,
  expressErrorBody,
  type RunningApp,
  startAppWithPages,
} from '../support/http'
import { createTestServices, setUpTestWorld } from '../support/test-app'

const GENERIC = 'Algo deu errado. Tente novamente em instantes.'
/** What must never reach a client: database, library and file-system details. */
const LEAK = /sqlite|no such table|listings_fts|constraint|unterminated|node_modules|\.ts:\d|\n\s+at /i

/** The app's logger, writing its JSON lines here instead of stdout. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
  return { logger, lines }
}

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp
let log: ReturnType<typeof recordingLogger>

beforeAll(async () => {
  log = recordingLogger()
  world.services = createTestServices(world.db, { logger: log.logger })
  app = await startAppWithPages(world.services)
  // Break the database under the app: the search index and the events table are gone.
  world.db.$client.pragma('foreign_keys = off')
  world.db.$client.exec('drop table listings_fts')
  world.db.$client.exec('drop table events')
})

afterAll(async () => {
  await app.close()
})

type ErrorBody = { error: { message: string; data: { httpStatus: number; requestId: string | null } } }

/** The log lines about the request with this id. */
const logged = (requestId: string) => log.lines.filter((line) => line.requestId === requestId)

describe('an unexpected failure inside a procedure', () => {
  it('reaches the client as a generic message with a request id; the details only reach the log', async () => {
    const reply = await callTrpc(app.url, 'listings.list', 'query', { q: 'livro de cálculo' })
    expect(reply.status).toBe(500)
    expect(reply.text).not.toMatch(LEAK)
    const body = reply.json as ErrorBody
    expect(body.error.message).toBe(GENERIC)
    const requestId = reply.headers.get('x-request-id')
    expect(requestId).toBeTruthy()
    expect(body.error.data.requestId).toBe(requestId)
    expect(body.error.data.httpStatus).toBe(500)
    const lines = logged(String(requestId))
    expect(lines).toHaveLength(1)
    expect(JSON.stringify(lines[0])).toMatch(/no such table: listings_fts/)
  })

  it('keeps the message of a deliberate refusal', async () => {
    const reply = await callTrpc(app.url, 'listings.byId', 'query', { id: 1 })
    expect(reply.status).toBe(401)
    expect((reply.json as ErrorBody).error.message).toBe('Sessão encerrada')
    expect(logged(String(reply.headers.get('x-request-id')))).toEqual([])
  })
})

describe('an unexpected failure over the WebSocket', () => {
  it('reaches the client as the same generic message, with an id that is in the log', async () => {
    const server = createServer((_req, res) => res.end())
    const sockets = attachWebSockets(server, world.services, { trustProxy: 0 })
    server.listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const socket = new WebSocket(`${origin.replace('http:', 'ws:')}${WS_PATH}`, { headers: { origin } })
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
      const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))))
      socket.send(
        JSON.stringify({ id: 1, method: 'query', params: { path: 'listings.list', input: { q: 'livro' } } }),
      )
      const text = await answer
      expect(text).not.toMatch(LEAK)
      const { error } = JSON.parse(text) as ErrorBody
      expect(error.message).toBe(GENERIC)
      expect(error.data.requestId).toMatch(/^[0-9a-f-]{36}$/)
      expect(JSON.stringify(logged(String(error.data.requestId)))).toMatch(/no such table: listings_fts/)
    } finally {
      socket.terminate()
      sockets.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('an unexpected failure outside tRPC', () => {
  it('answers an API route with generic JSON, the request id, and logs the details', async () => {
    const response = await fetch(`${app.url}/api/eventos/1/calendario.ics`)
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(text).not.toMatch(LEAK)
    const requestId = response.headers.get('x-request-id')
    expect(JSON.parse(text)).toEqual(expressErrorBody(null, GENERIC, requestId))
    expect(JSON.stringify(logged(String(requestId)))).toMatch(/no such table: events/)
  })

  it('answers a page with a generic HTML page and the request id', async () => {
    // Every page reads the communities first: without their table, the page fails before it renders.
    // (Last of this file's tests: the table does not come back.)
    world.db.$client.exec('drop table communities')
    const response = await fetch(`${app.url}/univille/evento/7`, { headers: { accept: 'text/html' } })
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(text).not.toMatch(LEAK)
    expect(text).toContain(GENERIC)
    const requestId = String(response.headers.get('x-request-id'))
    expect(text).toContain(requestId)
    expect(JSON.stringify(logged(requestId))).toMatch(/no such table: communities/)
  })
})

describe('malformed requests', () => {
  it.each([
    ['an undecodable path', '/api/trpc/listings.list%E0%A4%A', 400],
    ['an unknown procedure', '/api/trpc/nao.existe', 404],
    ['a mutation by GET', '/api/trpc/auth.signOut', 405],
  ])('%s gets a 4xx with a Portuguese message', async (_label, path, status) => {
    const response = await fetch(`${app.url}${path}`, { headers: browserHeaders(app.url) })
    const text = await response.text()
    expect(response.status).toBe(status)
    expect(text).not.toMatch(/No procedure|Unsupported|URI malformed|procedure/i)
    expect((JSON.parse(text) as ErrorBody).error.message).toMatch(/[ãçéáíóú]|Requisição|inválid/)
  })

  it('invalid JSON gets a 400 with a Portuguese message, not the parser’s', async () => {
    const response = await fetch(`${app.url}/api/trpc/auth.signIn`, {
      method: 'POST',
      headers: { ...browserHeaders(app.url), 'content-type': 'application/json' },
      body: '{"email": ',
    })
    const text = await response.text()
    expect(response.status).toBe(400)
    expect(text).not.toMatch(/JSON|Unexpected|position/)
  })

  it('a batch whose body is not an object gets tRPC’s refusal in Portuguese', async () => {
    const response = await fetch(`${app.url}/api/trpc/auth.signIn,auth.signOut?batch=1`, {
      method: 'POST',
      headers: { ...browserHeaders(app.url), 'content-type': 'application/json' },
      body: '"texto"',
    })
    const text = await response.text()
    // A batch answers 207 with one refusal per call.
    expect([207, 400]).toContain(response.status)
    expect(text).not.toMatch(/needs to be|batch call|input/i)
    expect(text).toContain('Requisição inválida.')
  })

  it('every response carries its own request id', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await fetch(`${app.url}/healthz`)).headers.get('x-request-id')),
    )
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })
})
