import { z } from 'zod'
import { MEETING_CANCEL_REASON_MAX, MEETING_CANCEL_REASON_MIN, MEETING_TIMES_MAX } from '../meetings'
import { id } from './ids'
import { multiLineText } from './text'

/** An instant as epoch milliseconds, on a whole minute. */
const instant = z
  .number()
  .int()
  .positive()
  .max(8_640_000_000_000_000)
  .refine((ms) => ms % 60_000 === 0, { error: 'Escolha um horário em minutos inteiros' })

export const proposeMeetingSchema = z.object({
  conversationId: id,
  dealId: id.optional(),
  spotId: id,
  times: z
    .array(instant)
    .min(1, { error: 'Escolha pelo menos um horário' })
    .max(MEETING_TIMES_MAX, { error: `Proponha no máximo ${MEETING_TIMES_MAX} horários` })
    .refine((times) => new Set(times).size === times.length, { error: 'Os horários devem ser diferentes' }),
})

export const pickMeetingTimeSchema = z.object({ meetingId: id, time: instant })

export const cancelMeetingSchema = z.object({
  meetingId: id,
  reason: multiLineText()
    .min(MEETING_CANCEL_REASON_MIN, { error: 'Conte o motivo em pelo menos 3 caracteres' })
    .max(MEETING_CANCEL_REASON_MAX, {
      error: `O motivo deve ter no máximo ${MEETING_CANCEL_REASON_MAX} caracteres`,
    }),
})

export const meetingIdSchema = z.object({ meetingId: id })
export const conversationMeetingsSchema = z.object({ conversationId: id, dealId: id.optional() })

export const confirmHandoffSchema = z.object({
  meetingId: id,
  /** The QR code's text (the hand-off link, with the address of the server) or the code as typed. */
  code: z.string().trim().min(1, { error: 'Digite o código' }).max(500, { error: 'Código inválido' }),
})
