import { parsePriceToCents } from '@shared/money'
import { listingInputSchema } from '@shared/schemas/listing'
import { z } from 'zod'

const shape = listingInputSchema.shape

/**
 * The shared server schema, field for field, except the price, typed as text in reais and turned into
 * centavos by the same parser the rest of the app uses: client and server say the same pt-BR words.
 * Keys follow the on-screen order, so the first message (the 'Erro de validação' toast) is the
 * topmost problem.
 */
export const listingFormSchema = z.object({
  title: shape.title,
  description: shape.description,
  price: z.string().transform(parsePriceToCents).pipe(shape.priceCents),
  mainCategoryId: shape.mainCategoryId,
  subcategoryId: shape.subcategoryId,
  condition: shape.condition,
  imageIds: shape.imageIds,
})
export type ListingFormInput = z.input<typeof listingFormSchema>
export type ListingFormOutput = z.output<typeof listingFormSchema>
