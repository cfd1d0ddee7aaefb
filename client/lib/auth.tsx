import { createContext, type ReactNode, useContext } from 'react'
import type { RouterOutputs } from './api-types'
import { trpc } from './trpc'

export type Viewer = NonNullable<RouterOutputs['auth']['me']>

type ViewerState = { viewer: Viewer | null; isLoading: boolean }

// Outside the provider (never in the app, possibly in isolated renders): signed out.
const ViewerContext = createContext<ViewerState>({ viewer: null, isLoading: false })

/**
 * The page's one `auth.me` query, read by every `useViewer`. A grid asks who is signed in twice per
 * card, and each query observer subscribes and starts a staleness timer in the one task that runs the
 * effects of a freshly hydrated page.
 */
export function ViewerProvider({ children }: { children: ReactNode }) {
  // Re-rendered only when the query's answer or its loading flag changes (tracked by TanStack Query).
  const { data, isLoading } = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 })
  return (
    <ViewerContext.Provider value={{ viewer: data ?? null, isLoading }}>{children}</ViewerContext.Provider>
  )
}

/** The signed-in user (null when signed out); `isLoading` while the session is being read. */
export function useViewer(): ViewerState {
  return useContext(ViewerContext)
}

/** Keeps `auth.me` current when an admin approves the account or changes it, without polling. */
export function useAccountLiveUpdates(enabled: boolean) {
  const utils = trpc.useUtils()
  trpc.auth.onAccountChange.useSubscription(undefined, {
    enabled,
    onData: () => {
      void utils.auth.me.invalidate()
    },
  })
}
