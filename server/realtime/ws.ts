import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import proxyAddr from 'proxy-addr'
import { type WebSocket, WebSocketServer } from 'ws'
import { liveCommunityCheck, splitCommunityPrefix } from '../http/community-prefix'
import { isSameOrigin } from '../http/security'
import { resolveSession } from '../people/auth/identity'
import { readSessionToken } from '../people/auth/session'
import { appRouter } from '../routers/_app'
import type { AppServices } from '../services'
import { createContextInner } from '../trpc/context'

export const WS_PATH = '/api/ws'
/** Largest frame a client may send: chat messages are small. */
const MAX_PAYLOAD_BYTES = 64 * 1024
/**
 * Open sockets per client address. A campus Wi-Fi puts hundreds of students behind one address, each
 * with a tab or two, so the cap is generous; it stops one machine from holding thousands.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 500

export type WebSocketOptions = {
  /** How many reverse proxies to trust for the client address, as Express's 'trust proxy' (TRUST_PROXY). */
  trustProxy: number
  maxConnectionsPerAddress?: number
}

/** The client address as Express computes req.ip: X-Forwarded-For read only as far as the trusted proxies. */
export function socketClientAddress(req: IncomingMessage, trustProxy: number): string {
  return proxyAddr(req, (_address, hop) => hop < trustProxy)
}

/**
 * What a connection keeps of its upgrade request, for as long as it stays open: the few fields read
 * later (tRPC reads the URL and host; the context, the cookie and the browser). Holding the
 * IncomingMessage itself would keep its header lists and stream state for every open socket.
 */
function keptOfUpgrade(
  req: IncomingMessage,
): Pick<IncomingMessage, 'url'> & { headers: IncomingHttpHeaders } {
  const { host, cookie } = req.headers
  return { url: req.url, headers: { host, cookie, 'user-agent': req.headers['user-agent'] } }
}

/** tRPC subscriptions over WebSocket on the app's own HTTP server, authenticated by the session cookie. */
export function attachWebSockets(server: Server, services: AppServices, options: WebSocketOptions) {
  const maxPerAddress = options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS
  const openByAddress = new Map<string, number>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES })
  /** Live subscriptions over every socket, for the metrics (each socket also counts its own, to cap them). */
  const allSubscriptions = { active: 0 }
  const isLiveCommunity = liveCommunityCheck(services.db)
  /** Each socket's client address, worked out once at the upgrade. */
  const addressOf = new WeakMap<WebSocket, string>()
  server.on('upgrade', (req, socket, head) => {
    const url = req.url ?? '/'
    // A page opened under /{slug} connects under the same prefix (see http/community-prefix.ts).
    const path = new URL(splitCommunityPrefix(url, isLiveCommunity)?.path ?? url, 'http://localhost').pathname
    if (path !== WS_PATH) return // Vite's hot reload has its own upgrade path in development.
    if (!isSameOrigin(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    const address = socketClientAddress(req, options.trustProxy)
    const open = openByAddress.get(address) ?? 0
    if (open >= maxPerAddress) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\n\r\n')
      return
    }
    const release = countConnection(address)
    // A socket that never completes the handshake gives its place back too.
    socket.once('close', release)
    const kept = keptOfUpgrade(req)
    wss.handleUpgrade(req, socket, head, (client) => {
      client.once('close', release)
      addressOf.set(client, address)
      wss.emit('connection', client, kept)
    })
  })

  /**
   * Counts one more socket of the address; the returned function gives its place back (once). Outside
   * the upgrade handler on purpose: a closure made there would keep the whole request alive with it.
   */
  function countConnection(address: string): () => void {
    openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1)
    let counted = true
    return () => {
      if (!counted) return
      counted = false
      const left = (openByAddress.get(address) ?? 1) - 1
      if (left > 0) openByAddress.set(address, left)
      else openByAddress.delete(address)
    }
  }

  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req, res }) => {
      const subscriptions = { active: 0, all: allSubscriptions }
      const ip = addressOf.get(res) ?? null
      // Records the session's use as the connection opens. Who is behind each call is read again at
      // the call (see sessionProcedure), so the connection keeps no member of its own: with thousands
      // of sockets open, a copy of each member and session per socket is memory for nothing.
      resolveSession(services, req, undefined, { ip })
      return createContextInner({
        services,
        session: null,
        user: null,
        request: {
          ip,
          userAgent: req.headers['user-agent'] ?? null,
          cookieHeader: req.headers.cookie,
          sessionToken: readSessionToken(req.headers.cookie) ?? null,
          subscriptions,
        },
      })
    },
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  })

  return {
    /** Open sockets of one client address (for tests and metrics). */
    openConnections: (address: string) => openByAddress.get(address) ?? 0,
    /** Open sockets in all (for the metrics). */
    openTotal: () => wss.clients.size,
    /** Live subscriptions over every socket (for the metrics). */
    activeSubscriptions: () => allSubscriptions.active,
    /** Asks every client to reconnect (to another instance, or to this one after a restart). */
    close() {
      handler.broadcastReconnectNotification()
      for (const client of wss.clients) client.close(1012, 'reiniciando')
      wss.close()
    },
  }
}
