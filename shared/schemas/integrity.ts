import { z } from 'zod'
import {
  INTEGRITY_ACTIONS,
  INTEGRITY_PHRASE_MAX,
  INTEGRITY_REASON_MAX,
  INTEGRITY_REASON_MIN,
  integrityPhraseProblem,
  normalizeIntegrityPhrase,
} from '../integrity'
import { singleLineText } from './text'

/** A phrase as the admin types it, stored folded; refused when it could not be tested. */
export const integrityPhraseSchema = singleLineText()
  .min(1, { error: 'Escreva a frase da regra' })
  .max(INTEGRITY_PHRASE_MAX, { error: 'Frase muito longa (máximo de 300 caracteres)' })
  .transform(normalizeIntegrityPhrase)
  .superRefine((phrase, context) => {
    const problem = integrityPhraseProblem(phrase)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })

export const integrityRuleInputSchema = z.object({
  phrase: integrityPhraseSchema,
  action: z.enum(INTEGRITY_ACTIONS, { error: 'Escolha o que a regra faz' }),
  reason: singleLineText()
    .min(INTEGRITY_REASON_MIN, { error: 'Explique o motivo em ao menos 10 caracteres' })
    .max(INTEGRITY_REASON_MAX, { error: 'Motivo muito longo (máximo de 300 caracteres)' }),
})
export type IntegrityRuleInput = z.infer<typeof integrityRuleInputSchema>

export const integrityRuleUpdateSchema = integrityRuleInputSchema.extend({ id: z.number().int().positive() })

export const integrityPreviewSchema = z.object({ phrase: integrityPhraseSchema })
