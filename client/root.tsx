import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'
import { LibrasWidget } from '@/features/libras/libras-widget'
import { ViewerProvider } from '@/lib/auth'
import { isToasterWanted, watchToasterWanted } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { App } from './app'

const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })))

/** The Toaster, mounted when the first toast is asked for (toasts wait for it, see lib/toast.ts). */
function ToasterOnDemand() {
  const wanted = useSyncExternalStore(watchToasterWanted, isToasterWanted, () => false)
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
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
        <ViewerProvider>{wrap(<App />)}</ViewerProvider>
        <ToasterOnDemand />
        <LibrasWidget />
      </QueryClientProvider>
    </trpc.Provider>
  )
}
