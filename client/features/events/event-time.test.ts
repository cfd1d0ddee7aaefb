import { describe, expect, it } from 'vitest'
import { hasStarted, isFutureInTimeZone } from './event-time'

const SAO_PAULO = 'America/Sao_Paulo'

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
