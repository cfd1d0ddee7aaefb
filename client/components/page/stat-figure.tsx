import { formatInteger } from '@shared/numbers'
import { Skeleton } from '@/components/ui/skeleton'

/** A figure of the community's numbers: a placeholder while it loads, a dash if the load failed. */
export function StatFigure({
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
