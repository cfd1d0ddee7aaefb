import { z } from 'zod'
import { LISTING_PRICE_MAX_CENTS } from './listing'

/** An offer's amount: whole centavos, above zero, no more than any listing may cost. */
export const offerAmountSchema = z
  .number({ error: 'Informe um valor' })
  .int({ error: 'Use no máximo duas casas decimais' })
  .positive({ error: 'A oferta deve ser maior que R$ 0,00' })
  .max(LISTING_PRICE_MAX_CENTS, { error: 'Valor muito alto' })

export const makeOfferSchema = z.object({
  conversationId: z.number().int().positive(),
  /** The deal the offer is on; without one, the deal on the listing the conversation started from. */
  dealId: z.number().int().positive().optional(),
  amountCents: offerAmountSchema,
})

export const counterOfferSchema = z.object({
  offerId: z.number().int().positive(),
  amountCents: offerAmountSchema,
})

export const offerIdSchema = z.object({ offerId: z.number().int().positive() })

export const dealOffersSchema = z.object({
  conversationId: z.number().int().positive(),
  dealId: z.number().int().positive().optional(),
})
