import { z } from 'zod'
import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from '../reviews'
import { id } from './ids'
import { multiLineText } from './text'

const stars = z
  .number({ error: 'Escolha de 1 a 5 estrelas' })
  .int({ error: 'Escolha de 1 a 5 estrelas' })
  .min(1, { error: 'Escolha de 1 a 5 estrelas' })
  .max(5, { error: 'Escolha de 1 a 5 estrelas' })

const comment = multiLineText().max(REVIEW_COMMENT_MAX, {
  error: 'Comentário muito longo (máximo de 500 caracteres)',
})

/** A review of the other side of a confirmed hand-off: who is reviewed follows from the meeting. */
export const reviewInputSchema = z.object({ meetingId: id, stars, comment: comment.optional() })
export type ReviewInput = z.infer<typeof reviewInputSchema>

/** Editing one's own review, within the hours it stays editable. */
export const reviewEditSchema = z.object({ reviewId: id, stars, comment: comment.optional() })
export type ReviewEdit = z.infer<typeof reviewEditSchema>

/** The reviewed person's one public reply. */
export const reviewReplySchema = z.object({
  reviewId: id,
  reply: multiLineText()
    .min(1, { error: 'Escreva a resposta' })
    .max(REVIEW_REPLY_MAX, { error: 'Resposta muito longa (máximo de 500 caracteres)' }),
})
export type ReviewReply = z.infer<typeof reviewReplySchema>

/** A moderator removes a review; the reason goes to the moderation log. */
export const reviewRemovalSchema = z.object({
  reviewId: id,
  reason: multiLineText()
    .min(3, { error: 'Explique o motivo da remoção (mínimo de 3 caracteres)' })
    .max(500, { error: 'Motivo muito longo (máximo de 500 caracteres)' }),
})
export type ReviewRemoval = z.infer<typeof reviewRemovalSchema>

export const meetingIdSchema = z.object({ meetingId: id })
