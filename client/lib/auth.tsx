import type { RouterOutputs } from './api-types'
import { trpc } from './trpc'

export type Viewer = NonNullable<RouterOutputs['auth']['me']>

/** The signed-in user (null when signed out); `isLoading` while the session is being read. */
export function useViewer() {
  const query = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 })
  return { viewer: query.data ?? null, isLoading: query.isLoading }
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
