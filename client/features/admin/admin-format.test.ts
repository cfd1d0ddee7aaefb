import { describe, expect, it } from 'vitest'
import { formatDate, formatDayMonth, formatInTimeZone, isoDateTime } from './admin-format'

describe('admin dates', () => {
  it('formats ISO strings (no transformer) in pt-BR', () => {
    expect(formatInTimeZone('2026-03-14T22:30:00.000Z', 'America/Sao_Paulo')).toBe('14/03/2026, 19:30')
    expect(formatDate(new Date(2026, 2, 14, 12))).toBe('14/03/2026')
    expect(formatDayMonth(new Date(2026, 2, 4, 12))).toBe('04/03')
  })

  it('returns nothing for a value that is not a date', () => {
    expect(formatDate('ontem')).toBe('')
    expect(isoDateTime('ontem')).toBeUndefined()
  })

  it('falls back to the viewer zone for an unknown zone', () => {
    expect(formatInTimeZone('2026-03-14T22:30:00.000Z', 'Mars/Olympus')).not.toBe('')
  })
})
