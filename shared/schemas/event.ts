import { z } from 'zod'
import { multiLineText, singleLineText } from './text'

export { EVENT_TAB_LABELS, EVENT_TABS, type EventTab } from '../event-tabs'

export const EVENT_TITLE_MIN = 5
export const EVENT_TITLE_MAX = 100
export const EVENT_DESCRIPTION_MIN = 20
export const EVENT_DESCRIPTION_MAX = 1000
export const EVENT_LOCATION_MIN = 5
export const EVENT_LOCATION_MAX = 200
export const EVENT_CAPACITY_MAX = 100_000

/** How many places an event has; null: no limit. */
const capacitySchema = z
  .number({ error: 'Número deve ser positivo' })
  .int({ error: 'Número deve ser positivo' })
  .positive({ error: 'Número deve ser positivo' })
  .max(EVENT_CAPACITY_MAX, { error: 'Número muito alto' })
  .nullable()

/** The organizer's change of places on an approved event; null: no limit. */
export const capacityInputSchema = z.object({
  id: z.number().int().positive(),
  maxParticipants: capacitySchema,
})

/** The event form (spec §5); date and time are the community's local wall clock. */
export const eventInputSchema = z.object({
  title: singleLineText()
    .min(EVENT_TITLE_MIN, { error: `Título deve ter no mínimo ${EVENT_TITLE_MIN} caracteres` })
    .max(EVENT_TITLE_MAX, { error: 'Título muito longo' }),
  description: multiLineText()
    .min(EVENT_DESCRIPTION_MIN, { error: `Descrição deve ter no mínimo ${EVENT_DESCRIPTION_MIN} caracteres` })
    .max(EVENT_DESCRIPTION_MAX, { error: 'Descrição muito longa' }),
  eventDate: z
    .string({ error: 'Data é obrigatória' })
    .min(1, { error: 'Data é obrigatória' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data é obrigatória' }),
  eventTime: z
    .string({ error: 'Formato de hora inválido (HH:MM)' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Formato de hora inválido (HH:MM)' }),
  location: singleLineText()
    .min(EVENT_LOCATION_MIN, { error: `Local deve ter no mínimo ${EVENT_LOCATION_MIN} caracteres` })
    .max(EVENT_LOCATION_MAX, { error: 'Local muito longo' }),
  /** Empty means unlimited. */
  maxParticipants: capacitySchema,
  /** An uploaded image (kind 'event'), null for none. */
  imageUploadId: z.string().min(1).max(100).nullable(),
})
export type EventInput = z.infer<typeof eventInputSchema>

export const EVENT_IN_PAST_MESSAGE = 'A data do evento deve ser no futuro'
export const REJECTION_REASON_MESSAGE = 'Por favor, informe o motivo da rejeição'

export const rejectEventSchema = z.object({
  id: z.number().int().positive(),
  reason: multiLineText({ error: REJECTION_REASON_MESSAGE })
    .min(1, { error: REJECTION_REASON_MESSAGE })
    .max(500, { error: 'Motivo muito longo' }),
})
