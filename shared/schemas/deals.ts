import { z } from 'zod'
import { DEAL_LISTINGS_MAX } from '../deals'
import { id } from './ids'

export const conversationDealsSchema = z.object({ conversationId: id })

/** "Levo os três": the buyer's deal on one or several live listings of the other participant. */
export const startDealSchema = z.object({
  conversationId: id,
  listingIds: z
    .array(id)
    .min(1, { error: 'Escolha pelo menos um anúncio' })
    .max(DEAL_LISTINGS_MAX, { error: `Escolha no máximo ${DEAL_LISTINGS_MAX} anúncios` }),
})

export const dealReserveSchema = z.object({ dealId: id, reserved: z.boolean() })
