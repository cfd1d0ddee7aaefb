import { z } from 'zod'
import { CHAT_MESSAGE_MAX } from '../chat'

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
