import type { ReactNode } from 'react'
import { PageLoadFailed } from '@/components/page-states'
import { useLoadErrorToast } from '@/lib/toast'

/** What PageQueryStates needs of the query behind a whole page. */
type PageQuery<T> = { data: T | undefined; error: unknown; isFetching: boolean; refetch: () => unknown }

/**
 * The states of a page that shows one thing (a profile, a hand-off), checked in this order: missing or off
 * limits (`unavailable`), failed for another reason (the toast and a retry), loading, and at last the thing.
 */
export function PageQueryStates<T>({
  query,
  notFound,
  unavailable,
  errorTitle,
  failedTitle,
  toastId,
  loading,
  children,
}: {
  query: PageQuery<T>
  notFound: boolean
  unavailable: ReactNode
  /** The toast's title when the load fails. */
  errorTitle: string
  /** The page's heading when the load fails. */
  failedTitle: string
  toastId: string
  loading: ReactNode
  children: (data: T) => ReactNode
}) {
  const failure = query.error && !notFound ? query.error : null
  useLoadErrorToast(failure, errorTitle, toastId)
  if (notFound) return unavailable
  if (failure) {
    return (
      <PageLoadFailed title={failedTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  }
  if (query.data === undefined) return loading
  return children(query.data)
}
