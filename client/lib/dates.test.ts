import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatDayLongMonth,
  formatDayMonth,
  formatLongDate,
  formatMonthYear,
  formatShortDate,
  formatTime,
  formatTimeAgo,
  isoDateTime,
  toDate,
  todayInTimeZone,
} from './dates'
import { recordDatesIn, rememberPageDates } from './page-dates'

const SAO_PAULO = 'America/Sao_Paulo'

describe('toDate', () => {
  it('accepts the ISO strings tRPC delivers for dates, and Dates alike', () => {
    expect(toDate('2026-01-01T00:00:00.000Z').getTime()).toBe(Date.UTC(2026, 0, 1))
    const date = new Date(2025, 4, 20, 14, 5)
    expect(toDate(date)).toBe(date)
    expect(toDate(date.toISOString()).getTime()).toBe(date.getTime())
  })
})

describe('pt-BR formatters', () => {
  // 22:30 UTC on 14 March is 19:30 in São Paulo (UTC-3).
  const instant = '2026-03-14T22:30:00.000Z'

  it('writes each style in pt-BR, from ISO strings or Dates', () => {
    expect(formatDateTime(instant, SAO_PAULO)).toBe('14/03/2026, 19:30')
    expect(formatDate(new Date(2026, 2, 14, 12))).toBe('14/03/2026')
    expect(formatLongDate(new Date(2026, 2, 5, 12))).toBe('5 de março de 2026')
    expect(formatDayMonth(new Date(2026, 2, 4, 12))).toBe('04/03')
    expect(formatShortDate(new Date(2023, 1, 3, 7, 45))).toBe('03/02/23')
    expect(formatMonthYear(new Date(2024, 7, 10))).toBe('agosto de 2024')
    expect(formatTime(new Date(2025, 4, 20, 8, 0))).toBe('08:00')
  })

  it("writes an event's day and time on the community's clock, not the visitor's", () => {
    // 01:30 UTC on 15 March is still 14 March, 22:30, in São Paulo.
    const startsAt = '2026-03-15T01:30:00.000Z'
    expect(formatDayLongMonth(startsAt, SAO_PAULO)).toBe('14 de março')
    expect(formatTime(startsAt, SAO_PAULO)).toBe('22:30')
    expect(formatDayLongMonth(startsAt, 'UTC')).toBe('15 de março')
    expect(formatTime(startsAt, 'UTC')).toBe('01:30')
  })

  it('pads the day and uses the 24-hour clock', () => {
    expect(formatDayLongMonth(new Date('2026-07-05T12:05:00.000Z'), SAO_PAULO)).toBe('05 de julho')
    expect(formatTime('2026-07-05T12:05:00.000Z', SAO_PAULO)).toBe('09:05')
    expect(formatTime('2026-07-05T03:00:00.000Z', SAO_PAULO)).toBe('00:00')
  })

  it("falls back to the default community zone for an unknown zone's name", () => {
    expect(formatTime('2026-03-15T01:30:00.000Z', 'Nowhere/Atlantis')).toBe('22:30')
    expect(formatDateTime(instant, 'Mars/Olympus')).toBe('14/03/2026, 19:30')
  })

  it('returns nothing for a value that is not a date', () => {
    expect(formatDate('ontem')).toBe('')
    expect(formatTime('not a date', SAO_PAULO)).toBe('')
    expect(formatDayLongMonth('not a date', SAO_PAULO)).toBe('')
    expect(isoDateTime('ontem')).toBeUndefined()
    expect(isoDateTime(instant)).toBe(instant)
  })
})

describe('the dates a server-rendered page brings', () => {
  afterEach(() => {
    rememberPageDates({})
    recordDatesIn(() => undefined)
    vi.restoreAllMocks()
  })

  it('the server writes down what it formats in a named zone, and only that', () => {
    const record: Record<string, string> = {}
    recordDatesIn(() => record)
    const startsAt = '2026-03-05T22:30:00.000Z'
    expect(formatDayLongMonth(startsAt, SAO_PAULO)).toBe('05 de março')
    formatTime(startsAt, SAO_PAULO)
    formatLongDate(startsAt)
    expect(record).toEqual({
      [`dayLongMonth ${SAO_PAULO} ${Date.parse(startsAt)}`]: '05 de março',
      [`time ${SAO_PAULO} ${Date.parse(startsAt)}`]: '19:30',
    })
  })

  it('the browser answers from them without building a formatter', () => {
    const startsAt = '2026-03-05T22:30:00.000Z'
    rememberPageDates({ [`time ${SAO_PAULO} ${Date.parse(startsAt)}`]: '19h30 do servidor' })
    const built = vi.spyOn(Intl, 'DateTimeFormat')
    expect(formatTime(startsAt, SAO_PAULO)).toBe('19h30 do servidor')
    expect(built).not.toHaveBeenCalled()
    built.mockRestore()
    // Another instant, style or zone is formatted here.
    expect(formatTime('2026-03-06T22:30:00.000Z', SAO_PAULO)).toBe('19:30')
    expect(formatTime(startsAt, 'America/Manaus')).toBe('18:30')
  })
})

describe('todayInTimeZone', () => {
  it("is the zone's calendar day, which can differ from UTC's", () => {
    const lateNightInBrazil = new Date('2026-03-15T02:00:00.000Z')
    expect(todayInTimeZone(SAO_PAULO, lateNightInBrazil)).toBe('2026-03-14')
    expect(todayInTimeZone('UTC', lateNightInBrazil)).toBe('2026-03-15')
    expect(todayInTimeZone('Asia/Tokyo', new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01')
  })
})

describe('formatTimeAgo', () => {
  const now = new Date('2025-03-20T15:00:00Z')
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()

  it('speaks relatively within a week', () => {
    expect(formatTimeAgo(ago(10_000), now)).toBe('agora mesmo')
    expect(formatTimeAgo(new Date(now.getTime() + 30_000), now)).toBe('agora mesmo')
    expect(formatTimeAgo(ago(60_000), now)).toBe('há 1 minuto')
    expect(formatTimeAgo(ago(5 * 60_000 + 20_000), now)).toBe('há 5 minutos')
    expect(formatTimeAgo(ago(3 * 3_600_000), now)).toBe('há 3 horas')
    expect(formatTimeAgo(ago(26 * 3_600_000), now)).toBe('ontem')
    expect(formatTimeAgo(ago(4 * 86_400_000), now)).toBe('há 4 dias')
  })

  it('gives the date after a week, and nothing for a bad value', () => {
    expect(formatTimeAgo('2025-03-01T15:00:00Z', now, SAO_PAULO)).toBe('01/03/2025')
    expect(formatTimeAgo('não é data', now)).toBe('')
  })
})
