import { vi } from 'vitest'
import type { Database } from '../../server/db/client'

export type StatementRead = { source: string; values: unknown[] }

/** Every statement `work` reads rows with, and the values bound to it. */
export function statementReads(sqlite: Database['$client'], work: () => void): StatementRead[] {
  const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as {
    all: (...values: unknown[]) => unknown
  }
  const all = statement.all
  const reads: StatementRead[] = []
  const spy = vi.spyOn(statement, 'all').mockImplementation(function (this: { source: string }, ...values) {
    reads.push({ source: this.source, values: values.flat() })
    return all.apply(this, values)
  })
  try {
    work()
  } finally {
    spy.mockRestore()
  }
  return reads
}
