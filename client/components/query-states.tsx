import type { ReactNode } from 'react'
import { LoadFailed } from '@/components/load-failed'
import { LoadingStatus } from '@/components/loading-status'
import { SkeletonStack } from '@/components/skeleton-stack'
import { describeError } from '@/lib/errors'
import { useLoadErrorToast } from '@/lib/toast'
import { cn } from '@/lib/utils'

// A query's states in a list or a section of a page. The failure box itself (LoadFailed) and the states
// of a whole page (page-states.tsx) stand apart: the pages a link opens use them without this module,
// which brings the error catalogue.

/** Placeholder rows while a list loads, announced once to screen readers. */
export function ListSkeleton({
  rows = 4,
  label = 'Carregando...',
  className,
  rowClassName = 'h-24',
}: {
  rows?: number
  label?: string
  className?: string
  rowClassName?: string
}) {
  return (
    <>
      <LoadingStatus>{label}</LoadingStatus>
      <SkeletonStack
        className={cn('grid gap-3', className)}
        shapes={Array(rows).fill(cn('w-full rounded-lg', rowClassName))}
      />
    </>
  )
}

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode
  title: string
  description?: string
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
      {icon ? <div className="text-muted-foreground [&>svg]:size-8">{icon}</div> : null}
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-sm text-muted-foreground text-sm">{description}</p> : null}
      {action}
    </div>
  )
}

/** What LoadError needs of a failed query: its error and a way to try again. */
type FailedQuery = { error: unknown; isFetching: boolean; refetch: () => unknown }

/** A failed load: the toast plus, in place of what failed, the toast's words and a retry. */
export function LoadError({
  title,
  query,
  toastId = `load-${title}`,
}: {
  title: string
  query: FailedQuery
  toastId?: string
}) {
  useLoadErrorToast(query.error, title, toastId)
  return (
    <LoadFailed
      title={title}
      description={describeError(query.error, title).description}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  )
}

/** What QueryStates needs of a query: LoadError's part, and where the query stands. */
export type StatefulQuery<T> = FailedQuery & { isPending: boolean; isError: boolean; data: T | undefined }

const hasNoItems = (data: unknown) => Array.isArray(data) && data.length === 0

/**
 * A query's states, checked in this order: the placeholders while it loads, the failure (by default
 * LoadError: the toast and a retry, even over data from before, which may be stale), the empty state
 * when one is given, and at last the data.
 */
export function QueryStates<T>({
  query,
  loading,
  empty,
  isEmpty = hasNoItems,
  children,
  ...failure
}: {
  query: StatefulQuery<T>
  loading: ReactNode
  empty?: ReactNode
  /** When the data counts as empty; by default, when it is a list with no items. */
  isEmpty?: (data: T) => boolean
  children: (data: T) => ReactNode
} & (
  | { errorTitle: string; toastId?: string; failed?: never }
  // `failed` stands in place of LoadError, for a part of the page too small for a retry.
  | { failed: ReactNode; errorTitle?: never; toastId?: never }
)) {
  if (query.isPending) return loading
  if (query.isError || query.data === undefined) {
    if (failure.errorTitle === undefined) return failure.failed
    return <LoadError title={failure.errorTitle} query={query} toastId={failure.toastId} />
  }
  if (empty !== undefined && isEmpty(query.data)) return empty
  return children(query.data)
}
