/**
 * A member's deals when their account is deleted: what was still in the air (a meeting proposed or
 * agreed, an open offer) ends, and the other side hears it; what already happened (confirmed hand-offs,
 * answered offers) stays in the other side's conversation, with "Conta removida" for a name.
 */
import { and, eq, inArray, or } from 'drizzle-orm'
import { formatPrice } from '../../shared/money'
import { routes } from '../../shared/routes'
import { publishChat } from '../chat/conversations'
import type { Database } from '../db/client'
import { listings, meetings, offers } from '../db/schema'
import { notify } from '../notifications/notify'
import { type MeetingServices, publishMeeting } from './meetings'
import { toOfferView } from './offers'

/** What the meetings' cancellation reason says to the other side (both see it in the thread). */
export const DEPARTED_REASON = 'A outra pessoa excluiu a conta do Vupt.'

type Notice = {
  userId: number
  kind: 'meeting_cancelled' | 'offer_answered'
  title: string
  body: string
  conversationId: number
}
export type ClosedDeals = {
  notices: Notice[]
  meetingIds: number[]
  offers: (typeof offers.$inferSelect)[]
}

/**
 * Inside the deletion's transaction, before the member's listings go (their titles name the deals): the
 * member's proposed or agreed meetings are cancelled (no reminder follows) and their open offers closed.
 */
export function closeDealsOf(db: Database, userId: number, now = new Date()): ClosedDeals {
  const notices: Notice[] = []
  /** Tells the member's counterpart in a meeting or an offer. */
  const tellOtherSide = (
    row: { sellerId: number; buyerId: number; conversationId: number },
    kind: Notice['kind'],
    title: string,
    body: string,
  ) =>
    notices.push({
      userId: row.sellerId === userId ? row.buyerId : row.sellerId,
      kind,
      title,
      body,
      conversationId: row.conversationId,
    })
  const open = db
    .update(meetings)
    .set({ status: 'cancelada', cancelledById: userId, cancelReason: DEPARTED_REASON, updatedAt: now })
    .where(
      and(
        inArray(meetings.status, ['proposta', 'combinada']),
        or(eq(meetings.sellerId, userId), eq(meetings.buyerId, userId)),
      ),
    )
    .returning()
    .all()
  for (const meeting of open) {
    tellOtherSide(
      meeting,
      'meeting_cancelled',
      'Entrega cancelada',
      `${titleOf(db, meeting.listingId)}: ${DEPARTED_REASON}`,
    )
  }
  const closed = db
    .update(offers)
    .set({ status: 'encerrada', answeredAt: now })
    .where(and(eq(offers.status, 'aberta'), or(eq(offers.sellerId, userId), eq(offers.buyerId, userId))))
    .returning()
    .all()
  for (const offer of closed) {
    tellOtherSide(
      offer,
      'offer_answered',
      'Oferta encerrada',
      `${formatPrice(offer.amountCents)} por ${titleOf(db, offer.listingId)}: ${DEPARTED_REASON}`,
    )
  }
  return { notices, meetingIds: open.map((meeting) => meeting.id), offers: closed }
}

function titleOf(db: Database, listingId: number | null) {
  const title = listingId
    ? db.select({ title: listings.title }).from(listings).where(eq(listings.id, listingId)).get()?.title
    : undefined
  return title ? `"${title}"` : 'o anúncio'
}

/** After the deletion commits: the other side is told in the app, and their open thread updates. */
export function announceClosedDeals(services: MeetingServices, closed: ClosedDeals) {
  for (const meetingId of closed.meetingIds) publishMeeting(services.bus, services.db, meetingId)
  for (const notice of closed.notices) {
    notify(services, {
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: routes.conversation(notice.conversationId),
    })
  }
  for (const offer of closed.offers) {
    publishChat(services.bus, [offer.buyerId, offer.sellerId], {
      type: 'offer',
      conversationId: offer.conversationId,
      offer: toOfferView(offer),
    })
  }
}
