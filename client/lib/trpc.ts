import type { AppRouter } from '@server/routers/_app'
import { API_BATCH_MAX } from '@shared/limits'
import { QueryClient } from '@tanstack/react-query'
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client'
import { createTRPCReact } from '@trpc/react-query'
import { httpStatusOf } from '@/lib/errors'
import { instanceUrl } from '@/lib/instance-url'

export const trpc = createTRPCReact<AppRouter>()

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused call (4xx) will be refused again: retry only what may be transient.
        retry: (count, error) => {
          const status = httpStatusOf(error)
          return count < 2 && (status === undefined || status >= 500)
        },
      },
    },
  })
}

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

/**
 * The server knows who a WebSocket belongs to by the cookie sent when it opened, so after signing
 * in, up or out the socket must be reopened. Closing the raw socket (not the client) makes the
 * client reconnect with the current cookies and resubscribe, resuming from the last event id.
 */
export function reconnectRealtime(): void {
  realtime?.connection?.ws?.close()
}

/**
 * What an open conversation sends while its subscription holds the socket open: over the WebSocket
 * these skip a new HTTP request, its cookie and headers, and the session lookup of the request.
 */
const SENT_OVER_SOCKET = new Set(['chat.send', 'chat.typing', 'chat.markRead'])

/**
 * Subscriptions and a conversation's sends travel over the WebSocket (lazily opened, reconnecting);
 * everything else over batched HTTP.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription' || SENT_OVER_SOCKET.has(op.path),
        true: wsLink({ client: realtimeClient() }),
        false: httpBatchLink({ url: instanceUrl('/api/trpc'), maxURLLength: 4000, maxItems: API_BATCH_MAX }),
      }),
    ],
  })
}
