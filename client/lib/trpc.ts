import type { AppRouter } from '@server/routers/_app'
import { QueryClient } from '@tanstack/react-query'
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client'
import { createTRPCReact } from '@trpc/react-query'

export const trpc = createTRPCReact<AppRouter>()

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused call (4xx) will be refused again: retry only what may be transient.
        retry: (count, error) => {
          const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus
          return count < 2 && (status === undefined || status >= 500)
        },
      },
    },
  })
}

/** Subscriptions travel over the WebSocket (lazily opened, reconnecting); everything else over batched HTTP. */
export function createTrpcClient() {
  const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`
  const wsClient = createWSClient({
    url: wsUrl,
    lazy: { enabled: true, closeMs: 10_000 },
    retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
  })
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({ url: '/api/trpc', maxURLLength: 4000 }),
      }),
    ],
  })
}
