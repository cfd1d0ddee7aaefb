import { z } from 'zod'
import { CHAT_MESSAGE_MAX, CHAT_PHOTOS_MAX } from '../chat'
import { id } from './ids'
import { multiLineText, singleLineText } from './text'

export const CHAT_MESSAGE_EMPTY = 'Digite uma mensagem'

export const chatMessageSchema = multiLineText({ error: CHAT_MESSAGE_EMPTY }).max(CHAT_MESSAGE_MAX, {
  error: 'Mensagem muito longa (máximo de 2.000 caracteres)',
})

/** Upload ids of the photos, in the order they are shown. */
export const chatPhotosSchema = z
  .array(z.uuid({ error: 'Foto inválida. Envie a imagem novamente.' }))
  .max(CHAT_PHOTOS_MAX, { error: `Máximo ${CHAT_PHOTOS_MAX} fotos por mensagem` })

/** Text, photos, or both; never neither. */
export const sendMessageSchema = z
  .object({
    conversationId: id,
    content: chatMessageSchema.default(''),
    photos: chatPhotosSchema.default([]),
  })
  .superRefine((input, ctx) => {
    if (input.content === '' && input.photos.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: CHAT_MESSAGE_EMPTY })
    }
  })

export const startConversationSchema = z
  .object({ listingId: id.optional(), username: singleLineText().min(1).max(50).optional() })
  .refine((input) => input.listingId !== undefined || input.username !== undefined, {
    error: 'Informe o anúncio ou a pessoa com quem conversar',
  })
