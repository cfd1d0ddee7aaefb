import { z } from 'zod'
import { multiLineText, singleLineText } from './text'

/** 'HH:MM' on the community's clock, 00:00 to 23:59. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use o formato HH:MM' })

/** A safe meeting spot as the admin fills it in ("Pontos de encontro"). */
export const meetingSpotInputSchema = z
  .object({
    name: singleLineText()
      .min(3, { error: 'O nome deve ter pelo menos 3 caracteres' })
      .max(80, { error: 'O nome deve ter no máximo 80 caracteres' }),
    description: multiLineText()
      .min(3, { error: 'Descreva o local em pelo menos 3 caracteres' })
      .max(200, { error: 'A descrição deve ter no máximo 200 caracteres' }),
    opensAt: clockTime,
    closesAt: clockTime,
    /** WEEKDAY_BITS summed: Monday 1 … Sunday 64; at least one day. */
    weekdays: z
      .number()
      .int()
      .min(1, { error: 'Escolha pelo menos um dia' })
      .max(127, { error: 'Dias inválidos' }),
  })
  .refine((spot) => spot.opensAt < spot.closesAt, {
    path: ['closesAt'],
    error: 'O horário de fechamento deve ser depois da abertura',
  })

export type MeetingSpotInput = z.output<typeof meetingSpotInputSchema>

/** Short and full names of the days, in WEEKDAY_BITS order (Monday first). */
export const WEEKDAY_LABELS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'] as const
export const WEEKDAY_NAMES = [
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
  'Domingo',
] as const

/** 31 → 'Seg a Sex'; 63 → 'Seg a Sáb'; 127 → 'Todos os dias'; otherwise the days listed. */
export function weekdaysText(weekdays: number): string {
  if (weekdays === 127) return 'Todos os dias'
  const days = WEEKDAY_LABELS.filter((_, index) => (weekdays & (1 << index)) !== 0)
  // One run of days: adding the lowest bit carries through all of them, leaving none set.
  const contiguous = ((weekdays + (weekdays & -weekdays)) & weekdays) === 0
  return contiguous && days.length > 2 ? `${days[0]} a ${days.at(-1)}` : days.join(', ')
}
