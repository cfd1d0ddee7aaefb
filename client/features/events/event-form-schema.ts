import { EVENT_IN_PAST_MESSAGE, eventInputSchema } from '@shared/schemas/event'
import { z } from 'zod'
import { todayInTimeZone } from '@/lib/dates'
import { isFutureInTimeZone } from './event-time'

const shape = eventInputSchema.shape

/**
 * The shared server schema, field for field, except the capacity, typed as text (empty means
 * unlimited) and turned into a number here. Keys follow the on-screen order, so the first message
 * (the 'Erro de validação' toast) is the topmost problem.
 */
export const eventFormSchema = z.object({
  title: shape.title,
  description: shape.description,
  eventDate: shape.eventDate,
  eventTime: shape.eventTime,
  location: shape.location,
  maxParticipants: z
    .string()
    .transform((value) => (value.trim() === '' ? null : Number(value)))
    .pipe(shape.maxParticipants),
  imageUploadId: shape.imageUploadId,
})
export type EventFormInput = z.input<typeof eventFormSchema>
export type EventFormOutput = z.output<typeof eventFormSchema>

/**
 * The form's schema plus the server's 'in the future' rule, judged on the community's wall clock.
 * The message goes on the date when the day itself is past, on the time when only the hour is.
 */
export function eventFormSchemaFor(timeZone: string, now: () => Date = () => new Date()) {
  return eventFormSchema.superRefine((value, ctx) => {
    // Refinements run even when fields failed: a missing date already has its own message.
    if (!shape.eventDate.safeParse(value.eventDate).success) return
    if (!shape.eventTime.safeParse(value.eventTime).success) return
    const current = now()
    if (isFutureInTimeZone(value.eventDate, value.eventTime, timeZone, current)) return
    const pastDay = value.eventDate < todayInTimeZone(timeZone, current)
    ctx.addIssue({
      code: 'custom',
      path: [pastDay ? 'eventDate' : 'eventTime'],
      message: EVENT_IN_PAST_MESSAGE,
    })
  })
}
