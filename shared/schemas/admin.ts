import { z } from 'zod'
import { BANNER_PLACEMENTS } from '../domain'
import { labelledValues } from '../labels'
import { multiLineText, singleLineText } from './text'

export const REMOVAL_REASON_LABELS = {
  inappropriate: 'Conteúdo impróprio',
  spam: 'Spam ou duplicado',
  violation: 'Violação de regras',
  other: 'Outro motivo',
}
export const REMOVAL_REASONS = labelledValues(REMOVAL_REASON_LABELS)
export type RemovalReason = (typeof REMOVAL_REASONS)[number]

export const removeListingSchema = z
  .object({
    id: z.number().int().positive(),
    reason: z.enum(REMOVAL_REASONS, { error: 'Escolha o motivo da remoção' }),
    details: multiLineText().max(500, { error: 'Motivo muito longo' }).optional(),
  })
  .refine((input) => input.reason !== 'other' || Boolean(input.details), {
    error: 'Por favor, informe o motivo da remoção',
    path: ['details'],
  })

export const BANNER_PLACEMENT_LABELS: Record<(typeof BANNER_PLACEMENTS)[number], string> = {
  hero_banner: 'Banner principal do portal',
  category_card: 'Junto às categorias',
  between_products: 'Entre os anúncios',
}

/** Banner form (spec §5). */
export const bannerInputSchema = z.object({
  title: singleLineText()
    .min(3, { error: 'Título deve ter no mínimo 3 caracteres' })
    .max(100, { error: 'Título deve ter no máximo 100 caracteres' }),
  description: multiLineText()
    .max(500, { error: 'Descrição deve ter no máximo 500 caracteres' })
    .transform((value) => value || null)
    .nullable(),
  imageUrl: singleLineText().refine((value) => value.startsWith('https://') || value.startsWith('/'), {
    error: 'URL da imagem deve começar com https:// ou /',
  }),
  /** The upload behind imageUrl, when the image was sent through Vupt. */
  imageUploadId: z.string().min(1).max(100).nullish(),
  linkUrl: singleLineText()
    .refine((value) => value === '' || value.startsWith('https://'), {
      error: 'Link deve começar com https://',
    })
    .transform((value) => value || null)
    .nullable(),
  placement: z.enum(BANNER_PLACEMENTS, { error: 'Escolha onde o banner aparece' }),
  active: z.boolean(),
  displayOrder: z
    .number({ error: 'A ordem deve ser um número inteiro de 0 a 100' })
    .int({ error: 'A ordem deve ser um número inteiro de 0 a 100' })
    .min(0, { error: 'A ordem deve ser um número inteiro de 0 a 100' })
    .max(100, { error: 'A ordem deve ser um número inteiro de 0 a 100' }),
})
export type BannerInput = z.input<typeof bannerInputSchema>

const REQUIRED = 'Preencha os campos obrigatórios'

export const subcategoryInputSchema = z.object({
  name: singleLineText({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .max(60, { error: 'Nome muito longo' }),
  mainCategoryId: z.number({ error: REQUIRED }).int().positive({ error: REQUIRED }),
  description: multiLineText()
    .max(200, { error: 'Descrição muito longa' })
    .transform((value) => value || null)
    .nullable(),
  icon: singleLineText()
    .max(8, { error: 'Use um emoji como ícone' })
    .transform((value) => value || null)
    .nullable(),
})
