import { asc, desc, eq, getTableColumns } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database } from './client'
import type { Transaction } from './group-commit'

/** A database or a transaction on it: what a read runs on. */
type Reader = Database | Transaction

export type ColumnName<T extends SQLiteTable> = keyof T['_']['columns'] & string

/** The columns `names` of `table` from its rows whose `column` equals `value`, and the table's columns by name. */
function selectWhere<T extends SQLiteTable>(
  db: Reader,
  table: T,
  column: ColumnName<T>,
  value: number | string,
  names: readonly string[],
) {
  const columns: Record<string, SQLiteColumn> = getTableColumns(table)
  const named = (name: string) => columns[name] as SQLiteColumn
  const query = db
    .select(Object.fromEntries(names.map((name) => [name, named(name)])))
    .from(table as SQLiteTable)
    .where(eq(named(column), value))
  return { query, named }
}

/**
 * The rows of `table` whose `column` equals `value`, with only the columns `names`, in the order of
 * `orderBy` (ascending, or `direction`; as stored when empty): a list that is one table's own rows.
 */
export function rowsWhere<T extends SQLiteTable, K extends ColumnName<T>>(
  db: Reader,
  table: T,
  column: ColumnName<T>,
  value: number | string,
  names: readonly K[],
  orderBy: readonly ColumnName<T>[] = [],
  direction: 'asc' | 'desc' = 'asc',
) {
  const { query, named } = selectWhere(db, table, column, value, names)
  const order = direction === 'asc' ? asc : desc
  return query.orderBy(...orderBy.map((name) => order(named(name)))).all() as Pick<T['$inferSelect'], K>[]
}

/** The first row of `table` whose `column` equals `value`, with only the columns `names`. */
export function rowWhere<T extends SQLiteTable, K extends ColumnName<T>>(
  db: Reader,
  table: T,
  column: ColumnName<T>,
  value: number | string,
  names: readonly K[],
) {
  return selectWhere(db, table, column, value, names).query.get() as Pick<T['$inferSelect'], K> | undefined
}

/** The `name` column of the rows of `table` whose `column` equals `value`, ordered as `rowsWhere`. */
export function valuesWhere<T extends SQLiteTable, K extends ColumnName<T>>(
  db: Reader,
  table: T,
  column: ColumnName<T>,
  value: number | string,
  name: K,
  orderBy: readonly ColumnName<T>[] = [],
): T['$inferSelect'][K][] {
  return rowsWhere(db, table, column, value, [name], orderBy).map((row) => row[name])
}
