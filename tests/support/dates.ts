import { afterEach, beforeEach, vi } from 'vitest'

/** A date `days` from today in São Paulo, as the event form's date input sends it. */
export function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date)
}

/**
 * For each of the file's tests: `Date` (and only it) starts at `now`, moved on by `vi.setSystemTime`,
 * and the real clock comes back after the test. Hooks registered after this one run on that clock.
 */
export function fakeDateEachTest(now: number): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
