import { useDeferredValue, useMemo } from 'react'
import { useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import type { ListingsQueryInput } from './listing-search-params'

/** One filtered list of listings, a page at a time (keyset cursor), flattened for the grid. */
export function useListingsFeed(input: ListingsQueryInput) {
  // A tapped filter paints itself first; the grid follows in a render of its own. The router reads the
  // address outside React's transitions, so only a deferred value can split the two. As text, since a
  // new object each render would never settle.
  const shownKey = useDeferredValue(JSON.stringify(input))
  const shown = useMemo(() => JSON.parse(shownKey) as ListingsQueryInput, [shownKey])
  const query = trpc.listings.list.useInfiniteQuery(shown, {
    getNextPageParam: (last) => last.nextCursor,
  })
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data])

  useLoadErrorToast(query.error, 'Erro ao carregar anúncios')

  const { fetchNextPage, refetch } = query
  return {
    items,
    isLoading: query.isLoading,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    loadMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  }
}

export type ListingsFeed = ReturnType<typeof useListingsFeed>
