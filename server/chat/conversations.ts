import { and, eq, inArray, or, type Placeholder, sql } from 'drizzle-orm'
import type { ScamSignal } from '../../shared/safety'
import type { Database } from '../db/client'
import { preparedQuery } from '../db/prepared'
import { conversations, messages } from '../db/schema'
import { appError } from '../errors'
import type { ChatEvent, EventBus } from '../realtime/bus'
import { scamSignals } from '../safety/scam'
import { unseenDealsCount } from './deal-activity'

export const conversationNotFound = () => appError('CONVERSATION_NOT_FOUND')

const conversationOfParticipant = preparedQuery((db) =>
  db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, sql.placeholder('conversationId')),
        conversationsOf(sql.placeholder('userId')),
      ),
    )
    .prepare(),
)

/** The conversation, only for one of its two participants; anyone else learns nothing. */
export function participantConversation(db: Database, userId: number, conversationId: number) {
  const row = conversationOfParticipant(db).get({ userId, conversationId })
  if (!row) throw conversationNotFound()
  return { ...row, otherId: row.participantOne === userId ? row.participantTwo : row.participantOne }
}

/** Conversations the member takes part in. */
export const conversationsOf = (userId: number | Placeholder) =>
  or(eq(conversations.participantOne, userId), eq(conversations.participantTwo, userId))

/** A message as the client receives it, in lists and live. */
export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  read: messages.read,
  createdAt: messages.createdAt,
}

/** Sends a live chat event to each member's open pages. */
export function publishChat(bus: EventBus, userIds: number[], event: ChatEvent) {
  for (const userId of userIds) bus.publish('chat', userId, event)
}

/** Messages from others the member has not read and deal events of others unseen, over all conversations. */
export function unreadCount(db: Database, userId: number): number {
  const row = db
    .select({ total: sql<number>`count(*)` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(conversationsOf(userId), eq(messages.read, false), sql`${messages.senderId} is not ${userId}`))
    .get()
  const deals = db
    .select({ total: sql<number>`coalesce(sum(${unseenDealsCount(conversations.id, userId)}), 0)` })
    .from(conversations)
    .where(conversationsOf(userId))
    .get()
  return (row?.total ?? 0) + (deals?.total ?? 0)
}

type StoredMessage = { id: number; conversationId: number; senderId: number | null; content: string }

/**
 * Adds the scam warnings the viewer should see: only on messages others sent. A phone number counts
 * only in the sender's first message of the conversation.
 */
export function withWarnings<T extends StoredMessage>(
  db: Database,
  viewerId: number,
  rows: T[],
): (T & { warnings: ScamSignal[] })[] {
  const received = rows.filter((row) => row.senderId !== null && row.senderId !== viewerId)
  const conversationIds = [...new Set(received.map((row) => row.conversationId))]
  const firsts = new Set(
    conversationIds.length
      ? db
          .select({ id: sql<number>`min(${messages.id})` })
          .from(messages)
          .where(inArray(messages.conversationId, conversationIds))
          .groupBy(messages.conversationId, messages.senderId)
          .all()
          .map((row) => row.id)
      : [],
  )
  return rows.map((row) => ({
    ...row,
    warnings:
      row.senderId !== null && row.senderId !== viewerId
        ? scamSignals(row.content, { firstFromSender: firsts.has(row.id) })
        : [],
  }))
}
