/**
 * What a confirmed hand-off does to its deal: the deal is concluded (the pair starts the next one at
 * once), a bundle's listings are all marked sold, reservations end, and a seller whose confirmed hand-offs
 * are mostly with the same few people is flagged in the moderation queue.
 */
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import {
  CONCENTRATED_HANDOFFS_DAYS,
  CONCENTRATED_HANDOFFS_MIN,
  CONCENTRATED_HANDOFFS_SHARE,
  CONCENTRATED_HANDOFFS_TOP,
} from '../../shared/reviews'
import { valuesWhere } from '../db/rows'
import { dealListings, deals, listings, meetings, profiles, reports } from '../db/schema'
import { memberChipColumns } from '../people/profiles/member-columns'
import { publishAdminChange } from '../safety/moderation/badges'
import type { AppServices } from '../services'
import { touchDeal } from './context'
import { closeOffersOffSale } from './offer-ends'
import { releaseLapsedReservations } from './reservations'

const DAY_MS = 24 * 60 * 60 * 1000

type Meeting = {
  id: number
  dealId: number | null
  sellerId: number
  buyerId: number
  conversationId: number
}

export function concludeDeal(services: Pick<AppServices, 'db' | 'bus'>, meeting: Meeting, now = new Date()) {
  const { db, bus } = services
  if (meeting.dealId !== null) {
    db.update(deals)
      .set({ status: 'concluido', updatedAt: now })
      .where(and(eq(deals.id, meeting.dealId), eq(deals.status, 'aberto')))
      .run()
    touchDeal(db, meeting.dealId, meeting.buyerId, now)
    const ids = valuesWhere(db, dealListings, 'dealId', meeting.dealId, 'listingId')
    // One code confirms the whole bundle: each of its listings leaves the sale as sold.
    if (ids.length > 1) {
      db.update(listings)
        .set({ status: 'vendido' })
        .where(and(inArray(listings.id, ids), eq(listings.status, 'ativo')))
        .run()
      closeOffersOffSale(db, bus)
    }
  }
  releaseLapsedReservations(db, now)
  flagConcentratedHandoffs(services, meeting.sellerId, now)
}

/**
 * A seller with at least CONCENTRATED_HANDOFFS_MIN confirmed hand-offs in the last
 * CONCENTRATED_HANDOFFS_DAYS, CONCENTRATED_HANDOFFS_SHARE or more of them with their
 * CONCENTRATED_HANDOFFS_TOP most frequent buyers, gets one open report in the Denúncias queue (by nobody:
 * the system), so a moderator looks at the reviews those hand-offs earned.
 */
export function flagConcentratedHandoffs(
  { db, bus }: Pick<AppServices, 'db' | 'bus'>,
  sellerId: number,
  now = new Date(),
): boolean {
  const since = new Date(now.getTime() - CONCENTRATED_HANDOFFS_DAYS * DAY_MS)
  const byBuyer = db
    .select({ buyerId: meetings.buyerId, total: count() })
    .from(meetings)
    .where(
      and(
        eq(meetings.sellerId, sellerId),
        eq(meetings.status, 'confirmada'),
        gte(meetings.confirmedAt, since),
      ),
    )
    .groupBy(meetings.buyerId)
    .orderBy(desc(count()))
    .all()
  const total = byBuyer.reduce((sum, row) => sum + row.total, 0)
  const top = byBuyer.slice(0, CONCENTRATED_HANDOFFS_TOP).reduce((sum, row) => sum + row.total, 0)
  if (total < CONCENTRATED_HANDOFFS_MIN || top < total * CONCENTRATED_HANDOFFS_SHARE) return false
  const seller = db
    .select({
      ...memberChipColumns,
      bio: profiles.bio,
      course: profiles.course,
      communityId: profiles.communityId,
    })
    .from(profiles)
    .where(eq(profiles.userId, sellerId))
    .get()
  if (!seller || seller.communityId === null) return false
  const open = db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        isNull(reports.reporterId),
        eq(reports.targetType, 'user'),
        eq(reports.targetId, sellerId),
        eq(reports.status, 'open'),
        sql`${reports.details} like 'Sinal automático%'`,
      ),
    )
    .get()
  if (open) return false
  const { communityId, ...shown } = seller
  db.insert(reports)
    .values({
      communityId,
      reporterId: null,
      targetType: 'user',
      targetId: sellerId,
      targetUserId: sellerId,
      reason: 'other',
      details: `Sinal automático: ${top} de ${total} entregas confirmadas nos últimos ${CONCENTRATED_HANDOFFS_DAYS} dias foram com as mesmas ${Math.min(CONCENTRATED_HANDOFFS_TOP, byBuyer.length)} pessoas. Confira as avaliações dessas entregas.`,
      snapshot: { type: 'user', ...shown },
      createdAt: now,
    })
    .run()
  publishAdminChange(bus, communityId)
  return true
}
