import { rmSync } from 'node:fs'
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client'
import { afterAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import type { AppRouter } from '../../server/routers/_app'
import { type RunningServer, startServer } from './support/server'
import { Api, preparePopulation } from './support/writers'

let server: RunningServer | undefined
let dataDir: string | undefined
const cleanups: (() => void)[] = []

afterAll(async () => {
  for (const cleanup of cleanups) cleanup()
  await server?.kill('SIGKILL')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('graceful restart', () => {
  it('a chat client reconnects to the new process after SIGTERM and receives the message sent while it was away, then live ones', async () => {
    server = await startServer({}, { keepData: true })
    dataDir = server.dataDir
    const { port, url } = server
    const population = await preparePopulation(dataDir, 1, 0)
    const [reader, sender] = population.writers
    if (!reader || !sender) throw new Error('sem membros')

    // The browser's client (tRPC's wsLink), with the reader's cookie. While `away` is set it cannot
    // reach the server, so the test decides when it comes back, after the message it must catch up on.
    const connection = { away: false }
    const cookie = `vupt_session=${reader.token}`
    class ReaderSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(connection.away ? 'ws://127.0.0.1:9/' : address, protocols, {
          headers: { cookie, origin: url },
        })
      }
    }
    const wsClient = createWSClient({
      url: `ws://127.0.0.1:${port}/api/ws`,
      WebSocket: ReaderSocket as unknown as typeof globalThis.WebSocket,
      retryDelayMs: () => 200,
    })
    cleanups.push(() => void wsClient.close())
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] })
    const received: string[] = []
    let starts = 0
    const subscription = client.chat.events.subscribe(undefined, {
      onStarted: () => {
        starts += 1
      },
      onData: ({ data }) => {
        if (data.type === 'message') received.push(data.message.content)
      },
    })
    cleanups.push(() => subscription.unsubscribe())

    const send = (content: string) =>
      new Api(url, sender.token).mutation('chat.send', { conversationId: sender.conversationId, content })

    await vi.waitFor(() => expect(starts).toBe(1), { timeout: 10_000 })
    await send('antes do reinício')
    await vi.waitFor(() => expect(received).toEqual(['antes do reinício']), { timeout: 10_000 })
    const afterRestart = () => received.slice(1)

    connection.away = true
    await server.stop()
    server = await startServer({}, { dataDir, keepData: true, port })
    await send('enquanto estava fora')
    connection.away = false

    await vi.waitFor(() => expect(afterRestart()).toEqual(['enquanto estava fora']), { timeout: 15_000 })
    // It came through a new subscription on the new process, resumed from the last id it had seen.
    expect(starts).toBe(2)
    await send('depois de voltar')
    await vi.waitFor(() => expect(afterRestart()).toEqual(['enquanto estava fora', 'depois de voltar']))
  })
})
