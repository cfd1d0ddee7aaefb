import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, useEffect } from 'react'
import { AfterHydration } from '@/components/after-hydration'
import { LibrasWidget } from '@/features/libras/libras-widget'
import { trpc } from '@/lib/trpc'
import { App } from './app'

const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })))

/** Marks the page as interactive once hydrated (`<html data-hydrated>`): browser tests wait for it. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}

type TrpcClient = ReturnType<typeof trpc.createClient>

/** The whole app, the same on the server and in the browser; only the clients and the router differ. */
export function Root({
  queryClient,
  trpcClient,
  wrap = (children) => children,
}: {
  queryClient: QueryClient
  trpcClient: TrpcClient
  /** The server's wouter Router (the request's path), around the app. */
  wrap?: (children: ReactNode) => ReactNode
}) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {wrap(<App />)}
        <AfterHydration>
          <Toaster />
        </AfterHydration>
        <LibrasWidget />
        <HydrationMark />
      </QueryClientProvider>
    </trpc.Provider>
  )
}
