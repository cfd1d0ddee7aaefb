import { StarIcon } from 'lucide-react'
import { cn } from '@/lib/utils'

const STARS = [1, 2, 3, 4, 5] as const

/** Stars given, read out as "4 de 5 estrelas". */
export function ReviewStars({ stars, className }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={`${stars} de 5 estrelas`} className={cn('inline-flex gap-0.5', className)}>
      {STARS.map((star) => (
        <StarIcon
          key={star}
          aria-hidden="true"
          className={cn(
            'size-4',
            star <= stars ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  )
}
