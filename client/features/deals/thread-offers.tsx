import type { OfferView } from '@shared/offers'
import { HandCoinsIcon } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { ThreadItem } from '@/features/chat/message-list'
import { usePublishingClosed } from '@/features/semesters/publishing-closed'
import { toDate } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { OfferCard } from './offer-card'
import type { OfferTarget } from './offer-form-dialog'

// The form (and its form library) is fetched when someone reaches for an offer button, not with the thread.
const loadOfferForm = () => import('./offer-form-dialog')
const OfferFormDialog = lazy(loadOfferForm)

/**
 * The offers of the deal picked in a conversation, as thread items among the messages, and the bar above
 * the composer: "Fazer uma oferta" for the buyer while the deal's listings are on sale. Both follow the
 * live chat events (chat-live.tsx patches the same query).
 */
export function useThreadOffers(
  conversationId: number,
  dealId: number | undefined,
  viewerId: number,
  otherName: string,
  enabled: boolean,
  listingTitles: ReadonlyMap<number, string> = new Map(),
): { items: ThreadItem[]; bar: ReactNode } {
  const offers = trpc.deals.offers.list.useQuery(
    { conversationId, dealId },
    { enabled: enabled && conversationId > 0 },
  )
  const [target, setTarget] = useState<OfferTarget | null>(null)
  // Kept once opened, so closing plays out instead of unmounting the dialog.
  const [opened, setOpened] = useState(false)
  if (target && !opened) setOpened(true)
  const closed = usePublishingClosed()
  const data = offers.data
  const items = useMemo(
    () =>
      (data?.items ?? []).map((offer) => ({
        key: `offer-${offer.id}`,
        at: toDate(offer.createdAt),
        node: (
          <OfferCard
            offer={offer}
            viewerId={viewerId}
            otherName={otherName}
            publishingClosed={closed}
            closedListingTitle={
              offer.closedByListingId ? (listingTitles.get(offer.closedByListingId) ?? null) : null
            }
            onCounter={(open: OfferView) =>
              setTarget({
                kind: 'counter',
                conversationId,
                offerId: open.id,
                amountCents: open.amountCents,
              })
            }
          />
        ),
      })),
    [data, viewerId, otherName, conversationId, closed, listingTitles],
  )
  const bar = (
    <>
      {data?.canOffer ? (
        <div className="flex items-center justify-between gap-3 border-t px-3 py-2 sm:px-4">
          <p id={`offer-bar-${conversationId}`} className="text-muted-foreground text-xs">
            {closed ?? 'Quer pagar outro valor? Faça uma oferta.'}
          </p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={Boolean(closed)}
            aria-describedby={closed ? `offer-bar-${conversationId}` : undefined}
            aria-haspopup="dialog"
            onPointerEnter={() => void loadOfferForm()}
            onFocus={() => void loadOfferForm()}
            onClick={() => setTarget({ kind: 'make', conversationId, dealId: data.dealId ?? dealId })}
          >
            <HandCoinsIcon aria-hidden="true" />
            Fazer uma oferta
          </Button>
        </div>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <OfferFormDialog
            target={target}
            listingPriceCents={data?.listingPriceCents ?? null}
            onOpenChange={(open) => {
              if (!open) setTarget(null)
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
  return { items, bar }
}
