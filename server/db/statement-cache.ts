import type Sqlite from 'better-sqlite3'

/** Distinct statements kept per connection; the app has a few hundred query shapes. */
const STATEMENTS_KEPT = 500

/**
 * Keeps the connection's prepared statements by their SQL text. Drizzle prepares every query again on
 * each call, and SQLite's parse and plan cost more than a small query itself. The statement's read
 * mode (`raw`, `pluck`, `expand`) is sticky, so each reuse starts from the default again. A statement
 * being iterated is busy; nothing in the app iterates, and a busy one is replaced rather than shared.
 */
export function cacheStatements(sqlite: Sqlite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const kept = new Map<string, Sqlite.Statement>()
  sqlite.prepare = ((source: string) => {
    const found = kept.get(source)
    if (found && !found.busy) {
      // Most recently used last: the first entry is the one to drop.
      kept.delete(source)
      kept.set(source, found)
      if (found.reader) found.raw(false).pluck(false).expand(false)
      return found
    }
    const statement = prepare(source)
    kept.set(source, statement)
    if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string)
    return statement
  }) as typeof sqlite.prepare
}
