import { useCallback } from 'react'
import { trpc } from '@/lib/trpc'

/** What happened to a listing; each change makes different queries stale. */
export type ListingChange = 'created' | 'edited' | 'statusChanged' | 'deleted' | 'favorited' | 'vupted'

type ListingQuery = 'list' | 'featured' | 'categories' | 'stats' | 'mine' | 'favorites' | 'byId'

/**
 * The listing queries each change makes stale. Only the active ones refetch; the rest refetch when
 * next shown. Hearts and Vupt counts are patched in the cache first (useToggleFavorite, VuptButton),
 * so those changes leave alone the infinite lists they do not reorder.
 */
const STALE_AFTER: Record<ListingChange, readonly ListingQuery[]> = {
  // A new live listing: the lists, the counts per category and the home page's numbers.
  created: ['list', 'featured', 'categories', 'stats', 'mine'],
  // Title, price, photos or category: wherever its card or page shows.
  edited: ['list', 'featured', 'categories', 'mine', 'favorites', 'byId'],
  // Sold, inactive or removed by moderation: it leaves (or rejoins) the public lists.
  statusChanged: ['list', 'featured', 'categories', 'stats', 'mine', 'favorites'],
  deleted: ['list', 'featured', 'categories', 'stats', 'mine', 'favorites'],
  // The hearts are already patched: only the favorites list gains or loses it.
  favorited: ['favorites'],
  // The count orders 'Mais Vupts' and picks the featured ones.
  vupted: ['list', 'featured'],
}

/**
 * Marks the listing queries a change affects as stale: the one place that knows which, used wherever
 * a listing is created, edited, changes status, is deleted, favorited or given a Vupt. Resolves once
 * the active ones have refetched (e.g. the listing page before its editor closes).
 */
export function useInvalidateListings(): (change: ListingChange, id?: number) => Promise<void> {
  const utils = trpc.useUtils()
  return useCallback(
    async (change, id) => {
      await Promise.all(
        STALE_AFTER[change].map((query) =>
          query === 'byId'
            ? utils.listings.byId.invalidate(id ? { id } : undefined)
            : utils.listings[query].invalidate(),
        ),
      )
    },
    [utils],
  )
}
