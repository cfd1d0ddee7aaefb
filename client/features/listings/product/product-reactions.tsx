import { useQueryClient } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { HeartIcon, ZapIcon } from 'lucide-react'
import { useRef } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { withFavorite } from '@/features/listings/favorite-cache'
import { vuptBadge } from '@/features/listings/vupt-badge'
import type { RouterOutputs } from '@/lib/api-types'
import { toastError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'

export type Product = RouterOutputs['listings']['byId']

const vuptsLabel = (count: number) => (count === 1 ? '1 Vupt' : `${count} Vupts`)

/** Favorite toggle; the heart fills at once and rolls back if the server refuses. */
export function FavoriteButton({ product }: { product: Product }) {
  const utils = trpc.useUtils()
  const queryClient = useQueryClient()
  const key = { id: product.id }
  const setFavorite = trpc.listings.setFavorite.useMutation({
    onMutate: async ({ favorite }) => {
      await utils.listings.byId.cancel(key)
      const previous = utils.listings.byId.getData(key)
      utils.listings.byId.setData(key, (old) => (old ? { ...old, isFavorite: favorite } : old))
      return { previous }
    },
    onError: (error, _input, context) => {
      if (context?.previous) utils.listings.byId.setData(key, context.previous)
      toastError(error, 'Erro ao atualizar favoritos')
    },
    onSuccess: ({ favorite }) => {
      toast.success(favorite ? 'Adicionado aos favoritos' : 'Removido dos favoritos')
      // Every cached card of this product shows the new heart, without refetching whole lists.
      queryClient.setQueriesData({ queryKey: getQueryKey(trpc.listings) }, (data: unknown) =>
        withFavorite(data, product.id, favorite),
      )
      void utils.listings.favorites.invalidate()
    },
  })

  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={product.isFavorite}
      // aria-disabled, not disabled: a disabled button drops keyboard focus mid-toggle.
      aria-disabled={setFavorite.isPending || undefined}
      onClick={() => {
        if (!setFavorite.isPending) setFavorite.mutate({ id: product.id, favorite: !product.isFavorite })
      }}
    >
      <HeartIcon aria-hidden="true" className={cn(product.isFavorite && 'fill-rose-500 text-rose-500')} />
      Favoritar
    </Button>
  )
}

/** The count and the 'Em alta!' / 'Destaque!' badge it earns. */
export function VuptCount({ count, className }: { count: number; className?: string }) {
  const badge = vuptBadge(count)
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm', className)}>
      <span className="inline-flex items-center gap-1 font-medium">
        <ZapIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
        {vuptsLabel(count)}
      </span>
      {badge ? <Badge className="border-transparent bg-amber-400 text-amber-950">{badge}</Badge> : null}
    </span>
  )
}

/** Vupt! toggle (a member's boost; not for the seller). Pops on click unless motion is reduced. */
export function VuptButton({ product }: { product: Product }) {
  const utils = trpc.useUtils()
  const iconRef = useRef<HTMLSpanElement>(null)
  const key = { id: product.id }
  const setVupt = trpc.listings.setVupt.useMutation({
    onMutate: async ({ vupt }) => {
      await utils.listings.byId.cancel(key)
      const previous = utils.listings.byId.getData(key)
      utils.listings.byId.setData(key, (old) =>
        old ? { ...old, hasVupt: vupt, vuptsCount: Math.max(0, old.vuptsCount + (vupt ? 1 : -1)) } : old,
      )
      return { previous }
    },
    onError: (error, _input, context) => {
      if (context?.previous) utils.listings.byId.setData(key, context.previous)
      toastError(error, 'Erro ao dar Vupt!')
    },
    onSuccess: ({ vupt, vuptsCount }) => {
      // The server's count also includes other members' Vupts given meanwhile.
      utils.listings.byId.setData(key, (old) => (old ? { ...old, hasVupt: vupt, vuptsCount } : old))
      if (vupt)
        toast.success('Vupt! dado com sucesso!', { description: 'Você ajudou a destacar este produto' })
      else toast.success('Vupt! removido')
      void utils.listings.list.invalidate()
      void utils.listings.featured.invalidate()
    },
  })

  const pop = () => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    iconRef.current?.animate(
      [{ transform: 'scale(1)' }, { transform: 'scale(1.5) rotate(-12deg)' }, { transform: 'scale(1)' }],
      { duration: 600, easing: 'cubic-bezier(0.34, 1.56, 0.64, 1)' },
    )
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        type="button"
        variant={product.hasVupt ? 'default' : 'outline'}
        aria-pressed={product.hasVupt}
        aria-disabled={setVupt.isPending || undefined}
        onClick={() => {
          if (setVupt.isPending) return
          pop()
          setVupt.mutate({ id: product.id, vupt: !product.hasVupt })
        }}
      >
        <span ref={iconRef} className="inline-flex">
          <ZapIcon aria-hidden="true" className={cn(product.hasVupt && 'fill-current')} />
        </span>
        Vupt!
      </Button>
      <VuptCount count={product.vuptsCount} />
    </div>
  )
}
