import { describe, expect, it } from 'vitest'
import { zonedLocalToUtc } from './time'

describe('zonedLocalToUtc', () => {
  it('converte o horário de Joinville (UTC−3, sem horário de verão) para UTC', () => {
    expect(zonedLocalToUtc('2026-03-14', '19:30', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-03-14T22:30:00.000Z',
    )
  })

  it('respeita o fuso informado', () => {
    expect(zonedLocalToUtc('2026-07-01', '09:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    )
  })
})
