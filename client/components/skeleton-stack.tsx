import { Skeleton } from '@/components/ui/skeleton'

/**
 * A box of placeholders standing in for content that is loading: one Skeleton per entry of `shapes`
 * (its size and rounding classes), in order, laid out by `className`.
 */
export function SkeletonStack({ className, shapes }: { className: string; shapes: readonly string[] }) {
  return (
    <div className={className}>
      {shapes.map((shape, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity; the list never changes.
        <Skeleton key={index} className={shape} />
      ))}
    </div>
  )
}
