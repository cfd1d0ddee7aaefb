import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { ListingCard, type ListingCardData, ListingCardSkeleton } from './listing-card'

/** Two columns on phones; pages pick the wider breakpoints (a sidebar leaves less room). */
export const LISTING_GRID_BASE = 'grid grid-cols-2 gap-3 sm:gap-4'

/** Columns from the md breakpoint on: 3 then 4 from lg, or the same count throughout. */
const COLUMNS = {
  default: 'md:grid-cols-3 lg:grid-cols-4',
  three: 'md:grid-cols-3',
  four: 'md:grid-cols-4',
}
export type GridColumns = keyof typeof COLUMNS

type ListingGridProps = {
  listings: ListingCardData[]
  columns?: GridColumns
  /** Full-width content (a banner) placed after the first `interstitialAfter` cards. */
  interstitial?: ReactNode
  interstitialAfter?: number
  /** False where the grid starts below the first screen (under a hero): then every photo waits its turn. */
  onFirstScreen?: boolean
}

export function ListingGrid({
  listings,
  columns = 'default',
  interstitial,
  interstitialAfter = 4,
  onFirstScreen = true,
}: ListingGridProps) {
  // With fewer cards than the slot, the interstitial closes the list rather than vanishing.
  const slot = Math.min(interstitialAfter, listings.length)
  return (
    <ul className={cn(LISTING_GRID_BASE, COLUMNS[columns])}>
      {listings.map((listing, index) => (
        <ListingItem
          key={listing.id}
          listing={listing}
          before={index === slot ? interstitial : null}
          // The first row is on screen at once: those photos load first, the rest as they scroll in.
          priority={onFirstScreen && index < 2}
        />
      ))}
      {interstitial && slot === listings.length && listings.length > 0 ? (
        <li className="col-span-full">{interstitial}</li>
      ) : null}
    </ul>
  )
}

function ListingItem({
  listing,
  before,
  priority,
}: {
  listing: ListingCardData
  before: ReactNode
  priority: boolean
}) {
  return (
    <>
      {before ? <li className="col-span-full">{before}</li> : null}
      <li>
        <ListingCard listing={listing} priority={priority} />
      </li>
    </>
  )
}

/** Placeholder cards while a list loads (spec: 8 on the listings pages). */
export function ListingGridSkeleton({
  count = 8,
  columns = 'default',
}: {
  count?: number
  columns?: GridColumns
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Carregando anúncios...</span>
      <div className={cn(LISTING_GRID_BASE, COLUMNS[columns])}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <ListingCardSkeleton key={index} />
        ))}
      </div>
    </div>
  )
}
