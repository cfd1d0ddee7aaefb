import { z } from 'zod'
import { labelledValues } from '../labels'
import {
  BARRIER_PAGE_MAX,
  BARRIER_TOOL_MAX,
  CONTENT_REPORT_REASONS,
  CONTENT_REPORT_TARGETS,
  EMAIL_KINDS,
  REPORT_DETAILS_MAX,
  REPORT_TARGETS,
  SUSPENSION_DAYS_MAX,
} from '../safety'
import { REMOVAL_REASONS } from './admin'
import { id } from './ids'
import { multiLineText, singleLineText } from './text'

const reportDetails = () =>
  multiLineText().max(REPORT_DETAILS_MAX, { error: 'Detalhes muito longos (máximo de 1.000 caracteres)' })

export const reportInputSchema = z.object({
  targetType: z.enum(CONTENT_REPORT_TARGETS),
  targetId: id,
  reason: z.enum(CONTENT_REPORT_REASONS, { error: 'Escolha o motivo da denúncia' }),
  details: reportDetails().optional(),
})
export type ReportInput = z.infer<typeof reportInputSchema>

/** A barrier told from the accessibility statement: it reaches the moderators as a report. */
export const barrierReportSchema = z.object({
  page: singleLineText()
    .min(1, { error: 'Diga em qual página a barreira aparece' })
    .max(BARRIER_PAGE_MAX, { error: 'Página muito longa (máximo de 200 caracteres)' }),
  details: reportDetails().min(10, { error: 'Conte o que aconteceu (mínimo de 10 caracteres)' }),
  assistiveTech: singleLineText()
    .max(BARRIER_TOOL_MAX, { error: 'Texto muito longo (máximo de 120 caracteres)' })
    .optional(),
})
export type BarrierReportInput = z.infer<typeof barrierReportSchema>

export const blockInputSchema = z.object({ userId: id })

export const REPORT_ACTION_LABELS = {
  dismiss: 'Arquivar (sem violação)',
  acknowledge_barrier: 'Confirmar a barreira (a equipe vai corrigir)',
  remove_listing: 'Remover o anúncio',
  remove_wanted: 'Remover o pedido',
  remove_review: 'Remover a avaliação',
  warn: 'Advertir o membro',
  suspend: 'Suspender o membro',
  remove_account: 'Remover a conta',
}
export const REPORT_ACTIONS = labelledValues(REPORT_ACTION_LABELS)
export type ReportAction = (typeof REPORT_ACTIONS)[number]

/** A moderator's decision on every open report of one target; the note goes to the moderation log. */
export const resolveReportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: id,
    action: z.enum(REPORT_ACTIONS, { error: 'Escolha uma ação' }),
    note: multiLineText()
      .min(3, { error: 'Explique o motivo da decisão (mínimo de 3 caracteres)' })
      .max(500, { error: 'Motivo muito longo (máximo de 500 caracteres)' }),
    removalReason: z.enum(REMOVAL_REASONS).optional(),
    days: z
      .number({ error: 'Informe por quantos dias' })
      .int({ error: 'Informe um número inteiro de dias' })
      .min(1, { error: 'A suspensão precisa ser de pelo menos 1 dia' })
      .max(SUSPENSION_DAYS_MAX, { error: 'A suspensão pode ser de no máximo 365 dias' })
      .optional(),
  })
  .refine((input) => input.action !== 'suspend' || input.days !== undefined, {
    error: 'Informe por quantos dias',
    path: ['days'],
  })
  .refine(
    (input) =>
      (input.action !== 'remove_listing' && input.action !== 'remove_wanted') ||
      input.removalReason !== undefined,
    {
      error: 'Escolha o motivo da remoção',
      path: ['removalReason'],
    },
  )
export type ResolveReportInput = z.infer<typeof resolveReportSchema>

export const emailPreferenceSchema = z.object({ kind: z.enum(EMAIL_KINDS), enabled: z.boolean() })
