import { useMemo } from 'react'
import { useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import type { ListingsQueryInput } from './listing-search-params'

/** One filtered list of listings, a page at a time (keyset cursor), flattened for the grid. */
export function useListingsFeed(input: ListingsQueryInput) {
  const query = trpc.listings.list.useInfiniteQuery(input, {
    getNextPageParam: (last) => last.nextCursor,
  })
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data])

  useLoadErrorToast(query.error, 'Erro ao carregar produtos')

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
