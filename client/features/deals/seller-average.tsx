import { formatRating } from '@shared/reviews'
import { cn } from '@/lib/utils'

/**
 * The seller's average on a card or the listing page. The server sends null below three reviews, and then
 * nothing shows (never a lone 5,0). Drawn with a character rather than an icon and apart from the review
 * stars: every listing card shows it, so it stays small in the portal's first download.
 */
export function SellerAverage({ average, className }: { average: number | null; className?: string }) {
  if (average === null) return null
  const shown = formatRating(average)
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">Média de avaliações do vendedor: {shown} de 5</span>
    </span>
  )
}
