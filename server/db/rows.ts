import { asc, desc, eq, getTableColumns } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database } from './client'

export type ColumnName<T extends SQLiteTable> = keyof T['_']['columns'] & string

/**
 * The rows of `table` whose `column` equals `value`, with only the columns `names`, in the order of
 * `orderBy` (ascending, or `direction`; as stored when empty): a list that is one table's own rows.
 */
export function rowsWhere<T extends SQLiteTable, K extends ColumnName<T>>(
  db: Database,
  table: T,
  column: ColumnName<T>,
  value: number,
  names: readonly K[],
  orderBy: readonly ColumnName<T>[] = [],
  direction: 'asc' | 'desc' = 'asc',
) {
  const columns: Record<string, SQLiteColumn> = getTableColumns(table)
  const named = (name: string) => columns[name] as SQLiteColumn
  const order = direction === 'asc' ? asc : desc
  return db
    .select(Object.fromEntries(names.map((name) => [name, named(name)])))
    .from(table as SQLiteTable)
    .where(eq(named(column), value))
    .orderBy(...orderBy.map((name) => order(named(name))))
    .all() as Pick<T['$inferSelect'], K>[]
}

/** The `name` column of the rows of `table` whose `column` equals `value`, ordered as `rowsWhere`. */
export function valuesWhere<T extends SQLiteTable, K extends ColumnName<T>>(
  db: Database,
  table: T,
  column: ColumnName<T>,
  value: number,
  name: K,
  orderBy: readonly ColumnName<T>[] = [],
): T['$inferSelect'][K][] {
  return rowsWhere(db, table, column, value, [name], orderBy).map((row) => row[name])
}
