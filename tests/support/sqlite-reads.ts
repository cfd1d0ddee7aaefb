import { vi } from 'vitest'
import type { Database } from '../../server/db/client'

export type StatementRead = { source: string; values: unknown[] }

/** Every statement `work` reads rows with (by `all`, and by `get` when asked), and the values bound to it. */
export function statementReads(
  sqlite: Database['$client'],
  work: () => void,
  methods: readonly ('all' | 'get')[] = ['all'],
): StatementRead[] {
  const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<
    'all' | 'get',
    (...values: unknown[]) => unknown
  >
  const reads: StatementRead[] = []
  const spies = methods.map((method) => {
    const original = statement[method]
    return vi.spyOn(statement, method).mockImplementation(function (this: { source: string }, ...values) {
      reads.push({ source: this.source, values: values.flat() })
      return original.apply(this, values)
    })
  })
  try {
    work()
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  return reads
}

/** The plan SQLite picks for a statement that was read, one step a line. */
export function queryPlan(sqlite: Database['$client'], read: StatementRead): string {
  const rows = sqlite.prepare(`explain query plan ${read.source}`).all(...read.values) as { detail: string }[]
  return rows.map((row) => row.detail).join('\n')
}

/** The plans of the statements on the listings that `work` reads. */
export function listingPlans(sqlite: Database['$client'], reads: StatementRead[]): string[] {
  return reads.filter((read) => read.source.includes('"listings"')).map((read) => queryPlan(sqlite, read))
}
