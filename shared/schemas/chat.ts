import { z } from 'zod'
import { CHAT_MESSAGE_MAX } from '../chat'
import { multiLineText, singleLineText } from './text'

export const chatMessageSchema = multiLineText({ error: 'Digite uma mensagem' })
  .min(1, { error: 'Digite uma mensagem' })
  .max(CHAT_MESSAGE_MAX, { error: 'Mensagem muito longa (máximo de 2.000 caracteres)' })

const id = z.number().int().positive()

export const sendMessageSchema = z.object({ conversationId: id, content: chatMessageSchema })

export const startConversationSchema = z
  .object({ listingId: id.optional(), username: singleLineText().min(1).max(50).optional() })
  .refine((input) => input.listingId !== undefined || input.username !== undefined, {
    error: 'Informe o anúncio ou a pessoa com quem conversar',
  })
