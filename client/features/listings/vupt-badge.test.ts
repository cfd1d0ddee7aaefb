import { describe, expect, it } from 'vitest'
import { VUPT_FEATURED_MIN, VUPT_TRENDING_MIN, vuptBadge } from './vupt-badge'

describe('vuptBadge', () => {
  it('gives no badge below 10 Vupts', () => {
    expect(vuptBadge(0)).toBeNull()
    expect(vuptBadge(1)).toBeNull()
    expect(vuptBadge(9)).toBeNull()
  })

  it("calls 10 to 49 Vupts 'Em alta!'", () => {
    expect(VUPT_TRENDING_MIN).toBe(10)
    expect(vuptBadge(10)).toBe('Em alta!')
    expect(vuptBadge(25)).toBe('Em alta!')
    expect(vuptBadge(49)).toBe('Em alta!')
  })

  it("calls 50 Vupts or more 'Destaque!'", () => {
    expect(VUPT_FEATURED_MIN).toBe(50)
    expect(vuptBadge(50)).toBe('Destaque!')
    expect(vuptBadge(51)).toBe('Destaque!')
    expect(vuptBadge(10_000)).toBe('Destaque!')
  })

  it('never badges a nonsensical count', () => {
    expect(vuptBadge(-5)).toBeNull()
    expect(vuptBadge(Number.NaN)).toBeNull()
  })
})
