import { z } from 'zod'
import { LISTING_CONDITIONS, LISTING_STATUSES, MAIN_CATEGORY_SLUGS } from '../domain'
import { normalizeIsbn } from '../isbn'
import { LISTING_SORTS, PRICE_FILTER_MAX_CENTS } from '../listing-filters'
import { id } from './ids'
import { multiLineText, singleLineText } from './text'

export {
  LISTING_SORT_LABELS,
  LISTING_SORTS,
  type ListingSort,
  PRICE_FILTER_MAX,
  PRICE_FILTER_MAX_CENTS,
  PRICE_FILTER_STEP,
} from '../listing-filters'

export const LISTING_TITLE_MIN = 3
export const LISTING_TITLE_MAX = 100
export const LISTING_DESCRIPTION_MIN = 10
export const LISTING_DESCRIPTION_MAX = 2000
export const LISTING_IMAGES_MAX = 5
/** R$ 100.000,00: a sanity bound, far above anything students trade. */
export const LISTING_PRICE_MAX_CENTS = 10_000_000
export const LISTINGS_PAGE_SIZE = 24
export const LISTING_DISCIPLINES_MAX = 5

/** A publication's title (a listing, a Procura-se post), in the words both forms show. */
export const publicationTitle = (min: number, max: number) =>
  singleLineText()
    .min(min, { error: `Título deve ter no mínimo ${min} caracteres` })
    .max(max, { error: 'Título muito longo' })

export const listingInputSchema = z.object({
  title: publicationTitle(LISTING_TITLE_MIN, LISTING_TITLE_MAX),
  description: multiLineText()
    .min(LISTING_DESCRIPTION_MIN, { error: 'Descrição deve ter no mínimo 10 caracteres' })
    .max(LISTING_DESCRIPTION_MAX, { error: 'Descrição muito longa' }),
  priceCents: z
    .number({ error: 'Preço deve ser maior que 0' })
    .int()
    .positive({ error: 'Preço deve ser maior que 0' })
    .max(LISTING_PRICE_MAX_CENTS, { error: 'Preço muito alto' }),
  mainCategoryId: z.number({ error: 'Selecione uma categoria principal' }).int().positive({
    error: 'Selecione uma categoria principal',
  }),
  subcategoryId: z
    .number({ error: 'Selecione uma subcategoria' })
    .int()
    .positive({ error: 'Selecione uma subcategoria' }),
  condition: z.enum(LISTING_CONDITIONS, { error: 'Selecione a condição do item' }),
  imageIds: z
    .array(z.string().min(1).max(100))
    .min(1, { error: 'Adicione pelo menos uma imagem' })
    .max(LISTING_IMAGES_MAX, { error: 'Máximo 5 imagens' }),
  /** Optional tags: the course the listing is for and some of its disciplines. */
  courseId: id.nullish(),
  disciplineIds: z
    .array(id)
    .max(LISTING_DISCIPLINES_MAX, { error: `Escolha no máximo ${LISTING_DISCIPLINES_MAX} disciplinas` })
    .optional(),
  /** A book's ISBN-10 or ISBN-13, with or without hyphens. */
  isbn: z
    .string()
    .max(20, { error: 'ISBN inválido' })
    .trim()
    .refine((value) => value === '' || normalizeIsbn(value) !== null, {
      error: 'ISBN inválido: confira os dígitos (10 ou 13, com ou sem hífens)',
    })
    .nullish(),
})
export type ListingInput = z.infer<typeof listingInputSchema>

export const listingUpdateSchema = listingInputSchema.extend({ id })

export const listingStatusSchema = z.object({ id, status: z.enum(LISTING_STATUSES) })

/** Every filter of the portal and the category pages; all of them live in the URL. */
export const listingFiltersSchema = z.object({
  communitySlug: z.string().max(50).optional(),
  q: singleLineText().max(100).optional(),
  mainCategory: z.enum(MAIN_CATEGORY_SLUGS).optional(),
  subcategoryId: id.optional(),
  condition: z.enum(LISTING_CONDITIONS).optional(),
  courseId: id.optional(),
  disciplineId: id.optional(),
  /** Centavos, like every price the API carries. */
  minPriceCents: z.number().int().min(0).max(PRICE_FILTER_MAX_CENTS).optional(),
  maxPriceCents: z.number().int().min(0).max(PRICE_FILTER_MAX_CENTS).optional(),
  sort: z.enum(LISTING_SORTS).default('recent'),
  limit: z.number().int().min(1).max(60).default(LISTINGS_PAGE_SIZE),
  cursor: z.string().max(200).nullish(),
})
export type ListingFilters = z.input<typeof listingFiltersSchema>

/** 'Do meu curso': the newest listings tagged with the member's course. */
export const myCourseShelfSchema = z.object({ limit: z.number().int().min(1).max(24).default(12) })
