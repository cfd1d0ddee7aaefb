import type { ComponentType, ReactNode } from 'react'

/**
 * The options of a select, one per value, each shown by its label in the catalogue (`labels`): a plain
 * select's <option>s, or the items of another select (`as`, e.g. SelectItem).
 */
export function LabelOptions<Value extends string>({
  values,
  labels,
  as: Item = 'option',
}: {
  values: readonly Value[]
  labels: Record<Value, string>
  as?: 'option' | ComponentType<{ value: string; children: ReactNode }>
}) {
  return values.map((value) => (
    <Item key={value} value={value}>
      {labels[value]}
    </Item>
  ))
}
