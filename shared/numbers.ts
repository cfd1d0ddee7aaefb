/**
 * Numbers as Intl writes them for pt-BR, written out by hand. On a phone, the first `Intl.NumberFormat`
 * of a page loads the locale's data: it was the largest single piece of script of the home page's
 * first render. The tests check every helper here against Intl itself.
 */

/** '1234567' → '1.234.567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** 1200 → '1.200'; rounds to a whole number. */
export function formatInteger(value: number): string {
  const rounded = roundHalfAwayFromZero(value)
  return `${rounded < 0 ? '-' : ''}${groupThousands(String(Math.abs(rounded)))}`
}

/** Intl's rounding: a half goes away from zero (-1.5 → -2), where Math.round would take it up. */
export function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.round(Math.abs(value))
  return value < 0 ? -rounded : rounded
}

/** The whole part with thousands grouped and `decimals` digits after a comma, for a value ≥ 0. */
export function formatDecimal(value: number, decimals: number): string {
  const scale = 10 ** decimals
  const scaled = Math.round(value * scale)
  const whole = groupThousands(String(Math.floor(scaled / scale)))
  return decimals === 0 ? whole : `${whole},${String(scaled % scale).padStart(decimals, '0')}`
}
