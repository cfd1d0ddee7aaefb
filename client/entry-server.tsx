/**
 * The server's way into the app: renders a request's page to HTML with the data it shows, read
 * through the same tRPC procedures (in process, with the request's session) and handed to the
 * browser as TanStack Query's dehydrated cache. The pages are the client's; nothing here knows them.
 */

import type { PublicConfig } from '@shared/community'
import { routes } from '@shared/routes'
import type { RenderRequest, RenderResult, ServerCall } from '@shared/ssr'
import { dehydrate, QueryClient, skipToken } from '@tanstack/react-query'
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import { createTRPCQueryUtils } from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import { createContext, use } from 'react'
import { renderToReadableStream } from 'react-dom/server.browser'
import { Router } from 'wouter'
import type { AppRouter } from '@/lib/api-types'
import { readConfigFrom } from '@/lib/config'
import { LazyUseContext } from '@/lib/lazy-page'
import { type DateRecord, recordDatesIn } from '@/lib/page-dates'
import { trpc } from '@/lib/trpc'
import { type PageMetaRecord, recordPageMetaIn } from '@/lib/use-page-title'
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

/**
 * Renders the page whole. React's Node build runs every render step inside an AsyncLocalStorage, which
 * makes Node track every promise of the process from the first page on (the thousands that open chat
 * subscriptions keep waiting included); its web-streams build keeps the request in scope itself.
 */
async function collect(
  element: React.ReactNode,
  report: ((error: unknown) => void) | undefined,
): Promise<{ html: string; failed: boolean }> {
  let failed = false
  const stop = new AbortController()
  const timeout = setTimeout(() => stop.abort(), RENDER_TIMEOUT_MS)
  try {
    const stream = await renderToReadableStream(element, {
      // Never outline a finished boundary behind a script that swaps it in later.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: stop.signal,
      onError(error) {
        // A boundary that failed renders its fallback; the browser renders it again with its own request.
        failed = true
        report?.(error)
      },
    })
    // Waits for every boundary: the page goes out whole, with no inline script to swap parts in (the
    // CSP allows none), readable with JavaScript off.
    await stream.allReady
    return { html: await new Response(stream).text(), failed }
  } finally {
    clearTimeout(timeout)
  }
}

/**
 * Each request's configuration (its community prefix above all) for the components it renders.
 * Renders of different requests interleave while they wait for data, so no module-level value could
 * hold it: the render carries it as a React context, which `appConfig()` reads while a component
 * renders. The few reads before the render (which community a path is in) get it for the length of one
 * synchronous call. An AsyncLocalStorage would also do, at the price of Node tracking every promise of
 * the process, the thousands that open chat subscriptions keep waiting included.
 */
const RequestConfig = createContext<PublicConfig | undefined>(undefined)
let configOutsideRender: PublicConfig | undefined
readConfigFrom(() => configOutsideRender ?? use(RequestConfig))

/** Each request's formatted dates, carried like its configuration: renders interleave. */
const RequestDates = createContext<DateRecord | undefined>(undefined)
recordDatesIn(() => use(RequestDates))

/** Each request's page title and link preview, carried the same way. */
const RequestPageMeta = createContext<PageMetaRecord | undefined>(undefined)
recordPageMetaIn(() => use(RequestPageMeta))

function withConfig<T>(config: PublicConfig, read: () => T): T {
  configOutsideRender = config
  try {
    return read()
  } finally {
    configOutsideRender = undefined
  }
}

export async function render({ url, call, onError, config }: RenderRequest): Promise<RenderResult> {
  const queryClient = suspendUntilData(
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } }),
  )
  const trpcClient = trpc.createClient({ links: [serverLink(call)] })
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient })

  const { pathname, search } = new URL(url, 'http://vupt.invalid')
  // null: nobody is signed in; undefined: the server could not tell (the browser asks again and decides).
  const viewer = await utils.auth.me.fetch(undefined, { staleTime: 60_000 }).catch(() => undefined)
  const { community, pathWithinCommunity } = withConfig(config, () => locateCommunity(pathname))
  const route = findRoute(community ? communityRoutes : rootRoutes, pathWithinCommunity)
  if (route && route.access !== 'public' && viewer === null) {
    const prefix = community ? `/${community.slug}` : ''
    return { redirect: `${prefix}${routes.auth({ from: `${pathname}${search}` })}` }
  }

  const lazy = new Set<string>()
  const dates: DateRecord = {}
  const page: PageMetaRecord = { meta: null }
  const { html, failed } = await collect(
    <RequestConfig value={config}>
      <RequestDates value={dates}>
        <RequestPageMeta value={page}>
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
          </LazyUseContext>
        </RequestPageMeta>
      </RequestDates>
    </RequestConfig>,
    onError,
  )
  const queries = dehydrate(queryClient)
  queryClient.clear()
  return { html, state: { queries, lazy: [...lazy] }, dates, failed, meta: page.meta }
}
