import type { ReactNode } from 'react'
import { EmptyState, ListSkeleton, QueryStates, type StatefulQuery } from '@/components/query-states'

/**
 * A list's states, worded from the name of its items ("banners", "seus eventos"): "Carregando {items}..."
 * while it loads, "Erro ao carregar {items}" when it fails, the empty state (`empty`: its icon, title and
 * description) and at last the list.
 */
export function ListQueryStates<T>({
  query,
  items,
  rows,
  rowClassName,
  empty,
  isEmpty,
  children,
}: {
  query: StatefulQuery<T>
  items: string
  rows?: number
  rowClassName?: string
  empty: { icon: ReactNode; title: string; description?: string; action?: ReactNode }
  isEmpty?: (data: T) => boolean
  children: (data: T) => ReactNode
}) {
  return (
    <QueryStates
      query={query}
      loading={<ListSkeleton label={`Carregando ${items}...`} rows={rows} rowClassName={rowClassName} />}
      errorTitle={`Erro ao carregar ${items}`}
      empty={<EmptyState {...empty} />}
      isEmpty={isEmpty}
    >
      {children}
    </QueryStates>
  )
}
