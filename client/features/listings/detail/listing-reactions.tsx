import { ZapIcon } from 'lucide-react'
import { useRef } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { useInvalidateListings } from '../use-invalidate-listings'
import { vuptBadge } from '../vupt-badge'

export type Listing = RouterOutputs['listings']['byId']

const vuptsLabel = (count: number) => (count === 1 ? '1 Vupt' : `${count} Vupts`)

/** The count and the 'Em alta!' / 'Destaque!' badge it earns. */
export function VuptCount({ count, className }: { count: number; className?: string }) {
  const badge = vuptBadge(count)
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm', className)}>
      <span className="inline-flex items-center gap-1 font-medium">
        <ZapIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
        {vuptsLabel(count)}
      </span>
      {badge ? (
        <Badge variant="tinted" className="bg-amber-400 text-amber-950">
          {badge}
        </Badge>
      ) : null}
    </span>
  )
}

/** Vupt! toggle (a member's boost; not for the seller). Pops on click unless motion is reduced. */
export function VuptButton({ listing }: { listing: Listing }) {
  const utils = trpc.useUtils()
  const invalidateListings = useInvalidateListings()
  const iconRef = useRef<HTMLSpanElement>(null)
  const key = { id: listing.id }
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
        toast.success('Vupt! dado com sucesso!', { description: 'Você ajudou a destacar este anúncio' })
      else toast.success('Vupt! removido')
      void invalidateListings('vupted')
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
        variant={listing.hasVupt ? 'default' : 'outline'}
        aria-pressed={listing.hasVupt}
        aria-disabled={setVupt.isPending || undefined}
        onClick={() => {
          if (setVupt.isPending) return
          pop()
          setVupt.mutate({ id: listing.id, vupt: !listing.hasVupt })
        }}
      >
        <span ref={iconRef} className="inline-flex">
          <ZapIcon aria-hidden="true" className={cn(listing.hasVupt && 'fill-current')} />
        </span>
        Vupt!
      </Button>
      <VuptCount count={listing.vuptsCount} />
    </div>
  )
}
