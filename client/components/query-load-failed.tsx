import { LoadFailed } from '@/components/load-failed'
import { describeError } from '@/lib/errors'

/**
 * A query that failed with no toast to tell it, in place of what it would show: announced, the reason
 * (or `fallback`) as its title, and a retry.
 */
export function QueryLoadFailed({
  query,
  fallback,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown }
  fallback: string
}) {
  return (
    <LoadFailed
      title={describeError(query.error, fallback).title}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      announce
    />
  )
}
