import { createWSClient, type TRPCLink, wsLink } from '@trpc/client'
import type { AppRouter } from './api-types'
import { instanceUrl } from './instance-url'

type RealtimeClient = ReturnType<typeof createWSClient>
let realtime: RealtimeClient | null = null

/**
 * One WebSocket client for the whole page. A singleton because React's StrictMode may build the tRPC
 * client twice, and `reconnectRealtime` must reach the socket that is actually in use.
 */
function realtimeClient(): RealtimeClient {
  realtime ??= createWSClient({
    url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${instanceUrl('/api/ws')}`,
    lazy: { enabled: true, closeMs: 10_000 },
    retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
  })
  return realtime
}

export const realtimeLink: TRPCLink<AppRouter> = (runtime) =>
  wsLink<AppRouter>({ client: realtimeClient() })(runtime)

/** See `reconnectRealtime` in trpc.ts. */
export function reconnect(): void {
  realtime?.connection?.ws?.close()
}
