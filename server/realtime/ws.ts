import type { Server } from 'node:http'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { WebSocketServer } from 'ws'
import { readSessionToken } from '../auth/session'
import { isSameOrigin } from '../http/security'
import { appRouter } from '../routers/_app'
import { type AppServices, createContextInner, resolveSession } from '../trpc/context'

export const WS_PATH = '/api/ws'
/** Largest frame a client may send: chat messages are small. */
const MAX_PAYLOAD_BYTES = 64 * 1024

/** tRPC subscriptions over WebSocket on the app's own HTTP server, authenticated by the session cookie. */
export function attachWebSockets(server: Server, services: AppServices) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES })
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path !== WS_PATH) return // Vite's hot reload has its own upgrade path in development.
    if (!isSameOrigin(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (client) => wss.emit('connection', client, req))
  })

  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) =>
      createContextInner({
        services,
        ...resolveSession(services, req),
        request: {
          ip: req.socket.remoteAddress ?? null,
          userAgent: req.headers['user-agent'] ?? null,
          sessionToken: readSessionToken(req.headers.cookie) ?? null,
          subscriptions: { active: 0 },
        },
      }),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  })

  return {
    /** Asks every client to reconnect (to another instance, or to this one after a restart). */
    close() {
      handler.broadcastReconnectNotification()
      for (const client of wss.clients) client.close(1012, 'reiniciando')
      wss.close()
    },
  }
}
