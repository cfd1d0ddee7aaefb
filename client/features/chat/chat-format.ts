import { formatDate, formatDayMonth, formatShortDate, formatTime } from '@/lib/dates'

/** Calendar days from `date` to `now`, in the viewer's time zone (0 today, 1 yesterday). */
function daysAgo(date: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round((start(now) - start(date)) / 86_400_000)
}

/** The separator above a day's messages: 'Hoje', 'Ontem' or '10/01/2025'. */
export function formatDayLabel(date: Date, now: Date = new Date()): string {
  const days = daysAgo(date, now)
  if (days === 0) return 'Hoje'
  if (days === 1) return 'Ontem'
  return formatDate(date)
}

/** Groups messages of the same calendar day under one separator. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`
}

/** The inbox's time: '14:05' today, 'Ontem', '10/01' this year, '10/01/24' before. */
export function formatConversationTime(date: Date, now: Date = new Date()): string {
  const days = daysAgo(date, now)
  if (days === 0) return formatTime(date)
  if (days === 1) return 'Ontem'
  return date.getFullYear() === now.getFullYear() ? formatDayMonth(date) : formatShortDate(date)
}
