import { formatRating } from '@shared/reviews'
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

/**
 * The seller's average on a card or the listing page. The server sends null below three reviews, and then
 * nothing shows (never a lone 5,0).
 */
export function SellerAverage({ average, className }: { average: number | null; className?: string }) {
  if (average === null) return null
  const shown = formatRating(average)
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <StarIcon aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">Média de avaliações do vendedor: {shown} de 5</span>
    </span>
  )
}

/** Choosing 1 to 5 stars: a radio group, so arrows move between the stars and each one is named. */
export function StarsInput({
  name,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: {
  name: string
  value: number | null
  onChange: (stars: number) => void
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
}) {
  return (
    <fieldset className="grid gap-2" aria-invalid={invalid ? true : undefined} aria-describedby={describedBy}>
      <legend className="mb-1 font-medium text-sm">Sua nota</legend>
      <div className="flex gap-1">
        {STARS.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              disabled={disabled}
              className="sr-only"
            />
            <StarIcon
              aria-hidden="true"
              className={cn(
                'size-9',
                value !== null && star <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
              )}
            />
            <span className="sr-only">{star === 1 ? '1 estrela' : `${star} estrelas`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
