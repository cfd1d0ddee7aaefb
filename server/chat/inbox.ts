import { and, eq, inArray, sql } from 'drizzle-orm'
import { formatPrice } from '../../shared/money'
import type { Database } from '../db/client'
import { conversations, deals, listings, meetings, messages, offers, profiles } from '../db/schema'
import { coverImageUrl } from '../listings/card'
import { notRemovedListing } from '../listings/visibility'
import { memberChip, memberChipColumns } from '../people/profiles/member-columns'
import { blockedBetween, hasBlocked } from '../safety/blocks'
import { conversationsOf, messageColumns, participantConversation } from './conversations'
import { unseenDealsCount } from './deal-activity'
import { withPhotos } from './photos'

const REMOVED_ACCOUNT = 'Conta removida'

type OtherProfile = { username: string | null; fullName: string; avatarUrl: string | null }

const otherPerson = (id: number, profile: OtherProfile | undefined) => ({
  id,
  username: profile?.username ?? null,
  fullName: profile?.fullName ?? REMOVED_ACCOUNT,
  avatarUrl: profile?.avatarUrl ?? null,
})

const OFFER_ACTIVITY: Record<string, string> = {
  aberta: 'Oferta',
  aceita: 'Oferta aceita',
  recusada: 'Oferta recusada',
  contraposta: 'Contraproposta',
  expirada: 'Oferta expirada',
  encerrada: 'Oferta encerrada',
}
const MEETING_ACTIVITY: Record<string, string> = {
  proposta: 'Proposta de entrega',
  combinada: 'Entrega combinada',
  confirmada: 'Entrega confirmada',
  cancelada: 'Entrega cancelada',
  expirada: 'Entrega expirada',
}

/**
 * What the latest deal event of each conversation says in the inbox ("Oferta de R$ 30,00", "Entrega
 * combinada"): the newest offer or meeting of the deal with the latest activity.
 */
function dealActivityTexts(db: Database, conversationIds: number[]) {
  const texts = new Map<number, string>()
  if (conversationIds.length === 0) return texts
  const latestDeals = db
    .select({ id: deals.id, conversationId: deals.conversationId, activityAt: deals.activityAt })
    .from(deals)
    .where(and(inArray(deals.conversationId, conversationIds), sql`${deals.activityAt} is not null`))
    .all()
    .sort((a, b) => (b.activityAt?.getTime() ?? 0) - (a.activityAt?.getTime() ?? 0))
    .filter(
      (row, index, rows) => rows.findIndex((other) => other.conversationId === row.conversationId) === index,
    )
  for (const deal of latestDeals) {
    const offer = db
      .select({
        status: offers.status,
        amountCents: offers.amountCents,
        at: sql<number>`coalesce(${offers.answeredAt}, ${offers.createdAt})`,
      })
      .from(offers)
      .where(eq(offers.dealId, deal.id))
      .orderBy(sql`${offers.id} desc`)
      .get()
    const meeting = db
      .select({ status: meetings.status, at: sql<number>`${meetings.updatedAt}` })
      .from(meetings)
      .where(eq(meetings.dealId, deal.id))
      .orderBy(sql`${meetings.id} desc`)
      .get()
    const text =
      meeting && (!offer || meeting.at >= offer.at)
        ? MEETING_ACTIVITY[meeting.status]
        : offer
          ? `${OFFER_ACTIVITY[offer.status]} de ${formatPrice(offer.amountCents)}`
          : undefined
    if (text) texts.set(deal.conversationId, text)
  }
  return texts
}

/**
 * The inbox: conversations with at least one message or deal event (an offer, a counter, a meeting
 * proposal, a hand-off), unread first, then the most recently active. A deal event of the other side the
 * member has not seen counts as unread, and the latest activity, message or deal event, is what it shows.
 */
export function inbox(db: Database, userId: number) {
  const rows = db
    .select({
      id: conversations.id,
      updatedAt: conversations.updatedAt,
      otherId: sql<number>`case when ${conversations.participantOne} = ${userId} then ${conversations.participantTwo} else ${conversations.participantOne} end`,
      listingId: conversations.listingId,
      listingTitle: listings.title,
      unread: sql<number>`(select count(*) from ${messages} where ${messages.conversationId} = ${conversations.id}
          and ${messages.read} = 0 and ${messages.senderId} is not ${userId})`,
      lastMessageId: sql<
        number | null
      >`(select max(${messages.id}) from ${messages} where ${messages.conversationId} = ${conversations.id})`,
      dealActivityAt: sql<
        number | null
      >`(select max(${deals.activityAt}) from ${deals} where ${deals.conversationId} = ${conversations.id})`,
      unseenDeals: unseenDealsCount(conversations.id, userId),
    })
    .from(conversations)
    .leftJoin(listings, and(eq(listings.id, conversations.listingId), notRemovedListing))
    .where(conversationsOf(userId))
    .all()
  const others = rows.length
    ? db
        .select({
          userId: profiles.userId,
          ...memberChipColumns,
        })
        .from(profiles)
        .where(
          inArray(
            profiles.userId,
            rows.map((row) => row.otherId),
          ),
        )
        .all()
    : []
  const lastIds = rows.flatMap((row) => (row.lastMessageId ? [row.lastMessageId] : []))
  const lastMessages = lastIds.length
    ? withPhotos(db, db.select(messageColumns).from(messages).where(inArray(messages.id, lastIds)).all())
    : []
  const active = rows.filter((row) => row.lastMessageId !== null || row.dealActivityAt !== null)
  const dealTexts = dealActivityTexts(
    db,
    active.filter((row) => row.dealActivityAt !== null).map((row) => row.id),
  )
  return active
    .map((row) => {
      const lastMessage = lastMessages.find((message) => message.id === row.lastMessageId) ?? null
      const dealAt = row.dealActivityAt ?? 0
      const dealIsLatest = dealAt > 0 && dealAt >= (lastMessage?.createdAt.getTime() ?? 0)
      return {
        id: row.id,
        updatedAt: new Date(Math.max(row.updatedAt.getTime(), dealAt)),
        unread: row.unread + row.unseenDeals,
        listing: row.listingId && row.listingTitle ? { id: row.listingId, title: row.listingTitle } : null,
        other: otherPerson(
          row.otherId,
          others.find((profile) => profile.userId === row.otherId),
        ),
        lastMessage,
        /** The latest deal event, when it is newer than the last message. */
        lastDealActivity: dealIsLatest
          ? { text: dealTexts.get(row.id) ?? 'Negociação', at: new Date(dealAt) }
          : null,
      }
    })
    .sort(
      (a, b) => Number(b.unread > 0) - Number(a.unread > 0) || b.updatedAt.getTime() - a.updatedAt.getTime(),
    )
}

/** The thread's header: who the other person is, which listing it is about, whether anyone can send. */
export function conversationHeader(db: Database, userId: number, conversationId: number) {
  const conversation = participantConversation(db, userId, conversationId)
  const other = memberChip(db, conversation.otherId)
  const listing = conversation.listingId
    ? db
        .select({
          id: listings.id,
          title: listings.title,
          priceCents: listings.priceCents,
          status: listings.status,
          imageUrl: coverImageUrl(),
        })
        .from(listings)
        .where(and(eq(listings.id, conversation.listingId), notRemovedListing))
        .get()
    : undefined
  return {
    id: conversation.id,
    other: otherPerson(conversation.otherId, other),
    listing: listing ?? null,
    /** The viewer blocked the other person (they can undo it); either way, nobody can send. */
    blockedByMe: hasBlocked(db, userId, conversation.otherId),
    canSend: !blockedBetween(db, userId, conversation.otherId),
  }
}
