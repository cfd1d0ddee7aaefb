import { tracked } from '@trpc/server'
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { CHAT_PAGE_SIZE } from '../../shared/chat'
import type { ScamSignal } from '../../shared/safety'
import { sendMessageSchema, startConversationSchema } from '../../shared/schemas/chat'
import { sameUsername } from '../auth/accounts'
import {
  conversationsOf,
  messageColumns,
  participantConversation,
  publishChat,
  unreadCount,
  withWarnings,
} from '../chat/conversations'
import { commitTogether } from '../db/group-commit'
import { conversations, listingImages, listings, messages, profiles } from '../db/schema'
import { appError } from '../errors'
import { consumeAll } from '../http/rate-limits'
import { isLiveListing } from '../listings/visibility'
import { BUS_GAP, type ChatEvent } from '../realtime/bus'
import { acquireSubscriptionSlot, sessionStillValid } from '../realtime/subscriptions'
import { blockedBetween, hasBlocked } from '../safety/blocks'
import { scamSignals } from '../safety/scam'
import { approvedProcedure, router } from '../trpc/init'

const conversationInput = z.object({ conversationId: z.number().int().positive() })

export const chatRouter = router({
  /** 'Enviar mensagem' on a listing (or a profile): reuses the pair's conversation when it exists. */
  start: approvedProcedure.input(startConversationSchema).mutation(({ ctx, input }) => {
    let otherId: number | undefined
    let listingId: number | null = null
    if (input.listingId !== undefined) {
      const listing = ctx.db
        .select({ id: listings.id, sellerId: listings.sellerId, communityId: listings.communityId })
        .from(listings)
        .where(and(eq(listings.id, input.listingId), isLiveListing))
        .get()
      if (
        !listing ||
        listing.communityId !== ctx.user.communityId ||
        blockedBetween(ctx.db, ctx.user.id, listing.sellerId)
      ) {
        throw appError('NOT_FOUND', 'LISTING_NOT_FOUND')
      }
      otherId = listing.sellerId
      listingId = listing.id
    } else if (input.username) {
      otherId = ctx.db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(sameUsername(input.username))
        .get()?.userId
    }
    if (otherId === ctx.user.id) {
      throw appError('BAD_REQUEST', 'CHAT_WITH_SELF')
    }
    const other = otherId
      ? ctx.db
          .select({ approved: profiles.approved, communityId: profiles.communityId })
          .from(profiles)
          .where(eq(profiles.userId, otherId))
          .get()
      : undefined
    if (
      !otherId ||
      !other?.approved ||
      other.communityId !== ctx.user.communityId ||
      blockedBetween(ctx.db, ctx.user.id, otherId)
    ) {
      throw appError('NOT_FOUND', 'PERSON_NOT_FOUND')
    }
    const [participantOne, participantTwo] =
      ctx.user.id < otherId ? [ctx.user.id, otherId] : [otherId, ctx.user.id]
    const conversation = ctx.db
      .insert(conversations)
      .values({ communityId: ctx.user.communityId ?? -1, participantOne, participantTwo, listingId })
      .onConflictDoUpdate({
        target: [conversations.participantOne, conversations.participantTwo],
        // The listing last asked about becomes the thread's context.
        set: listingId ? { listingId } : { participantOne },
      })
      .returning({ id: conversations.id })
      .get()
    return { conversationId: conversation.id }
  }),

  /** The inbox: unread conversations first, then the most recently active. */
  conversations: approvedProcedure.query(({ ctx }) => {
    const userId = ctx.user.id
    const rows = ctx.db
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
      .leftJoin(listings, eq(listings.id, conversations.listingId))
      .where(conversationsOf(userId))
      .all()
    const others = rows.length
      ? ctx.db
          .select({
            userId: profiles.userId,
            username: profiles.username,
            fullName: profiles.fullName,
            avatarUrl: profiles.avatarUrl,
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
      ? ctx.db.select(messageColumns).from(messages).where(inArray(messages.id, lastIds)).all()
      : []
    return rows
      .filter((row) => row.lastMessageId !== null)
      .map((row) => {
        const other = others.find((profile) => profile.userId === row.otherId)
        return {
          id: row.id,
          updatedAt: row.updatedAt,
          unread: row.unread,
          listing: row.listingId && row.listingTitle ? { id: row.listingId, title: row.listingTitle } : null,
          other: {
            id: row.otherId,
            username: other?.username ?? null,
            fullName: other?.fullName ?? 'Conta removida',
            avatarUrl: other?.avatarUrl ?? null,
          },
          lastMessage: lastMessages.find((message) => message.id === row.lastMessageId) ?? null,
        }
      })
      .sort(
        (a, b) =>
          Number(b.unread > 0) - Number(a.unread > 0) || b.updatedAt.getTime() - a.updatedAt.getTime(),
      )
  }),

  /** One page of a thread, newest first; `before` pages towards older messages. */
  messages: approvedProcedure
    .input(conversationInput.extend({ before: z.number().int().positive().nullish() }))
    .query(({ ctx, input }) => {
      const conversation = participantConversation(ctx.db, ctx.user.id, input.conversationId)
      const page = ctx.db
        .select(messageColumns)
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversation.id),
            input.before ? lt(messages.id, input.before) : undefined,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(CHAT_PAGE_SIZE + 1)
        .all()
      const items = withWarnings(ctx.db, ctx.user.id, page.slice(0, CHAT_PAGE_SIZE))
      return { items, nextBefore: page.length > CHAT_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null }
    }),

  /** The thread's header: who the other person is and which listing it is about. */
  conversation: approvedProcedure.input(conversationInput).query(({ ctx, input }) => {
    const conversation = participantConversation(ctx.db, ctx.user.id, input.conversationId)
    const other = ctx.db
      .select({ username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, conversation.otherId))
      .get()
    const listing = conversation.listingId
      ? ctx.db
          .select({
            id: listings.id,
            title: listings.title,
            priceCents: listings.priceCents,
            status: listings.status,
            imageUrl: sql<string | null>`(select ${listingImages.cardUrl} from ${listingImages}
              where ${listingImages.listingId} = ${listings.id} order by ${listingImages.position} limit 1)`,
          })
          .from(listings)
          .where(eq(listings.id, conversation.listingId))
          .get()
      : undefined
    return {
      id: conversation.id,
      other: {
        id: conversation.otherId,
        username: other?.username ?? null,
        fullName: other?.fullName ?? 'Conta removida',
        avatarUrl: other?.avatarUrl ?? null,
      },
      listing: listing ?? null,
      /** The viewer blocked the other person (they can undo it); either way, nobody can send. */
      blockedByMe: hasBlocked(ctx.db, ctx.user.id, conversation.otherId),
      canSend: !blockedBetween(ctx.db, ctx.user.id, conversation.otherId),
    }
  }),

  send: approvedProcedure.input(sendMessageSchema).mutation(async ({ ctx, input }) => {
    const conversation = participantConversation(ctx.db, ctx.user.id, input.conversationId)
    if (blockedBetween(ctx.db, ctx.user.id, conversation.otherId)) {
      throw appError('FORBIDDEN', 'CHAT_UNAVAILABLE')
    }
    await consumeAll([[ctx.rateLimits.chatSendByUser, String(ctx.user.id)]]).catch(() => {
      throw appError('TOO_MANY_REQUESTS', 'CHAT_TOO_FAST')
    })
    // Acknowledged once on disk; concurrent sends share one commit (see group-commit.ts).
    const message = await commitTogether(ctx.db, (tx) => {
      const earlier = tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, conversation.id), eq(messages.senderId, ctx.user.id)))
        .limit(1)
        .get()
      const created = tx
        .insert(messages)
        .values({ conversationId: conversation.id, senderId: ctx.user.id, content: input.content })
        .returning(messageColumns)
        .get()
      tx.update(conversations)
        .set({ updatedAt: created.createdAt })
        .where(eq(conversations.id, conversation.id))
        .run()
      return { ...created, firstFromSender: !earlier }
    })
    const { firstFromSender, ...sent } = message
    const live = {
      id: sent.id,
      senderId: sent.senderId,
      content: sent.content,
      read: sent.read,
      createdAt: sent.createdAt.toISOString(),
    }
    publishChat(ctx.bus, [ctx.user.id], {
      type: 'message',
      conversationId: conversation.id,
      message: { ...live, warnings: [] },
    })
    publishChat(ctx.bus, [conversation.otherId], {
      type: 'message',
      conversationId: conversation.id,
      message: { ...live, warnings: scamSignals(sent.content, { firstFromSender }) },
    })
    return { ...sent, warnings: [] as ScamSignal[] }
  }),

  /** Opening a thread reads the other party's messages; they see the receipt at once. */
  markRead: approvedProcedure.input(conversationInput).mutation(({ ctx, input }) => {
    const conversation = participantConversation(ctx.db, ctx.user.id, input.conversationId)
    const updated = ctx.db
      .update(messages)
      .set({ read: true, readAt: new Date() })
      .where(
        and(
          eq(messages.conversationId, conversation.id),
          eq(messages.read, false),
          sql`${messages.senderId} is not ${ctx.user.id}`,
        ),
      )
      .returning({ id: messages.id })
      .all()
    const upToId = Math.max(0, ...updated.map((row) => row.id))
    if (upToId > 0) {
      publishChat(ctx.bus, [conversation.otherId, ctx.user.id], {
        type: 'read',
        conversationId: conversation.id,
        readerId: ctx.user.id,
        upToId,
      })
    }
    return { read: updated.length }
  }),

  typing: approvedProcedure.input(conversationInput).mutation(async ({ ctx, input }) => {
    await consumeAll([[ctx.rateLimits.chatTypingByUser, String(ctx.user.id)]])
    const conversation = participantConversation(ctx.db, ctx.user.id, input.conversationId)
    if (blockedBetween(ctx.db, ctx.user.id, conversation.otherId)) return { ok: true as const }
    publishChat(ctx.bus, [conversation.otherId], {
      type: 'typing',
      conversationId: conversation.id,
      userId: ctx.user.id,
    })
    return { ok: true as const }
  }),

  unreadCount: approvedProcedure.query(({ ctx }) => ({ count: unreadCount(ctx.db, ctx.user.id) })),

  /**
   * Everything chat-related for the signed-in member, live. Messages are tracked by id: after a
   * dropped connection the client resumes from the last id it saw and first receives what it missed.
   */
  events: approvedProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const release = acquireSubscriptionSlot(ctx.request)
      const stop = signal ?? new AbortController().signal
      try {
        // Listen before reading the backlog, so nothing sent in between is lost; duplicates are skipped by id.
        const listener = ctx.bus.listen('chat', ctx.user.id, stop)
        const live = listener[Symbol.asyncIterator]()
        await listener.ready
        const resumeFrom = Number(input?.lastEventId ?? 0) || 0
        const missedSince = (afterId: number) =>
          ctx.db
            .select(messageColumns)
            .from(messages)
            .innerJoin(conversations, eq(conversations.id, messages.conversationId))
            .where(and(conversationsOf(ctx.user.id), gt(messages.id, afterId)))
            .orderBy(messages.id)
            .limit(500)
            .all()
        const missedWithWarnings = (afterId: number) =>
          withWarnings(ctx.db, ctx.user.id, missedSince(afterId)).map(({ conversationId, ...message }) => ({
            type: 'message' as const,
            conversationId,
            message: { ...message, createdAt: message.createdAt.toISOString() },
          }))
        const backlog: ChatEvent[] = resumeFrom > 0 ? missedWithWarnings(resumeFrom) : []
        // A fresh subscription starts from now: after a gap only what came since is read again.
        let lastId =
          resumeFrom > 0
            ? resumeFrom
            : (ctx.db
                .select({ id: sql<number | null>`max(${messages.id})` })
                .from(messages)
                .get()?.id ?? 0)
        while (!stop.aborted) {
          let event = backlog.shift()
          if (!event) {
            const next = await live.next()
            if (next.done) break
            if (!sessionStillValid(ctx.db, ctx.request)) break
            if (next.value === BUS_GAP) {
              // Live events were lost while the bus was down: what was sent meanwhile comes from the database.
              backlog.push(...missedWithWarnings(lastId))
              continue
            }
            event = next.value
          }
          if (event.type === 'message') {
            if (event.message.id <= lastId) continue
            lastId = event.message.id
            yield tracked(String(event.message.id), event)
          } else {
            // Receipts and typing are not replayed; they carry the last message id so resuming stays correct.
            yield tracked(String(lastId), event)
          }
        }
      } finally {
        release()
      }
    }),
})
