/**
 * The values of a closed set whose pt-BR labels name every one of them, in the labels' order: the set is
 * declared once, as its labels, and the list that zod, drizzle and the option lists read comes from it.
 * The sets a page's first download reads (domain.ts, listing-filters.ts, event-tabs.ts, wanted.ts) stay
 * literal lists: through this, their labels would come along (first-load.test.ts).
 */
export function labelledValues<Value extends string>(
  labels: Record<Value, string>,
): readonly [Value, ...Value[]] {
  return Object.keys(labels) as [Value, ...Value[]]
}
