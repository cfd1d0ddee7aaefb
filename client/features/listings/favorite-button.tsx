import { useQueryClient } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { HeartIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { useSignInRedirect } from '@/features/auth/use-sign-in-redirect'
import { useViewer } from '@/lib/auth'
import { toastError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { withFavorite } from './favorite-cache'
import { useAbsolutePath } from './protected-link'

type FavoriteButtonProps = {
  productId: number
  /** Names the product in the accessible label: a grid holds many hearts. */
  productTitle: string
  isFavorite: boolean
  className?: string
}

/** The heart toggle of a card or product page: optimistic, one request at a time. */
export function FavoriteButton({ productId, productTitle, isFavorite, className }: FavoriteButtonProps) {
  const { viewer } = useViewer()
  const redirectToSignIn = useSignInRedirect()
  const absolute = useAbsolutePath()
  const queryClient = useQueryClient()
  const utils = trpc.useUtils()

  // The optimistic value wins until the data from the server catches up (or the call fails).
  const [optimistic, setOptimistic] = useState<boolean | null>(null)
  const [seenProp, setSeenProp] = useState(isFavorite)
  if (seenProp !== isFavorite) {
    setSeenProp(isFavorite)
    setOptimistic(null)
  }
  const favorite = optimistic ?? isFavorite

  const mutation = trpc.listings.setFavorite.useMutation({
    onSuccess: (result) => {
      // Every cached card of this product (portal, category pages, featured) shows the new state,
      // without refetching whole infinite lists.
      queryClient.setQueriesData({ queryKey: getQueryKey(trpc.listings) }, (data: unknown) =>
        withFavorite(data, result.id, result.favorite),
      )
      void utils.listings.favorites.invalidate()
      toast.success(result.favorite ? 'Adicionado aos favoritos' : 'Removido dos favoritos')
    },
    onError: (error) => {
      setOptimistic(null)
      toastError(error, 'Erro ao atualizar favoritos')
    },
  })

  function toggle() {
    if (!viewer) {
      redirectToSignIn(absolute(`/produto/${productId}`))
      return
    }
    const next = !favorite
    setOptimistic(next)
    mutation.mutate({ id: productId, favorite: next })
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={mutation.isPending}
      aria-pressed={favorite}
      aria-label={`Favoritar ${productTitle}`}
      title={favorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm outline-none backdrop-blur transition hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-70',
        className,
      )}
    >
      <HeartIcon
        aria-hidden="true"
        className={cn(
          'size-5 transition-colors',
          favorite ? 'fill-rose-500 text-rose-500' : 'text-foreground/70',
        )}
      />
    </button>
  )
}
