import { zonedLocalToUtc } from '@shared/time'

/**
 * The zone of every community today (and the server's column default). The client learns a
 * community's zone only from an event (`timeZone` in the API), so a new event falls back to it.
 */
export const DEFAULT_EVENT_TIME_ZONE = 'America/Sao_Paulo'

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

// Building a DateTimeFormat is costly and cards format two values each: keep one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let cached = formatters.get(key)
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    } catch {
      // An unknown zone name throws RangeError; a wrong hour beats a page that fails to render.
      cached = new Intl.DateTimeFormat(locale, { ...options, timeZone: DEFAULT_EVENT_TIME_ZONE })
    }
    formatters.set(key, cached)
  }
  return cached
}

/** tRPC has no transformer: dates arrive as ISO strings. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

/** '05 de março': the day of the event in the community's zone, whatever the visitor's zone. */
export function formatEventDay(value: Date | string, timeZone: string): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  return formatter('pt-BR', timeZone, { day: '2-digit', month: 'long' }).format(date)
}

/** '19:30', 24-hour, in the community's zone. */
export function formatEventTime(value: Date | string, timeZone: string): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  return formatter('pt-BR', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)
}

/** Today's date ('2026-03-14') on the community's wall calendar: the `min` of the date input. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  const parts = formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((found, part) => {
      found[part.type] = part.value
      return found
    }, {})
  return `${parts.year}-${parts.month}-${parts.day}`
}

/**
 * Whether a wall-clock date and time of the community is still ahead: the server's rule, repeated
 * so the form can answer before sending. False for malformed input.
 */
export function isFutureInTimeZone(
  date: string,
  time: string,
  timeZone: string,
  now: Date = new Date(),
): boolean {
  if (!DATE_PATTERN.test(date) || !TIME_PATTERN.test(time)) return false
  let startsAt: Date
  try {
    startsAt = zonedLocalToUtc(date, time, timeZone)
  } catch {
    startsAt = zonedLocalToUtc(date, time, DEFAULT_EVENT_TIME_ZONE)
  }
  return !Number.isNaN(startsAt.getTime()) && startsAt.getTime() > now.getTime()
}

/** True once the start time has passed: no more RSVPs (the server refuses them too). */
export function hasStarted(startsAt: Date | string, now: Date = new Date()): boolean {
  const date = toDate(startsAt)
  return !Number.isNaN(date.getTime()) && date.getTime() <= now.getTime()
}
