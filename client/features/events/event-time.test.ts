import { describe, expect, it } from 'vitest'
import {
  formatEventDay,
  formatEventTime,
  hasStarted,
  isFutureInTimeZone,
  toDate,
  todayInTimeZone,
} from './event-time'

const SAO_PAULO = 'America/Sao_Paulo'

describe('formatEventDay / formatEventTime', () => {
  it("writes 'dd de MMMM' and 'HH:mm' on the community's clock, not the visitor's", () => {
    // 01:30 UTC on 15 March is still 14 March, 22:30, in São Paulo (UTC-3).
    const startsAt = '2026-03-15T01:30:00.000Z'
    expect(formatEventDay(startsAt, SAO_PAULO)).toBe('14 de março')
    expect(formatEventTime(startsAt, SAO_PAULO)).toBe('22:30')
    expect(formatEventDay(startsAt, 'UTC')).toBe('15 de março')
    expect(formatEventTime(startsAt, 'UTC')).toBe('01:30')
  })

  it('pads the day and uses the 24-hour clock', () => {
    const startsAt = new Date('2026-07-05T12:05:00.000Z')
    expect(formatEventDay(startsAt, SAO_PAULO)).toBe('05 de julho')
    expect(formatEventTime(startsAt, SAO_PAULO)).toBe('09:05')
    expect(formatEventTime('2026-07-05T03:00:00.000Z', SAO_PAULO)).toBe('00:00')
  })

  it('returns an empty text for an invalid date and falls back for an unknown zone', () => {
    expect(formatEventDay('not a date', SAO_PAULO)).toBe('')
    expect(formatEventTime('not a date', SAO_PAULO)).toBe('')
    expect(formatEventTime('2026-03-15T01:30:00.000Z', 'Nowhere/Atlantis')).toBe('22:30')
  })

  it('accepts Date objects and ISO strings alike', () => {
    expect(toDate('2026-01-01T00:00:00.000Z').getTime()).toBe(Date.UTC(2026, 0, 1))
  })
})

describe('todayInTimeZone', () => {
  it("is the community's calendar day, which can differ from UTC's", () => {
    const lateNightInBrazil = new Date('2026-03-15T02:00:00.000Z')
    expect(todayInTimeZone(SAO_PAULO, lateNightInBrazil)).toBe('2026-03-14')
    expect(todayInTimeZone('UTC', lateNightInBrazil)).toBe('2026-03-15')
    expect(todayInTimeZone('Asia/Tokyo', new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01')
  })
})

describe('isFutureInTimeZone', () => {
  const now = new Date('2026-03-14T21:00:00.000Z') // 18:00 in São Paulo

  it('compares the wall-clock date and time of the community with now', () => {
    expect(isFutureInTimeZone('2026-03-14', '18:01', SAO_PAULO, now)).toBe(true)
    expect(isFutureInTimeZone('2026-03-14', '18:00', SAO_PAULO, now)).toBe(false)
    expect(isFutureInTimeZone('2026-03-14', '17:59', SAO_PAULO, now)).toBe(false)
    expect(isFutureInTimeZone('2026-03-13', '23:59', SAO_PAULO, now)).toBe(false)
    // The same clock reading in UTC is already three hours gone.
    expect(isFutureInTimeZone('2026-03-14', '20:00', 'UTC', now)).toBe(false)
  })

  it('is false for malformed input', () => {
    expect(isFutureInTimeZone('', '18:30', SAO_PAULO, now)).toBe(false)
    expect(isFutureInTimeZone('2026-03-15', '25:00', SAO_PAULO, now)).toBe(false)
  })
})

describe('hasStarted', () => {
  it('is true from the start time on', () => {
    const now = new Date('2026-03-14T21:00:00.000Z')
    expect(hasStarted('2026-03-14T21:00:00.000Z', now)).toBe(true)
    expect(hasStarted('2026-03-14T21:00:01.000Z', now)).toBe(false)
    expect(hasStarted('garbage', now)).toBe(false)
  })
})
