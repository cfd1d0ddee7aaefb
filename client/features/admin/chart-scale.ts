/** The top of the chart's axis: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value (at least 1). */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1
  const magnitude = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude
  }
  return 10 * magnitude
}

/** A bar's height as a percentage of the axis, clamped to 0–100. */
export function barPercent(value: number, scaleMax: number): number {
  if (!Number.isFinite(value) || value <= 0 || scaleMax <= 0) return 0
  return Math.min(100, (value / scaleMax) * 100)
}

export type WeekPoint = { weekStart: string | Date; signUps: number; listings: number }

/** The axis for the weekly chart: one scale for both series, so their bars compare. */
export function weeklyScale(weeks: readonly WeekPoint[]): number {
  return niceMax(Math.max(0, ...weeks.flatMap((week) => [week.signUps, week.listings])))
}

/** Totals over the whole period, for the chart's caption. */
export function weeklyTotals(weeks: readonly WeekPoint[]): { signUps: number; listings: number } {
  return weeks.reduce(
    (total, week) => ({ signUps: total.signUps + week.signUps, listings: total.listings + week.listings }),
    { signUps: 0, listings: 0 },
  )
}
