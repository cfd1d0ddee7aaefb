import { tracked } from '@trpc/server'
import { z } from 'zod'
import type { ScamSignal } from '../../shared/safety'
import { sendMessageSchema, startConversationSchema } from '../../shared/schemas/chat'
import { unreadCount } from '../chat/conversations'
import { conversationHeader, inbox } from '../chat/inbox'
import {
  deliverMessage,
  hasMessageBetween,
  latestMessageId,
  markConversationRead,
  missedMessageEvents,
  sendableConversation,
  signalTyping,
  storeMessage,
  threadPage,
} from '../chat/messages'
import { startConversation } from '../chat/start'
import { conversationViewing } from '../chat/viewing'
import { appError } from '../errors'
import { notifyChatMessage } from '../notifications/kinds'
import { consumeAll } from '../rate-limits'
import { BUS_GAP, type ChatEvent } from '../realtime/bus'
import {
  acquireSubscriptionSlot,
  endOnSuspension,
  type StreamScope,
  sessionStillValid,
  streamScope,
} from '../realtime/subscriptions'
import { approvedProcedure, router } from '../trpc/init'

const conversationInput = z.object({ conversationId: z.number().int().positive() })

export const chatRouter = router({
  /** 'Enviar mensagem' on a listing (or a profile): reuses the pair's conversation when it exists. */
  start: approvedProcedure
    .input(startConversationSchema)
    .mutation(({ ctx, input }) => startConversation(ctx.db, ctx.user, input)),

  /** The inbox: unread conversations first, then the most recently active. */
  conversations: approvedProcedure.query(({ ctx }) => inbox(ctx.db, ctx.user.id)),

  /** One page of a thread, newest first; `before` pages towards older messages. */
  messages: approvedProcedure
    .input(conversationInput.extend({ before: z.number().int().positive().nullish() }))
    .query(({ ctx, input }) => threadPage(ctx.db, ctx.user.id, input.conversationId, input.before)),

  /** The thread's header: who the other person is and which listing it is about. */
  conversation: approvedProcedure
    .input(conversationInput)
    .query(({ ctx, input }) => conversationHeader(ctx.db, ctx.user.id, input.conversationId)),

  /** Text, up to CHAT_PHOTOS_MAX photos uploaded as kind 'chat', or both. */
  send: approvedProcedure.input(sendMessageSchema).mutation(async ({ ctx, input }) => {
    const conversation = sendableConversation(ctx.db, ctx.user.id, input.conversationId)
    await consumeAll([[ctx.rateLimits.chatSendByUser, String(ctx.user.id)]]).catch(() => {
      throw appError('CHAT_TOO_FAST')
    })
    const stored = await storeMessage(ctx, ctx.user.id, conversation, input)
    deliverMessage(ctx.bus, ctx.user.id, conversation, stored)
    notifyChatMessage(ctx, conversation.otherId, stored.message)
    return { ...stored.message, warnings: [] as ScamSignal[] }
  }),

  /** Opening a thread reads the other party's messages; they see the receipt at once. */
  markRead: approvedProcedure
    .input(conversationInput)
    .mutation(({ ctx, input }) => markConversationRead(ctx.db, ctx.bus, ctx.user.id, input.conversationId)),

  typing: approvedProcedure.input(conversationInput).mutation(async ({ ctx, input }) => {
    await consumeAll([[ctx.rateLimits.chatTypingByUser, String(ctx.user.id)]])
    signalTyping(ctx.db, ctx.bus, ctx.user.id, input.conversationId)
    return { ok: true as const }
  }),

  unreadCount: approvedProcedure.query(({ ctx }) => ({ count: unreadCount(ctx.db, ctx.user.id) })),

  /**
   * Everything chat-related for the signed-in member, live. Messages are tracked by id: after a
   * dropped connection the client resumes from the last id it saw and first receives what it missed.
   */
  events: approvedProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(({ ctx, input, signal }) => chatEventStream(streamScope(ctx), input?.lastEventId, signal)),

  /** Held while a page shows the conversation: its messages are not pushed to the member's devices meanwhile. */
  viewing: approvedProcedure
    .input(conversationInput)
    .subscription(({ ctx, input, signal }) =>
      conversationViewing(streamScope(ctx), ctx.push?.presence, input.conversationId, signal),
    ),
})

/** The member's live chat: messages (resumable by id), receipts and typing. */
async function* chatEventStream(
  scope: StreamScope,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
) {
  const { db, bus, request, userId } = scope
  const release = acquireSubscriptionSlot(request)
  let unwatch = () => {}
  try {
    // A fresh subscription starts from the newest message when it was asked for; a resumed one from
    // the last it saw. Listening starts before the backlog is read, so nothing sent in between is
    // lost; what arrives both ways is skipped by id.
    const resumeFrom = Number(lastEventId ?? 0) || latestMessageId(db)
    const listener = bus.listen('chat', userId, signal ?? new AbortController().signal)
    const live = listener[Symbol.asyncIterator]()
    unwatch = await endOnSuspension(scope, () => void live.return?.())
    await listener.ready
    const backlog: ChatEvent[] = missedMessageEvents(db, userId, resumeFrom)
    let lastId = resumeFrom
    // Only another instance can announce a message after a later one; one process publishes in order.
    const announcedEarly = (id: number) =>
      !bus.inCommitOrder && id > lastId && hasMessageBetween(db, userId, lastId, id)
    while (!signal?.aborted) {
      let event = backlog.shift()
      if (!event) {
        const next = await live.next()
        if (next.done) break
        if (!sessionStillValid(db, request)) break
        if (next.value === BUS_GAP) {
          // Live events were lost while the bus was down: what was sent meanwhile comes from the database.
          backlog.push(...missedMessageEvents(db, userId, lastId))
          continue
        }
        event = next.value
        if (event.type === 'message' && announcedEarly(event.message.id)) {
          // An earlier message is still on its way from another instance: read both in id order.
          backlog.push(...missedMessageEvents(db, userId, lastId))
          continue
        }
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
    unwatch()
    release()
  }
}
