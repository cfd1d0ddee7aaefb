import { parsePriceToCents } from '@shared/money'
import { LISTING_DISCIPLINES_MAX, type ListingInput, listingInputSchema } from '@shared/schemas/listing'
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
  /** 0 for none: the native select's empty choice. */
  courseId: z.number().int().min(0),
  disciplineIds: z.array(z.number().int().positive()).max(LISTING_DISCIPLINES_MAX, {
    error: `Escolha no máximo ${LISTING_DISCIPLINES_MAX} disciplinas`,
  }),
  isbn: shape.isbn,
  imageIds: shape.imageIds,
})
export type ListingFormInput = z.input<typeof listingFormSchema>
export type ListingFormOutput = z.output<typeof listingFormSchema>

/**
 * What the server receives: every field the form shows, the tags included, so saving an edit keeps
 * the course, disciplines and ISBN the seller sees (and clears only what they cleared).
 */
export function listingInputOf({
  price,
  courseId,
  disciplineIds,
  isbn,
  ...fields
}: ListingFormOutput): ListingInput {
  return {
    ...fields,
    priceCents: price,
    courseId: courseId || null,
    // Disciplines belong to a course: without one, none are sent.
    disciplineIds: courseId ? disciplineIds : [],
    isbn: isbn?.trim() || null,
  }
}
