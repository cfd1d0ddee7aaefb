import { RotateCwIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/errors'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import { cn } from '@/lib/utils'

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

/** A failed load: the toast (spec: errors are toasts) plus a retry in place of the list. */
export function LoadError({
  title,
  query,
  toastId = `admin-load-${title}`,
}: {
  title: string
  query: FailedQuery
  toastId?: string
}) {
  useLoadErrorToast(query.error, title, toastId)
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        {describeError(query.error, title).description}
      </p>
      <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RotateCwIcon aria-hidden="true" />
        {query.isFetching ? 'Carregando...' : 'Tentar novamente'}
      </Button>
    </div>
  )
}

/** What QueryStates needs of a list query: LoadError's part, and where the query stands. */
type ListQuery<T> = FailedQuery & { isPending: boolean; isError: boolean; data: readonly T[] | undefined }

/**
 * A list query's four states, checked in this order: the placeholders while it loads, the failure with its
 * retry (even over items from before, which may be stale), the empty state, and at last the items.
 */
export function QueryStates<T>({
  query,
  loading,
  errorTitle,
  empty,
  isEmpty = (items) => items.length === 0,
  children,
}: {
  query: ListQuery<T>
  loading: ReactNode
  errorTitle: string
  empty: ReactNode
  /** When the list counts as empty; by default, when it has no items. */
  isEmpty?: (items: readonly T[]) => boolean
  children: (items: readonly T[]) => ReactNode
}) {
  if (query.isPending) return loading
  if (query.isError || query.data === undefined) return <LoadError title={errorTitle} query={query} />
  if (isEmpty(query.data)) return empty
  return children(query.data)
}
