import { z } from 'zod'
import type { ScamSignal } from '../../shared/safety'
import { sendMessageSchema, startConversationSchema } from '../../shared/schemas/chat'
import { unreadCount } from '../chat/conversations'
import { conversationHeader, inbox } from '../chat/inbox'
import { chatEventStream } from '../chat/live'
import {
  deliverMessage,
  markConversationRead,
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
import { streamScope } from '../realtime/subscriptions'
import { approvedProcedure, router } from '../trpc/init'
import { trackedById } from '../trpc/tracked'

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
    .subscription(({ ctx, input, signal }) =>
      trackedById(chatEventStream(streamScope(ctx), input?.lastEventId, signal)),
    ),

  /** Held while a page shows the conversation: its messages are not pushed to the member's devices meanwhile. */
  viewing: approvedProcedure
    .input(conversationInput)
    .subscription(({ ctx, input, signal }) =>
      conversationViewing(streamScope(ctx), ctx.push?.presence, input.conversationId, signal),
    ),
})
