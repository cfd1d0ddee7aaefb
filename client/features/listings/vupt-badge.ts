/** Vupts a listing needs before it is called 'Em alta!' (spec). */
export const VUPT_TRENDING_MIN = 10
/** Vupts a listing needs before it is called 'Destaque!' (spec); outranks 'Em alta!'. */
export const VUPT_FEATURED_MIN = 50

export type VuptBadge = 'Destaque!' | 'Em alta!'

/** The badge a listing earns from its Vupt count, or null below the first threshold. */
export function vuptBadge(count: number): VuptBadge | null {
  // NaN and negatives fall through every comparison to null: a bad count never earns a badge.
  if (count >= VUPT_FEATURED_MIN) return 'Destaque!'
  if (count >= VUPT_TRENDING_MIN) return 'Em alta!'
  return null
}
