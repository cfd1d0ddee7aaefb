import { z } from 'zod'
import { singleLineText } from './text'

const calendarDay = (error: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error })

/** A semester as the admin types it in the Semestres section. */
export const semesterInputSchema = z
  .object({
    name: singleLineText()
      .min(1, { error: 'Informe o nome do semestre' })
      .max(40, { error: 'Nome deve ter no máximo 40 caracteres' }),
    startsOn: calendarDay('Informe a data de início'),
    endsOn: calendarDay('Informe a data de término'),
  })
  .refine((input) => input.endsOn > input.startsOn, {
    error: 'O término precisa ser depois do início',
    path: ['endsOn'],
  })
export type SemesterInput = z.output<typeof semesterInputSchema>

/** An admin gives a member more time to confirm their institutional e-mail. */
export const extendReverificationSchema = z.object({
  userId: z.number().int().positive(),
  until: calendarDay('Informe o novo prazo'),
})

/** The link mailed for re-verification. */
export const reverifyTokenSchema = z.object({ token: z.string().min(1).max(200) })

/** Where a member stands for the semester's re-verification (Minha Conta, the banner). */
export const REVERIFICATION_STATES = ['none', 'confirmed', 'pending', 'alumni'] as const
export type ReverificationState = (typeof REVERIFICATION_STATES)[number]
