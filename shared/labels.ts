/**
 * The values of a closed set whose pt-BR labels name every one of them, in the labels' order: the set is
 * declared once, as its labels, and the list that zod, drizzle and the option lists read comes from it.
 */
// Marked pure so a page that reads none of a module's sets does not download their labels.
/* @__NO_SIDE_EFFECTS__ */
export function labelledValues<Value extends string>(
  labels: Record<Value, string>,
): readonly [Value, ...Value[]] {
  return Object.keys(labels) as [Value, ...Value[]]
}
