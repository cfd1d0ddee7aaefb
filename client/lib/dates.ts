/**
 * Dates on the client: reading them from the API and writing them in pt-BR.
 *
 * tRPC runs without a transformer (raw-HTTP clients and tests read the plain JSON), so a field typed
 * `Date` in a procedure's output arrives as an ISO string: `toDate` takes either. Every formatter
 * here accepts both, and answers '' for a value that is not a date.
 *
 * Formatters are built once per style and zone (building an Intl.DateTimeFormat is costly and lists
 * format many rows). Without `timeZone` they use the viewer's clock, right for "when did I do this";
 * an event's time is the community's wall clock, so callers pass the community's zone
 * (`event.timeZone`). An unknown zone name falls back to DEFAULT_TIME_ZONE rather than breaking the page.
 */

import { pageDate, recordPageDate } from './page-dates'

/** The zone of every community today (and the server's column default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

/** A Date from the API's ISO string (or a Date already). */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

const STYLES = {
  /** '14/03/2026, 19:30' */
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** '14/03/2026' */
  date: { dateStyle: 'short' },
  /** '5 de março de 2026' */
  longDate: { dateStyle: 'long' },
  /** '14/03' */
  dayMonth: { day: '2-digit', month: '2-digit' },
  /** '03/02/23' */
  shortDate: { day: '2-digit', month: '2-digit', year: '2-digit' },
  /** '05 de março' */
  dayLongMonth: { day: '2-digit', month: 'long' },
  /** 'março de 2026' */
  monthYear: { month: 'long', year: 'numeric' },
  /** '09:05', 24-hour */
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

type Style = keyof typeof STYLES

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`
  let cached = formatters.get(key)
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    } catch {
      // An unknown zone name throws RangeError: a plausible hour beats a page that fails to render.
      cached = new Intl.DateTimeFormat(locale, { ...options, timeZone: DEFAULT_TIME_ZONE })
    }
    formatters.set(key, cached)
  }
  return cached
}

function format(style: Style, value: Date | string, timeZone?: string): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  // Only in a named zone: without one, the server's clock and the viewer's may disagree.
  const key = timeZone ? `${style} ${timeZone} ${date.getTime()}` : undefined
  const known = key ? pageDate(key) : undefined
  if (known !== undefined) return known
  const text = formatter('pt-BR', STYLES[style], timeZone).format(date)
  if (key) recordPageDate(key, text)
  return text
}

/** '14/03/2026, 19:30'. */
export const formatDateTime = (value: Date | string, timeZone?: string) => format('dateTime', value, timeZone)
/** '14/03/2026'. */
export const formatDate = (value: Date | string, timeZone?: string) => format('date', value, timeZone)
/** '5 de março de 2026'. */
export const formatLongDate = (value: Date | string, timeZone?: string) => format('longDate', value, timeZone)
/** '14/03', e.g. under a week's bars. */
export const formatDayMonth = (value: Date | string, timeZone?: string) => format('dayMonth', value, timeZone)
/** '03/02/23'. */
export const formatShortDate = (value: Date | string, timeZone?: string) =>
  format('shortDate', value, timeZone)
/** '05 de março': an event's day, in the community's zone. */
export const formatDayLongMonth = (value: Date | string, timeZone?: string) =>
  format('dayLongMonth', value, timeZone)
/** 'março de 2026'. */
export const formatMonthYear = (value: Date | string, timeZone?: string) =>
  format('monthYear', value, timeZone)
/** '19:30', 24-hour. */
export const formatTime = (value: Date | string, timeZone?: string) => format('time', value, timeZone)

/** The machine-readable value of a <time> element. */
export function isoDateTime(value: Date | string): string | undefined {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** Today's date ('2026-03-14') on a zone's wall calendar, e.g. the `min` of a date input. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  const parts = formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone)
    .formatToParts(now)
    .reduce<Record<string, string>>((found, part) => {
      found[part.type] = part.value
      return found
    }, {})
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** Made on first use, not when the module loads: building an Intl formatter loads locale data. */
let relativeFormat: Intl.RelativeTimeFormat | undefined
const relative = () => {
  relativeFormat ??= new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' })
  return relativeFormat
}
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * 'agora mesmo', 'há 5 minutos', 'há 3 horas', 'ontem', 'há 4 dias', then the date ('12/03/2025'):
 * past a week the exact day says more than 'há 23 dias'.
 */
export function formatTimeAgo(value: Date | string, now: Date = new Date(), timeZone?: string): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  const elapsed = now.getTime() - date.getTime()
  // A clock a little ahead of ours is still 'now'.
  if (elapsed < MINUTE) return 'agora mesmo'
  if (elapsed < HOUR) return relative().format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relative().format(-Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < 7 * DAY) return relative().format(-Math.floor(elapsed / DAY), 'day')
  return formatDate(date, timeZone)
}
