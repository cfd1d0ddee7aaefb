import type { AppRouter } from '@server/routers/_app'
import { API_BATCH_MAX } from '@shared/limits'
import { QueryClient } from '@tanstack/react-query'
import { httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client'
import { createTRPCReact } from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import { httpStatusOf } from '@/lib/error-data'
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

type OperationLink = ReturnType<TRPCLink<AppRouter>>
let realtime: Promise<typeof import('./realtime')> | undefined

/**
 * The server knows who a WebSocket belongs to by the cookie sent when it opened, so after signing
 * in, up or out the socket must be reopened. Closing the raw socket (not the client) makes the
 * client reconnect with the current cookies and resubscribe, resuming from the last event id.
 */
export function reconnectRealtime(): void {
  void realtime?.then((module) => module.reconnect())
}

/**
 * Subscriptions over the WebSocket, whose client loads with the first subscription (a signed-in
 * member's live updates): a visitor never downloads it.
 */
function lazyRealtimeLink(): TRPCLink<AppRouter> {
  return (runtime) => {
    let operationLink: Promise<OperationLink> | undefined
    return ({ op, next }) =>
      observable((observer) => {
        let unsubscribe: (() => void) | undefined
        let closed = false
        realtime ??= import('./realtime')
        operationLink ??= realtime.then((module) => module.realtimeLink(runtime))
        operationLink.then(
          (link) => {
            if (!closed) unsubscribe = link({ op, next }).subscribe(observer).unsubscribe
          },
          (error: unknown) => observer.error(TRPCClientError.from(error as Error)),
        )
        return () => {
          closed = true
          unsubscribe?.()
        }
      })
  }
}

/**
 * What an open conversation sends while its subscription holds the socket open: over the WebSocket
 * these skip a new HTTP request, its cookie and headers, and the session lookup of the request. The
 * subscription has loaded the WebSocket client by then, so they add nothing to a visitor's download.
 */
const SENT_OVER_SOCKET = new Set(['chat.send', 'chat.typing', 'chat.markRead'])

/**
 * Subscriptions and a conversation's sends travel over the WebSocket (lazily loaded and opened,
 * reconnecting); everything else over batched HTTP.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription' || SENT_OVER_SOCKET.has(op.path),
        true: lazyRealtimeLink(),
        false: httpBatchLink({ url: instanceUrl('/api/trpc'), maxURLLength: 4000, maxItems: API_BATCH_MAX }),
      }),
    ],
  })
}
