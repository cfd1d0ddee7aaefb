import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { RouterOutputs } from './api-types'
import { trpc } from './trpc'

export type Viewer = NonNullable<RouterOutputs['auth']['me']>

type ViewerState = { viewer: Viewer | null; isLoading: boolean }

const ViewerContext = createContext<ViewerState | null>(null)

/**
 * The page's one `auth.me` query, read by every `useViewer`. A grid asks who is signed in twice per
 * card, and each query observer subscribes and starts a staleness timer when the page hydrates: on a
 * phone, that was tens of milliseconds in one task.
 */
export function ViewerProvider({ children }: { children: ReactNode }) {
  const query = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 })
  const viewer = query.data ?? null
  const state = useMemo(() => ({ viewer, isLoading: query.isLoading }), [viewer, query.isLoading])
  return <ViewerContext.Provider value={state}>{children}</ViewerContext.Provider>
}

/** The signed-in user (null when signed out); `isLoading` while the session is being read. */
export function useViewer(): ViewerState {
  const state = useContext(ViewerContext)
  if (!state) throw new Error('useViewer fora do ViewerProvider')
  return state
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
