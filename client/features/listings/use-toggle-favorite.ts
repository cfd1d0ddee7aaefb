import { useQueryClient } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { withFavorite } from './favorite-cache'
import { useInvalidateListings } from './use-invalidate-listings'

/**
 * The heart of a listing, wherever it is (a card, the listing page). Optimistic: every cached query that
 * shows the listing (the listings router's and a profile's cards) flips at once, and flips back if the
 * server refuses; the heart reads the cache, so all of them agree. One request at a time per heart.
 */
export function useToggleFavorite(listing: { id: number; isFavorite: boolean }) {
  const queryClient = useQueryClient()
  const utils = trpc.useUtils()
  const invalidateListings = useInvalidateListings()

  // Patched in place, without refetching whole infinite lists.
  const patch = (id: number, favorite: boolean) => {
    for (const queryKey of [getQueryKey(trpc.listings), getQueryKey(trpc.profiles.byUsername)]) {
      queryClient.setQueriesData({ queryKey }, (data: unknown) => withFavorite(data, id, favorite))
    }
  }

  const mutation = trpc.listings.setFavorite.useMutation({
    onMutate: async ({ id, favorite }) => {
      // A listing page fetching now would answer with the old heart.
      await utils.listings.byId.cancel({ id })
      patch(id, favorite)
    },
    onError: (error, { id, favorite }) => {
      patch(id, !favorite)
      toastError(error, 'Erro ao atualizar favoritos')
    },
    onSuccess: (result) => {
      // The server's answer wins over any list that was refetched meanwhile.
      patch(result.id, result.favorite)
      toast.success(result.favorite ? 'Adicionado aos favoritos' : 'Removido dos favoritos')
      void invalidateListings('favorited')
    },
  })

  return {
    isFavorite: listing.isFavorite,
    isPending: mutation.isPending,
    toggle: () => {
      if (!mutation.isPending) mutation.mutate({ id: listing.id, favorite: !listing.isFavorite })
    },
  }
}
