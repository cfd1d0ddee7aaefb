import { createTRPCClient, createWSClient, wsLink } from '@trpc/client'
import WebSocket from 'ws'
import { WS_PATH } from '../../../server/realtime/ws'
import type { AppRouter } from '../../../server/routers/_app'

/**
 * A member's page as the browser keeps it: one WebSocket with the session cookie, tRPC subscriptions
 * over it, reconnecting on its own (and resuming tracked subscriptions from their last id) as the
 * client app does. `url` may change between reconnections (a proxy in front of several instances).
 */
export function liveMember(url: string | (() => string), token: string) {
  const origin = () => (typeof url === 'string' ? url : url())
  class SessionSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { origin: origin(), cookie: `vupt_session=${token}` } })
    }
  }
  const socket = createWSClient({
    url: () => `${origin().replace(/^http/, 'ws')}${WS_PATH}`,
    WebSocket: SessionSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 200,
  })
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] })
  return { client, close: () => socket.close() }
}
