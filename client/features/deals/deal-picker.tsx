import { MEETING_STATUS_LABELS } from '@shared/meetings'
import { formatPrice } from '@shared/money'
import { OFFER_STATUS_LABELS } from '@shared/offers'
import { routes } from '@shared/routes'
import { BookmarkIcon, LayersIcon, PackageIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import type { RouterOutputs } from '@/lib/api-types'
import { instanceUrl } from '@/lib/instance-url'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

export type DealSummary = RouterOutputs['deals']['ofConversation'][number]

/** The state line of a deal, as the header shows it under its title. */
export function dealStateText(deal: DealSummary): string {
  if (deal.status === 'concluido') return 'Entrega confirmada'
  if (deal.status === 'encerrado') return 'Encerrado'
  if (deal.meetingStatus === 'combinada' || deal.meetingStatus === 'proposta') {
    return MEETING_STATUS_LABELS[deal.meetingStatus]
  }
  if (deal.offerStatus) {
    const label = OFFER_STATUS_LABELS[deal.offerStatus as keyof typeof OFFER_STATUS_LABELS]
    return deal.offerAmountCents ? `Oferta de ${formatPrice(deal.offerAmountCents)}: ${label}` : label
  }
  return 'Conversando'
}

const dealTitle = (deal: DealSummary) => {
  const [first] = deal.listings
  if (!first) return 'Anúncio indisponível'
  return deal.listings.length > 1 ? `${first.title} + ${deal.listings.length - 1}` : first.title
}

/**
 * The deals in play in a conversation: each listing (or bundle) being negotiated, with its photo, title and
 * state. Either side picks the one the offers and the meeting below are about.
 */
export function DealPicker({
  conversationId,
  deals,
  selectedId,
  onSelect,
  canAct,
}: {
  conversationId: number
  deals: DealSummary[]
  selectedId: number | null
  onSelect: (dealId: number) => void
  canAct: boolean
}) {
  const selected = deals.find((deal) => deal.id === selectedId) ?? null
  if (deals.length === 0) {
    return canAct ? (
      <div className="px-2 sm:px-3">
        <BundleButton conversationId={conversationId} deals={deals} onStarted={onSelect} />
      </div>
    ) : null
  }
  return (
    <section aria-label="Negócios desta conversa" className="grid gap-2 border-b px-2 py-2 sm:px-3">
      {deals.length > 1 ? (
        <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" data-testid="deal-list">
          {deals.map((deal) => {
            const cover = deal.listings[0]
            const active = deal.id === selectedId
            return (
              <li key={deal.id} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSelect(deal.id)}
                  className={`flex w-56 min-w-0 items-center gap-2 rounded-lg border p-2 text-left outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 ${
                    active ? 'border-primary bg-primary/5' : 'bg-card hover:bg-accent'
                  }`}
                >
                  {cover?.imageUrl ? (
                    <img
                      src={instanceUrl(cover.imageUrl)}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-md object-cover"
                    />
                  ) : (
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted">
                      {deal.listings.length > 1 ? (
                        <LayersIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                      ) : (
                        <PackageIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                      )}
                    </span>
                  )}
                  <span className="grid min-w-0 gap-0.5">
                    <span className="truncate font-medium text-sm">{dealTitle(deal)}</span>
                    <span className="truncate text-muted-foreground text-xs">{dealStateText(deal)}</span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      {selected ? <SelectedDeal deal={selected} canAct={canAct} /> : null}
      {canAct ? <BundleButton conversationId={conversationId} deals={deals} onStarted={onSelect} /> : null}
    </section>
  )
}

/** The picked deal's listings (links to their pages) and, for the seller, "Reservar". */
function SelectedDeal({ deal, canAct }: { deal: DealSummary; canAct: boolean }) {
  const utils = trpc.useUtils()
  const reserve = trpc.deals.setReserved.useMutation({
    onSuccess: ({ reserved }) => {
      void utils.deals.ofConversation.invalidate()
      toast.success(reserved ? 'Anúncio reservado.' : 'Reserva desfeita.')
    },
    onError: (error) => toastError(error, 'Erro ao reservar'),
  })
  const mayReserve =
    canAct &&
    deal.side === 'seller' &&
    deal.status === 'aberto' &&
    (deal.reserved || deal.offerStatus === 'aceita' || deal.meetingStatus === 'combinada')
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="sr-only">Anúncios deste negócio:</span>
      {deal.listings.map((listing) => (
        <Link key={listing.id} href={routes.listing(listing.id)} className="hover:underline">
          {listing.title}{' '}
          <span className="font-semibold text-primary">{formatPrice(listing.priceCents)}</span>
          {!listing.live ? <span className="text-muted-foreground text-xs"> (fora da venda)</span> : null}
        </Link>
      ))}
      {deal.reserved ? (
        <Badge variant="secondary">
          <BookmarkIcon aria-hidden="true" />
          Reservado
        </Badge>
      ) : null}
      {mayReserve ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={reserve.isPending}
          onClick={() => reserve.mutate({ dealId: deal.id, reserved: !deal.reserved })}
        >
          {reserve.isPending ? 'Salvando...' : deal.reserved ? 'Tirar reserva' : 'Reservar'}
        </Button>
      ) : null}
    </div>
  )
}

/** "Juntar anúncios": the buyer picks several live listings of the seller for one offer. */
function BundleButton({
  conversationId,
  deals,
  onStarted,
}: {
  conversationId: number
  deals: DealSummary[]
  onStarted: (dealId: number) => void
}) {
  const [open, setOpen] = useState(false)
  const candidates = trpc.deals.bundleCandidates.useQuery({ conversationId })
  if (!candidates.data || candidates.data.length < 2) return null
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <LayersIcon aria-hidden="true" />
        Juntar anúncios
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open ? (
            <BundleForm
              conversationId={conversationId}
              candidates={candidates.data}
              preselected={deals.flatMap((deal) =>
                deal.status === 'aberto' && deal.side === 'buyer' ? deal.listings.map((item) => item.id) : [],
              )}
              onDone={(dealId) => {
                setOpen(false)
                onStarted(dealId)
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  )
}

function BundleForm({
  conversationId,
  candidates,
  preselected,
  onDone,
}: {
  conversationId: number
  candidates: RouterOutputs['deals']['bundleCandidates']
  preselected: number[]
  onDone: (dealId: number) => void
}) {
  const id = useId()
  const utils = trpc.useUtils()
  const [chosen, setChosen] = useState<number[]>(() =>
    candidates.filter((item) => preselected.includes(item.id)).map((item) => item.id),
  )
  const start = trpc.deals.start.useMutation({
    onSuccess: ({ dealId }) => {
      void utils.deals.ofConversation.invalidate({ conversationId })
      toast.success('Anúncios juntados. Faça uma oferta por todos.')
      onDone(dealId)
    },
    onError: (error) => toastError(error, 'Erro ao juntar anúncios'),
  })
  const total = candidates
    .filter((item) => chosen.includes(item.id))
    .reduce((sum, item) => sum + item.priceCents, 0)
  return (
    <form
      aria-label="Juntar anúncios"
      onSubmit={(event) => {
        event.preventDefault()
        start.mutate({ conversationId, listingIds: chosen })
      }}
      className="grid gap-4"
    >
      <DialogHeader>
        {/* The dialog's own id: replacing it would leave the dialog without a name. */}
        <DialogTitle>Juntar anúncios</DialogTitle>
        <DialogDescription>
          Escolha os anúncios que você quer levar juntos. Depois, faça uma só oferta por todos.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid max-h-72 gap-2 overflow-y-auto">
        <legend className="sr-only">Anúncios</legend>
        {candidates.map((item) => (
          <label
            key={item.id}
            htmlFor={`${id}-${item.id}`}
            className="flex items-center gap-3 rounded-md border p-2 text-sm"
          >
            <Checkbox
              id={`${id}-${item.id}`}
              checked={chosen.includes(item.id)}
              onCheckedChange={(checked) =>
                setChosen((list) =>
                  checked === true
                    ? [...new Set([...list, item.id])]
                    : list.filter((other) => other !== item.id),
                )
              }
            />
            <span className="min-w-0 flex-1 truncate">{item.title}</span>
            <span className="font-semibold text-primary">{formatPrice(item.priceCents)}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {chosen.length} {chosen.length === 1 ? 'anúncio' : 'anúncios'}, {formatPrice(total)} pelos preços
        anunciados.
      </p>
      <DialogFooter>
        <Button type="submit" disabled={chosen.length < 2 || start.isPending}>
          {start.isPending ? 'Juntando...' : 'Juntar e negociar'}
        </Button>
      </DialogFooter>
    </form>
  )
}
