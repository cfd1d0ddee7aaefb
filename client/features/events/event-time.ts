import { zonedLocalToUtc } from '@shared/time'
import { DEFAULT_TIME_ZONE, toDate } from '@/lib/dates'

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

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
    startsAt = zonedLocalToUtc(date, time, DEFAULT_TIME_ZONE)
  }
  return !Number.isNaN(startsAt.getTime()) && startsAt.getTime() > now.getTime()
}

/** True once the start time has passed: no more RSVPs (the server refuses them too). */
export function hasStarted(startsAt: Date | string, now: Date = new Date()): boolean {
  const date = toDate(startsAt)
  return !Number.isNaN(date.getTime()) && date.getTime() <= now.getTime()
}
