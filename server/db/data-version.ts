import type Sqlite from 'better-sqlite3'

type ConnectionWrites = { totalChanges: Sqlite.Statement<[], number>; uncounted: number }

/**
 * Per connection, the changes made by writes nothing kept in memory depends on (`uncountedWrite`). Kept
 * beside the connection, as SQLite keeps its own change counter: every reader of the version of one
 * connection must subtract the same number.
 */
const writesOf = new WeakMap<Sqlite.Database, ConnectionWrites>()

function connectionWrites(sqlite: Sqlite.Database): ConnectionWrites {
  let writes = writesOf.get(sqlite)
  if (!writes) {
    writes = { totalChanges: sqlite.prepare<[], number>('select total_changes()').pluck(), uncounted: 0 }
    writesOf.set(sqlite, writes)
  }
  return writes
}

/**
 * A text that changes whenever the database is written: by this connection (`total_changes()`, less
 * the uncounted writes) or by another one, such as a second instance on the same file (`data_version`).
 * What is kept in memory under one version holds until the next. The pragma on its own costs a third
 * less than through pragma_data_version in a select.
 */
export function dataVersionOf(sqlite: Sqlite.Database): () => string {
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  const writes = connectionWrites(sqlite)
  return () => `${dataVersion.get()}:${(writes.totalChanges.get() ?? 0) - writes.uncounted}`
}

/**
 * Runs a write that no answer or identity kept in memory shows, such as the daily count of a listing's
 * views: it does not change the version, so it discards nothing. Only for writes on this connection;
 * another instance's writes change `data_version` whatever they are.
 */
export function uncountedWrite<T>(sqlite: Sqlite.Database, write: () => T): T {
  const writes = connectionWrites(sqlite)
  const before = writes.totalChanges.get() ?? 0
  try {
    return write()
  } finally {
    writes.uncounted += (writes.totalChanges.get() ?? 0) - before
  }
}
