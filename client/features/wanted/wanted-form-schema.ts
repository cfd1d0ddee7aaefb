import { centsToInput, parsePriceToCents } from '@shared/money'
import { WANTED_DAYS_DEFAULT, wantedInputSchema } from '@shared/schemas/wanted'
import { z } from 'zod'

const shape = wantedInputSchema.shape

/**
 * The server's schema, field for field, with the form's text inputs turned into its numbers: the
 * category from the select, the price typed in reais (blank: any price), the days. Keys in on-screen
 * order, so the first message is the topmost problem.
 */
export const wantedFormSchema = z.object({
  title: shape.title,
  mainCategoryId: z.string().transform(Number).pipe(shape.mainCategoryId),
  maxPrice: z
    .string()
    .transform((value) => (value.trim() === '' ? null : parsePriceToCents(value)))
    .pipe(shape.maxPriceCents.unwrap()),
  days: z.string().transform(Number).pipe(shape.days),
  details: shape.details,
})
export type WantedFormInput = z.input<typeof wantedFormSchema>
export type WantedFormOutput = z.output<typeof wantedFormSchema>

/** The form's starting values: empty for a new post, the post's own for an edit. */
export function wantedFormDefaults(post?: {
  title: string
  mainCategoryId: number
  maxPriceCents: number | null
  details: string | null
}): WantedFormInput {
  return {
    title: post?.title ?? '',
    mainCategoryId: post ? String(post.mainCategoryId) : '',
    maxPrice: post?.maxPriceCents ? centsToInput(post.maxPriceCents) : '',
    days: String(WANTED_DAYS_DEFAULT),
    details: post?.details ?? '',
  }
}
