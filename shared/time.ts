import { TZDate } from '@date-fns/tz'

/** The UTC instant of a wall-clock date ('2026-03-14') and time ('19:30') in a time zone. */
export function zonedLocalToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number)
  const [hours, minutes] = time.split(':').map(Number)
  return new Date(
    new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone).getTime(),
  )
}
