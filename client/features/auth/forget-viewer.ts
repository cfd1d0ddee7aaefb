import { hashKey, type QueryClient } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { trpc } from '@/lib/trpc'

/**
 * Forgets everything cached for a member who signed out, and then the member: every query and
 * mutation is dropped except `auth.me`, which becomes null where it is. A dropped `auth.me` would come
 * back as a new query that the page's one observer (ViewerProvider) does not watch, and the page would
 * go on showing the member.
 */
export function forgetViewer(queryClient: QueryClient): void {
  const viewerKey = getQueryKey(trpc.auth.me, undefined, 'query')
  const viewerHash = hashKey(viewerKey)
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== viewerHash })
  queryClient.getMutationCache().clear()
  queryClient.setQueryData(viewerKey, null)
}
