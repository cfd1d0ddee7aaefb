import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { attachWebSockets, WS_PATH } from '../../server/realtime/ws'
import type { AppRouter } from '../../server/routers/_app'
import { browserHeaders, expressErrorBody, sessionCookieFor, setUpHttpApp } from '../support/http'
import { solidJpeg } from '../support/images'
import { createMarketScene, type MarketScene, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)
let server: Server
let sockets: ReturnType<typeof attachWebSockets>
let origin: string
let scene: MarketScene

beforeAll(async () => {
  server = createServer((_req, res) => res.end())
  sockets = attachWebSockets(server, world.services, { trustProxy: 0 })
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  scene = await createMarketScene(world, { title: 'Calculadora HP 12c' })
})

afterAll(async () => {
  sockets.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** A member's page: one WebSocket with their cookie, every frame the server sent kept as text. */
function openPage(cookie: string) {
  const frames: string[] = []
  class PageSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { origin, cookie } })
      this.on('message', (data) => frames.push(String(data)))
    }
  }
  const socket = createWSClient({
    url: `${origin.replace('http', 'ws')}${WS_PATH}`,
    WebSocket: PageSocket as unknown as typeof globalThis.WebSocket,
  })
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] })
  return { client, frames, close: () => socket.close() }
}

/** A subscription's life as the page sees it: what arrived, whether the server ended it, its error. */
type Watched = { data: unknown[]; stopped: boolean; error: unknown; next: Promise<unknown> }

function watch(
  subscribe: (handlers: {
    onData: (value: unknown) => void
    onStopped: () => void
    onError: (error: unknown) => void
  }) => unknown,
): Watched {
  let arrived: (value: unknown) => void = () => {}
  const watched: Watched = {
    data: [],
    stopped: false,
    error: null,
    next: new Promise((resolve) => {
      arrived = resolve
    }),
  }
  subscribe({
    onData: (value) => {
      watched.data.push(value)
      const resolve = arrived
      watched.next = new Promise((next) => {
        arrived = next
      })
      resolve(value)
    },
    onStopped: () => {
      watched.stopped = true
    },
    onError: (error) => {
      watched.error = error
      arrived(error)
    },
  })
  return watched
}

async function upload(cookie: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await solidJpeg())], { type: 'image/jpeg' }), 'foto.jpg')
  const response = await fetch(`${http.app.url}/api/uploads?kind=listing`, {
    method: 'POST',
    body: form,
    headers: browserHeaders(http.app.url, cookie),
  })
  return { status: response.status, body: await response.json() }
}

describe('a suspension reaches what the member already has open', () => {
  it('ends their live chat and notifications on the open socket, and refuses their uploads', async () => {
    const cookie = sessionCookieFor(world.services, scene.seller.id)
    expect((await upload(cookie)).status).toBe(201)

    const page = openPage(cookie)
    const chat = watch((handlers) => page.client.chat.events.subscribe(undefined, handlers))
    const bell = watch((handlers) => page.client.notifications.live.subscribe(undefined, handlers))
    const account = watch((handlers) => page.client.auth.onAccountChange.subscribe(undefined, handlers))
    await bell.next
    // The chat is live before the suspension: a message reaches the member.
    const firstChat = chat.next
    await world.services.bus.listening('chat', scene.seller.id)
    await scene.buyer.caller.chat.send({ conversationId: scene.conversationId, content: 'Ainda tem?' })
    expect(await firstChat).toMatchObject({ data: { message: { content: 'Ainda tem?' } } })

    await scene.buyer.caller.safety.report({ targetType: 'user', targetId: scene.seller.id, reason: 'scam' })
    const told = account.next
    await scene.moderator.caller.admin.reports.resolve({
      targetType: 'user',
      targetId: scene.seller.id,
      action: 'suspend',
      days: 3,
      note: 'Golpe no chat',
    })
    // The page is told, on the subscription a suspended member keeps, so it shows the suspension.
    expect(await told).toEqual({ reason: 'suspended' })

    await scene.buyer.caller.chat.send({ conversationId: scene.conversationId, content: 'Mandei o Pix' })
    // A call on the same socket: its answer comes after anything the server sent before it.
    await page.client.auth.me.query()
    expect(page.frames.some((frame) => frame.includes('Mandei o Pix'))).toBe(false)
    expect(chat.data).toHaveLength(1)
    expect(chat.stopped).toBe(true)
    expect(bell.stopped).toBe(true)
    expect(account.stopped).toBe(false)

    // Opening them again on the same socket is refused, with the code the page shows.
    const again = watch((handlers) => page.client.chat.events.subscribe(undefined, handlers))
    await again.next
    expect(again.error).toMatchObject({ data: { code: 'FORBIDDEN', appCode: 'ACCOUNT_SUSPENDED' } })

    expect(await upload(cookie)).toEqual({
      status: 403,
      body: expressErrorBody('ACCOUNT_SUSPENDED', 'Sua conta está suspensa.'),
    })
    page.close()
  })
})
