import { formatInteger } from '@shared/numbers'
import { Skeleton } from '@/components/ui/skeleton'

/** One of the portal's numbers (listings, sellers, communities): a placeholder until it arrives, a dash if it failed. */
export function StatValue({
  value,
  failed,
  skeletonClassName,
}: {
  value: number | undefined
  failed: boolean
  skeletonClassName: string
}) {
  if (value !== undefined) return formatInteger(value)
  return failed ? '–' : <Skeleton className={skeletonClassName} />
}
