import { z } from 'zod'

/** Longest message, in characters: a chat message, not a document. */
export const CHAT_MESSAGE_MAX = 2000
/** How long the 'digitando...' indicator lasts after the last keystroke event. */
export const TYPING_INDICATOR_MS = 3000
export const CHAT_PAGE_SIZE = 30

export const chatMessageSchema = z
  .string({ error: 'Digite uma mensagem' })
  .trim()
  .min(1, { error: 'Digite uma mensagem' })
  .max(CHAT_MESSAGE_MAX, { error: 'Mensagem muito longa (máximo de 2.000 caracteres)' })

const id = z.number().int().positive()

export const sendMessageSchema = z.object({ conversationId: id, content: chatMessageSchema })

export const startConversationSchema = z
  .object({ productId: id.optional(), username: z.string().trim().min(1).max(50).optional() })
  .refine((input) => input.productId !== undefined || input.username !== undefined, {
    error: 'Informe o anúncio ou a pessoa com quem conversar',
  })
