/**
 * The server's way into the app: renders a request's page to HTML with the data it shows, read
 * through the same tRPC procedures (in process, with the request's session) and handed to the
 * browser as TanStack Query's dehydrated cache. The pages are the client's; nothing here knows them.
 */

import { AsyncLocalStorage } from 'node:async_hooks'
import { Writable } from 'node:stream'
import type { PublicConfig } from '@shared/community'
import type { RenderRequest, RenderResult, ServerCall } from '@shared/ssr'
import { dehydrate, QueryClient, skipToken } from '@tanstack/react-query'
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import { createTRPCQueryUtils } from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import { renderToPipeableStream } from 'react-dom/server'
import { Router } from 'wouter'
import type { AppRouter } from '@/lib/api-types'
import { readConfigFrom } from '@/lib/config'
import { LazyUseContext } from '@/lib/lazy-page'
import { trpc } from '@/lib/trpc'
import { locateCommunity } from './app'
import { Root } from './root'
import { communityRoutes, findRoute, rootRoutes } from './routes'

/** A page never waits longer than this for its data; past it, the browser finishes the render. */
const RENDER_TIMEOUT_MS = 5_000

/**
 * On the server a query that would run suspends until its data is there, so the HTML carries it.
 * One that is disabled (waiting for something only the browser has) stays pending on both sides, and
 * so does one the server was refused: it renders as loading, and the browser asks again and shows
 * the refusal its own way (a toast, a redirect).
 */
function suspendUntilData(client: QueryClient): QueryClient {
  type Options = { enabled?: unknown; queryFn?: unknown; queryHash?: string; suspense?: boolean }
  const base = client.defaultQueryOptions.bind(client) as (options: unknown) => Options
  const refused = new Set<string>()
  client.defaultQueryOptions = ((options: unknown) => {
    const defaulted = base(options)
    const hash = defaulted.queryHash ?? ''
    const query = client.getQueryCache().get(hash)
    if (query?.state.status === 'error') {
      refused.add(hash)
      client.getQueryCache().remove(query)
    }
    const enabled = defaulted.enabled === undefined || defaulted.enabled === true
    if (enabled && defaulted.queryFn !== skipToken && !refused.has(hash)) defaulted.suspense = true
    return defaulted
  }) as QueryClient['defaultQueryOptions']
  return client
}

function serverLink(call: ServerCall): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type !== 'query') {
          observer.error(TRPCClientError.from(new Error(`${op.type} fora do navegador: ${op.path}`)))
          return
        }
        call(op.path, op.input).then(
          (data) => {
            observer.next({ result: { type: 'data', data } })
            observer.complete()
          },
          (error: unknown) => observer.error(TRPCClientError.from(error as Error)),
        )
      })
}

function collect(
  element: React.ReactNode,
  report: ((error: unknown) => void) | undefined,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false
    const chunks: string[] = []
    const stream = renderToPipeableStream(element, {
      // Never outline a finished boundary behind a script that swaps it in later.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Waits for every boundary: the page goes out whole, with no inline script to swap parts in
      // (the CSP allows none), readable with JavaScript off.
      onAllReady() {
        const sink = new Writable({
          write(chunk, _encoding, done) {
            chunks.push(chunk.toString())
            done()
          },
          final(done) {
            clearTimeout(timeout)
            resolve({ html: chunks.join(''), failed })
            done()
          },
        })
        stream.pipe(sink)
      },
      onShellError: reject,
      onError(error) {
        // A boundary that failed renders its fallback; the browser renders it again with its own request.
        failed = true
        report?.(error)
      },
    })
    const timeout = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS)
  })
}

/**
 * Each request's configuration (its community prefix above all) for the components it renders:
 * renders of different requests interleave while they wait for data, so no module-level value could
 * hold it. The render's continuations (React's retries, the queries' promises) keep the request's store.
 */
const requestConfig = new AsyncLocalStorage<PublicConfig>()
readConfigFrom(() => requestConfig.getStore())

export function render(request: RenderRequest): Promise<RenderResult> {
  return requestConfig.run(request.config, () => renderPage(request))
}

async function renderPage({ url, call, onError }: RenderRequest): Promise<RenderResult> {
  const queryClient = suspendUntilData(
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } }),
  )
  const trpcClient = trpc.createClient({ links: [serverLink(call)] })
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient })

  const { pathname, search } = new URL(url, 'http://vupt.invalid')
  const viewer = await utils.auth.me.fetch(undefined, { staleTime: 60_000 }).catch(() => null)
  const { community, pathWithinCommunity } = locateCommunity(pathname)
  const route = findRoute(community ? communityRoutes : rootRoutes, pathWithinCommunity)
  if (route && route.access !== 'public' && !viewer) {
    const prefix = community ? `/${community.slug}` : ''
    return { redirect: `${prefix}/auth?from=${encodeURIComponent(`${pathname}${search}`)}` }
  }

  const lazy = new Set<string>()
  const { html, failed } = await collect(
    <LazyUseContext value={lazy}>
      <Root
        queryClient={queryClient}
        trpcClient={trpcClient}
        wrap={(children) => (
          <Router ssrPath={pathname} ssrSearch={search}>
            {children}
          </Router>
        )}
      />
    </LazyUseContext>,
    onError,
  )
  const queries = dehydrate(queryClient)
  queryClient.clear()
  return { html, state: { queries, lazy: [...lazy] }, failed }
}
