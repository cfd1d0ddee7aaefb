import { z } from 'zod'
import { WANTED_SORTS } from '../wanted'
import { id } from './ids'
import { LISTING_PRICE_MAX_CENTS, publicationTitle } from './listing'
import { multiLineText } from './text'

/** Procura-se: what a member is looking for, posted for the community to answer with a listing. */
export const WANTED_TITLE_MIN = 3
export const WANTED_TITLE_MAX = 100
export const WANTED_DETAILS_MAX = 500
/** A request lasts at most a month: after that it leaves the board on its own. */
export const WANTED_DAYS_MAX = 30
export const WANTED_DAYS_DEFAULT = 14
/** Open requests one member may have at a time. */
export const WANTED_OPEN_MAX = 10
export const WANTED_PAGE_SIZE = 30
export const WANTED_STATUSES = ['open', 'closed'] as const
export type WantedStatus = (typeof WANTED_STATUSES)[number]

export const wantedInputSchema = z.object({
  title: publicationTitle(WANTED_TITLE_MIN, WANTED_TITLE_MAX),
  details: multiLineText()
    .max(WANTED_DETAILS_MAX, { error: 'Detalhes muito longos (máximo de 500 caracteres)' })
    .optional(),
  mainCategoryId: z
    .number({ error: 'Selecione uma categoria principal' })
    .int()
    .positive({ error: 'Selecione uma categoria principal' }),
  /** Centavos; absent when any price will do. */
  maxPriceCents: z
    .number({ error: 'Preço máximo deve ser maior que 0' })
    .int()
    .positive({ error: 'Preço máximo deve ser maior que 0' })
    .max(LISTING_PRICE_MAX_CENTS, { error: 'Preço máximo muito alto' })
    .nullish(),
  days: z
    .number({ error: 'Informe por quantos dias o pedido fica no ar' })
    .int({ error: 'Informe um número inteiro de dias' })
    .min(1, { error: 'O pedido precisa ficar no ar por pelo menos 1 dia' })
    .max(WANTED_DAYS_MAX, { error: 'O pedido pode ficar no ar por no máximo 30 dias' }),
})
export type WantedInput = z.infer<typeof wantedInputSchema>

export const wantedUpdateSchema = wantedInputSchema.extend({ id })

export const wantedBoardSchema = z
  .object({
    mainCategoryId: id.optional(),
    sort: z.enum(WANTED_SORTS).optional(),
    /** Where the previous page ended: the id (newest first), or 'count-id' (most wanted first). */
    cursor: z
      .string()
      .regex(/^\d{1,12}(-\d{1,12})?$/)
      .nullish(),
    limit: z.number().int().min(1).max(WANTED_PAGE_SIZE).optional(),
  })
  .optional()
