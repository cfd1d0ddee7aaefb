import { and, eq, inArray, sql } from 'drizzle-orm'
import { memberChip, memberChipColumns } from '../account/profile'
import type { Database } from '../db/client'
import { conversations, listings, messages, profiles } from '../db/schema'
import { coverImageUrl } from '../listings/card'
import { notRemovedListing } from '../listings/visibility'
import { blockedBetween, hasBlocked } from '../safety/blocks'
import { conversationsOf, messageColumns, participantConversation } from './conversations'
import { withPhotos } from './photos'

const REMOVED_ACCOUNT = 'Conta removida'

type OtherProfile = { username: string | null; fullName: string; avatarUrl: string | null }

const otherPerson = (id: number, profile: OtherProfile | undefined) => ({
  id,
  username: profile?.username ?? null,
  fullName: profile?.fullName ?? REMOVED_ACCOUNT,
  avatarUrl: profile?.avatarUrl ?? null,
})

/** The inbox: conversations with at least one message, unread first, then the most recently active. */
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
  return rows
    .filter((row) => row.lastMessageId !== null)
    .map((row) => ({
      id: row.id,
      updatedAt: row.updatedAt,
      unread: row.unread,
      listing: row.listingId && row.listingTitle ? { id: row.listingId, title: row.listingTitle } : null,
      other: otherPerson(
        row.otherId,
        others.find((profile) => profile.userId === row.otherId),
      ),
      lastMessage: lastMessages.find((message) => message.id === row.lastMessageId) ?? null,
    }))
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
