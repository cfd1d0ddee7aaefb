import { formatPrice } from '@shared/money'
import { OFFER_STATUS_LABELS, type OfferView, offerEndText } from '@shared/offers'
import { HandCoinsIcon } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDateTime, toDate } from '@/lib/dates'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { mergeOffer } from './offer-cache'

/** Whether the viewer answers this offer now: it is open, still within its time, and made to them. */
export function canAnswer(offer: OfferView, viewerId: number, now = Date.now()): boolean {
  return offer.status === 'aberta' && offer.madeById !== viewerId && toDate(offer.expiresAt).getTime() > now
}

/**
 * An offer in the thread: who offered how much, its state, and for the side it was made to while it is
 * open, Aceitar, Recusar and Contraproposta.
 */
export function OfferCard({
  offer,
  viewerId,
  otherName,
  onCounter,
  publishingClosed = null,
  closedListingTitle = null,
}: {
  offer: OfferView
  viewerId: number
  otherName: string
  onCounter: (offer: OfferView) => void
  /** Why the viewer may not counter (an egresso), or null. */
  publishingClosed?: string | null
  /** On an offer closed because a listing of its deal left the sale: that listing's title. */
  closedListingTitle?: string | null
}) {
  const own = offer.madeById === viewerId
  const counter = offer.madeById === offer.sellerId
  const expired = offer.status === 'aberta' && toDate(offer.expiresAt).getTime() <= Date.now()
  const status = expired ? 'expirada' : offer.status
  const actionable = canAnswer(offer, viewerId)
  // An offer that ended without an answer says why, where its buttons were.
  const endText =
    status === 'encerrada' || status === 'expirada' ? offerEndText(status, offer.closedBecause) : null
  const who = own ? 'Você' : otherName
  const title = counter ? `${who} fez uma contraproposta` : `${who} fez uma oferta`
  return (
    <li className={cn('flex py-1', own ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={`${title}: ${formatPrice(offer.amountCents)}, ${OFFER_STATUS_LABELS[status].toLowerCase()}`}
        className="w-full max-w-[85%] rounded-xl border bg-card p-3 shadow-xs sm:max-w-[70%]"
      >
        <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <HandCoinsIcon className="size-4" aria-hidden="true" />
          {title}
        </p>
        <p className="mt-1 font-semibold text-xl tabular-nums">{formatPrice(offer.amountCents)}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          <Badge variant={status === 'aceita' ? 'default' : status === 'aberta' ? 'secondary' : 'outline'}>
            {OFFER_STATUS_LABELS[status]}
          </Badge>
          {status === 'aberta' ? (
            <span className="text-muted-foreground">
              Vale até <time dateTime={offer.expiresAt}>{formatDateTime(offer.expiresAt)}</time>
            </span>
          ) : null}
        </div>
        {endText ? (
          <p className="mt-2 text-muted-foreground text-sm">
            {endText}
            {status === 'encerrada' && closedListingTitle ? ` Anúncio: "${closedListingTitle}".` : null}
          </p>
        ) : null}
        {actionable ? (
          <OfferActions offer={offer} onCounter={onCounter} publishingClosed={publishingClosed} />
        ) : null}
      </article>
    </li>
  )
}

const ANSWERS = ['accept', 'decline'] as const
type Answer = (typeof ANSWERS)[number]

/** The question before an offer is answered, one way or the other. */
const ANSWER_TEXTS: Record<
  Answer,
  { verb: string; description: string; confirmLabel: string; busyLabel: string }
> = {
  accept: {
    verb: 'Aceitar',
    description: 'Vocês combinam a entrega pela conversa. O preço do anúncio continua o mesmo.',
    confirmLabel: 'Aceitar oferta',
    busyLabel: 'Aceitando...',
  },
  decline: {
    verb: 'Recusar',
    description: 'A outra pessoa é avisada e pode fazer uma nova oferta.',
    confirmLabel: 'Recusar oferta',
    busyLabel: 'Recusando...',
  },
}

function OfferActions({
  offer,
  onCounter,
  publishingClosed,
}: {
  offer: OfferView
  onCounter: (offer: OfferView) => void
  publishingClosed: string | null
}) {
  const utils = trpc.useUtils()
  const [confirming, setConfirming] = useState<Answer | null>(null)
  const settle = (next: OfferView) => {
    utils.deals.offers.list.setData({ conversationId: next.conversationId, dealId: next.dealId }, (data) =>
      data ? mergeOffer(data, next) : data,
    )
    void utils.deals.ofConversation.invalidate({ conversationId: next.conversationId })
    setConfirming(null)
  }
  // Either way the confirmation closes; after a failure the offers are read again as the server has them.
  const answered = (successMessage: string, errorTitle: string) => ({
    onSuccess: (next: OfferView) => {
      settle(next)
      toast.success(successMessage)
    },
    onError: (error: unknown) => {
      setConfirming(null)
      void utils.deals.offers.list.invalidate({ conversationId: offer.conversationId })
      toastError(error, errorTitle)
    },
  })
  const accept = trpc.deals.offers.accept.useMutation(
    answered('Oferta aceita! Combinem a entrega pela conversa.', 'Erro ao aceitar oferta'),
  )
  const decline = trpc.deals.offers.decline.useMutation(
    answered('Oferta recusada.', 'Erro ao recusar oferta'),
  )
  const mutations = { accept, decline }
  const busy = accept.isPending || decline.isPending
  const amount = formatPrice(offer.amountCents)
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button type="button" size="sm" disabled={busy} onClick={() => setConfirming('accept')}>
        Aceitar
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        disabled={busy || Boolean(publishingClosed)}
        aria-describedby={publishingClosed ? `offer-${offer.id}-counter-closed` : undefined}
        onClick={() => onCounter(offer)}
      >
        Contraproposta
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => setConfirming('decline')}
      >
        Recusar
      </Button>
      {ANSWERS.map((answer) => {
        const { verb, ...texts } = ANSWER_TEXTS[answer]
        return (
          <ConfirmDialog
            key={answer}
            {...texts}
            open={confirming === answer}
            onOpenChange={(open) => setConfirming(open ? answer : null)}
            title={`${verb} a oferta de ${amount}?`}
            busy={mutations[answer].isPending}
            destructive={answer === 'decline'}
            onConfirm={() => mutations[answer].mutate({ offerId: offer.id })}
          />
        )
      })}
      {publishingClosed ? (
        <p id={`offer-${offer.id}-counter-closed`} className="basis-full text-muted-foreground text-xs">
          {publishingClosed}
        </p>
      ) : null}
    </div>
  )
}
