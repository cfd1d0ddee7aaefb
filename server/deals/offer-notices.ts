/** What the other side of an offer is told, in the notification centre and by e-mail. */
import { formatPrice } from '../../shared/money'
import { routes } from '../../shared/routes'
import { notify } from '../notifications/notify'
import { touchDeal } from './context'
import type { OfferRow, OfferServices } from './offers'

export function notifyOfferReceived(services: OfferServices, row: OfferRow, listingTitle: string) {
  touchDeal(services.db, row.dealId ?? 0, row.madeById, row.createdAt)
  const recipient = row.madeById === row.buyerId ? row.sellerId : row.buyerId
  const counter = row.madeById === row.sellerId
  notify(services, {
    userId: recipient,
    kind: 'offer_received',
    title: counter ? 'Você recebeu uma contraproposta' : 'Você recebeu uma oferta',
    body: `${formatPrice(row.amountCents)} por ${listingTitle}. Responda em até 48 horas.`,
    link: routes.conversation(row.conversationId),
    email: { kind: 'offer_received', about: `conversation:${row.conversationId}` },
  })
}

export function notifyOfferAnswered(services: OfferServices, row: OfferRow, listingTitle: string) {
  const accepted = row.status === 'aceita'
  touchDeal(services.db, row.dealId ?? 0, row.madeById === row.buyerId ? row.sellerId : row.buyerId)
  notify(services, {
    userId: row.madeById,
    kind: 'offer_answered',
    title: accepted ? 'Sua oferta foi aceita' : 'Sua oferta foi recusada',
    body: `${formatPrice(row.amountCents)} por ${listingTitle}.${accepted ? ' Combine a entrega pela conversa.' : ''}`,
    link: routes.conversation(row.conversationId),
    email: { kind: 'offer_answered', about: `conversation:${row.conversationId}` },
  })
}

/** How a notification names the deal: its listing's title in quotes, or the first one's and how many more. */
export function dealTitle(items: readonly { title: string }[]): string {
  const [first] = items
  if (!first) return 'um anúncio'
  const more = items.length - 1
  return more > 0
    ? `"${first.title}" e mais ${more === 1 ? 'um anúncio' : `${more} anúncios`}`
    : `"${first.title}"`
}
