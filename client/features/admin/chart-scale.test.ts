import { describe, expect, it } from 'vitest'
import { barPercent, niceMax, weeklyScale, weeklyTotals } from './chart-scale'

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1)
    expect(niceMax(1)).toBe(1)
    expect(niceMax(3)).toBe(5)
    expect(niceMax(7)).toBe(10)
    expect(niceMax(10)).toBe(10)
    expect(niceMax(11)).toBe(20)
    expect(niceMax(42)).toBe(50)
    expect(niceMax(501)).toBe(1000)
  })

  it('survives values that are not numbers', () => {
    expect(niceMax(Number.NaN)).toBe(1)
    expect(niceMax(Number.POSITIVE_INFINITY)).toBe(1)
  })
})

describe('barPercent', () => {
  it('scales and clamps', () => {
    expect(barPercent(5, 10)).toBe(50)
    expect(barPercent(0, 10)).toBe(0)
    expect(barPercent(20, 10)).toBe(100)
    expect(barPercent(3, 0)).toBe(0)
    expect(barPercent(-1, 10)).toBe(0)
  })
})

describe('weekly series', () => {
  const weeks = [
    { weekStart: '2026-03-01T00:00:00.000Z', signUps: 3, listings: 12 },
    { weekStart: '2026-03-08T00:00:00.000Z', signUps: 0, listings: 4 },
  ]

  it('shares one scale between both series', () => {
    expect(weeklyScale(weeks)).toBe(20)
    expect(weeklyScale([])).toBe(1)
  })

  it('adds up the period', () => {
    expect(weeklyTotals(weeks)).toEqual({ signUps: 3, listings: 16 })
  })
})
