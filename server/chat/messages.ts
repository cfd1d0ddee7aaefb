import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { CHAT_PAGE_SIZE, type ChatPhoto } from '../../shared/chat'
import type { Database } from '../db/client'
import { commitTogether } from '../db/group-commit'
import { preparedQuery } from '../db/prepared'
import { conversations, messages } from '../db/schema'
import { appError } from '../errors'
import type { ChatEvent, EventBus } from '../realtime/bus'
import { blockedBetween } from '../safety/blocks'
import { scamSignals } from '../safety/scam'
import type { ImageStorage } from '../uploads/storage'
import {
  conversationsOf,
  messageColumns,
  participantConversation,
  publishChat,
  withWarnings,
} from './conversations'
import { markDealsSeen } from './deal-activity'
import { attachChatPhotos, withPhotos } from './photos'

type Conversation = ReturnType<typeof participantConversation>

/** Messages as a viewer receives them: with their photos and the scam warnings meant for that viewer. */
function forViewer<
  T extends { id: number; conversationId: number; senderId: number | null; content: string },
>(db: Database, viewerId: number, rows: T[]) {
  return withWarnings(db, viewerId, withPhotos(db, rows))
}

/** One page of a thread, newest first; `before` pages towards older messages. */
export function threadPage(db: Database, userId: number, conversationId: number, before?: number | null) {
  const conversation = participantConversation(db, userId, conversationId)
  const page = db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(CHAT_PAGE_SIZE + 1)
    .all()
  const items = forViewer(db, userId, page.slice(0, CHAT_PAGE_SIZE))
  return { items, nextBefore: page.length > CHAT_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null }
}

/** The conversation, if the member may send in it now: a participant, and neither side blocked the other. */
export function sendableConversation(db: Database, userId: number, conversationId: number): Conversation {
  const conversation = participantConversation(db, userId, conversationId)
  if (blockedBetween(db, userId, conversation.otherId)) {
    throw appError('CHAT_UNAVAILABLE')
  }
  return conversation
}

export type StoredMessage = {
  message: {
    id: number
    conversationId: number
    senderId: number | null
    content: string
    read: boolean
    createdAt: Date
    photos: ChatPhoto[]
  }
  /** The sender's first message in the conversation: a phone number in it is a scam signal. */
  firstFromSender: boolean
}

/** Stores a message (text, photos or both) and moves the conversation to the top of both inboxes. */
export function storeMessage(
  { db, storage }: { db: Database; storage: ImageStorage },
  senderId: number,
  conversation: Pick<Conversation, 'id'>,
  input: { content: string; photos: readonly string[] },
): Promise<StoredMessage> {
  // Acknowledged once on disk; concurrent sends share one commit (see db/group-commit.ts).
  return commitTogether(db, (tx) => {
    const earlier = tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.senderId, senderId)))
      .limit(1)
      .get()
    const created = tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId, content: input.content })
      .returning(messageColumns)
      .get()
    const photos = attachChatPhotos(tx, storage, senderId, created.id, input.photos)
    tx.update(conversations)
      .set({ updatedAt: created.createdAt })
      .where(eq(conversations.id, conversation.id))
      .run()
    return { message: { ...created, photos }, firstFromSender: !earlier }
  })
}

/** Live delivery: the sender's other pages get the message as sent, the recipient with its warnings. */
export function deliverMessage(
  bus: EventBus,
  senderId: number,
  conversation: Pick<Conversation, 'id' | 'otherId'>,
  { message, firstFromSender }: StoredMessage,
): void {
  const live = {
    id: message.id,
    senderId: message.senderId,
    content: message.content,
    read: message.read,
    createdAt: message.createdAt.toISOString(),
    photos: message.photos,
  }
  publishChat(bus, [senderId], {
    type: 'message',
    conversationId: conversation.id,
    message: { ...live, warnings: [] },
  })
  publishChat(bus, [conversation.otherId], {
    type: 'message',
    conversationId: conversation.id,
    message: { ...live, warnings: scamSignals(message.content, { firstFromSender }) },
  })
}

/** Opening a thread reads the other party's messages; both sides get the receipt at once. */
export function markConversationRead(db: Database, bus: EventBus, userId: number, conversationId: number) {
  const conversation = participantConversation(db, userId, conversationId)
  const updated = db
    .update(messages)
    .set({ read: true, readAt: new Date() })
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.read, false),
        sql`${messages.senderId} is not ${userId}`,
      ),
    )
    .returning({ id: messages.id })
    .all()
  markDealsSeen(db, userId, conversation.id)
  const upToId = Math.max(0, ...updated.map((row) => row.id))
  if (upToId > 0) {
    publishChat(bus, [conversation.otherId, userId], {
      type: 'read',
      conversationId: conversation.id,
      readerId: userId,
      upToId,
    })
  }
  return { read: updated.length }
}

/** 'digitando...' for the other person; silently dropped between a blocked pair. */
export function signalTyping(db: Database, bus: EventBus, userId: number, conversationId: number): void {
  const conversation = participantConversation(db, userId, conversationId)
  if (blockedBetween(db, userId, conversation.otherId)) return
  publishChat(bus, [conversation.otherId], {
    type: 'typing',
    conversationId: conversation.id,
    userId,
  })
}

/** Messages of the member's conversations after `afterId`, oldest first, as live events (at most 500). */
export function missedMessageEvents(db: Database, userId: number, afterId: number): ChatEvent[] {
  const rows = db
    .select(messageColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(conversationsOf(userId), gt(messages.id, afterId)))
    .orderBy(messages.id)
    .limit(500)
    .all()
  return forViewer(db, userId, rows).map(({ conversationId, ...message }) => ({
    type: 'message' as const,
    conversationId,
    message: { ...message, createdAt: message.createdAt.toISOString() },
  }))
}

/**
 * Whether one of the member's conversations holds a message between two ids, committed but not yet
 * heard live: instances publish independently, so a message may be announced after a later one.
 */
const messageBetween = preparedQuery((db) =>
  db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        inArray(
          messages.conversationId,
          db
            .select({ id: conversations.id })
            .from(conversations)
            .where(conversationsOf(sql.placeholder('userId'))),
        ),
        gt(messages.id, sql.placeholder('afterId')),
        lt(messages.id, sql.placeholder('beforeId')),
      ),
    )
    .limit(1)
    .prepare(),
)

export function hasMessageBetween(db: Database, userId: number, afterId: number, beforeId: number): boolean {
  return messageBetween(db).get({ userId, afterId, beforeId }) !== undefined
}

/** The newest message id of all: where a fresh subscription starts. */
export function latestMessageId(db: Database): number {
  return (
    db
      .select({ id: sql<number | null>`max(${messages.id})` })
      .from(messages)
      .get()?.id ?? 0
  )
}
