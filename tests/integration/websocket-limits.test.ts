import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createStudent } from '../../server/db/factories'
import { accessRecords, sessions } from '../../server/db/schema'
import { attachWebSockets, WS_PATH } from '../../server/realtime/ws'
import { expectTRPCError } from '../support/assertions'
import { sessionCookieFor } from '../support/http'
import { callerFor, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
let server: Server
let sockets: ReturnType<typeof attachWebSockets>
let url: string
const open: WebSocket[] = []

async function listen(options: Parameters<typeof attachWebSockets>[2]) {
  server = createServer((_req, res) => res.end())
  sockets = attachWebSockets(server, world.services, options)
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${WS_PATH}`
}

/** Opens a socket as a page of ours would; resolves with the HTTP status when the upgrade is refused. */
function connect(headers: Record<string, string> = {}): Promise<{ socket?: WebSocket; refused?: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, {
      headers: { origin: url.replace('ws:', 'http:').replace(WS_PATH, ''), ...headers },
    })
    socket.once('open', () => {
      open.push(socket)
      resolve({ socket })
    })
    socket.once('unexpected-response', (_request, response) => resolve({ refused: response.statusCode }))
    socket.once('error', () => {})
  })
}

afterEach(async () => {
  for (const socket of open.splice(0)) socket.terminate()
  sockets?.close()
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve())
})

describe('WebSocket connections', () => {
  it('caps open sockets per client address, and a closed one frees its place', async () => {
    await listen({ trustProxy: 0, maxConnectionsPerAddress: 3 })
    const first = await connect()
    await connect()
    await connect()
    expect(await connect()).toEqual({ refused: 429 })

    first.socket?.close()
    await new Promise<void>((resolve) => first.socket?.once('close', () => resolve()))
    // The server sees the close a moment after the client does.
    for (let tries = 0; tries < 50 && sockets.openConnections('127.0.0.1') > 2; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect((await connect()).socket).toBeDefined()
  })

  it('behind a trusted proxy, counts the address the proxy reports, not the proxy’s', async () => {
    await listen({ trustProxy: 1, maxConnectionsPerAddress: 1 })
    expect((await connect({ 'x-forwarded-for': '200.18.45.1' })).socket).toBeDefined()
    expect((await connect({ 'x-forwarded-for': '200.18.45.2' })).socket).toBeDefined()
    expect(await connect({ 'x-forwarded-for': '200.18.45.1' })).toEqual({ refused: 429 })
    expect(sockets.openConnections('200.18.45.2')).toBe(1)
  })

  it('records a member’s session use with the address the trusted proxy reports', async () => {
    await listen({ trustProxy: 1 })
    const member = await createStudent(world.db, { member: true })
    const cookie = sessionCookieFor(world.services, member.id)
    // The HTTP call that made the session recorded its use already; the socket records the next one.
    world.db.delete(accessRecords).run()
    world.db.update(sessions).set({ accessRecordedAt: null }).run()
    await connect({ cookie, 'x-forwarded-for': '200.18.45.9' })
    let records: { ip: string | null }[] = []
    for (let tries = 0; tries < 50 && records.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      records = world.db
        .select({ ip: accessRecords.ip })
        .from(accessRecords)
        .where(eq(accessRecords.userId, member.id))
        .all()
    }
    expect(records).toEqual([{ ip: '200.18.45.9' }])
  })

  it('without a trusted proxy, a forged X-Forwarded-For changes nothing', async () => {
    await listen({ trustProxy: 0, maxConnectionsPerAddress: 1 })
    expect((await connect({ 'x-forwarded-for': '1.1.1.1' })).socket).toBeDefined()
    expect(await connect({ 'x-forwarded-for': '2.2.2.2' })).toEqual({ refused: 429 })
    expect(sockets.openConnections('127.0.0.1')).toBe(1)
  })
})

describe('chat.typing', () => {
  it('is rate-limited per member', async () => {
    const ana = await createStudent(world.db, { member: true })
    const bruno = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: ana.id })
    const { conversationId } = await caller.chat.start({ username: bruno.username ?? '' })
    for (let press = 0; press < 20; press++) await caller.chat.typing({ conversationId })
    await expectTRPCError(caller.chat.typing({ conversationId }), 'TOO_MANY_REQUESTS')
  })
})
