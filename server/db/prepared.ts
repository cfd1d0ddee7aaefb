import type { Database } from './client'

/**
 * A query whose SQL is built once per connection and run with placeholders (`sql.placeholder`).
 * Drizzle builds the SQL text again on every call, which for a one-row lookup costs about ten times
 * the lookup itself; the lookups every request or every live event makes are built once instead.
 * Placeholder values reach SQLite as given: a timestamp column takes milliseconds, not a Date.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>()
  return (db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
