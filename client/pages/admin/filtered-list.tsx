import type { ReactNode } from 'react'
import { ListQueryStates } from '@/components/page/list-query-states'
import type { StatefulQuery } from '@/components/query-states'
import { type FilterTab, FilterTabs } from '@/features/admin/filter-tabs'

/**
 * A moderation list under its filter tabs (`tabs`, named by `label` to screen readers): the rows of the
 * chosen tab, each drawn by `children`, or the empty state, whose description is the chosen tab's `empty`.
 */
export function FilteredList<Value extends string, Row>({
  tabs,
  value,
  onValueChange,
  label,
  query,
  items,
  rowClassName,
  empty,
  children,
}: {
  tabs: readonly (FilterTab<Value> & { empty: string })[]
  value: Value
  onValueChange: (value: Value) => void
  label: string
  query: StatefulQuery<Row[]>
  /** The rows' name, as ListQueryStates words the loading and the failure. */
  items: string
  rowClassName?: string
  empty: { icon: ReactNode; title: string }
  children: (row: Row) => ReactNode
}) {
  const description = tabs.find((tab) => tab.value === value)?.empty
  return (
    <FilterTabs tabs={tabs} value={value} onValueChange={onValueChange} label={label}>
      <ListQueryStates
        query={query}
        items={items}
        rowClassName={rowClassName}
        empty={{ ...empty, description }}
      >
        {(rows) => <ul className="grid gap-3">{rows.map(children)}</ul>}
      </ListQueryStates>
    </FilterTabs>
  )
}
