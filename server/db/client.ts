import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Sqlite from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema'
import { registerSearchFold } from './search-fold'
import { cacheStatements } from './statement-cache'

export type Database = BetterSQLite3Database<typeof schema> & { $client: Sqlite.Database }

/** Opens (creating when needed) the SQLite file with the pragmas the app relies on. */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new Sqlite(file)
  sqlite.pragma('journal_mode = WAL')
  // better-sqlite3 leaves WAL at NORMAL, which can lose the last commits on power loss.
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // 64 MiB of pages per connection instead of SQLite's 2 MB: at a million listings a page of the portal
  // touches rows spread over the whole file, and each page not in the cache is a read from the kernel.
  sqlite.pragma('cache_size = -65536')
  // The first GiB of the file read as memory: a page the kernel already holds costs no system call. A
  // search walking a sort's index reads rows spread over the whole table, one page each.
  sqlite.pragma('mmap_size = 1073741824')
  // Before any migration or write: the triggers that keep listings.search_text call it.
  registerSearchFold(sqlite)
  cacheStatements(sqlite)
  const db = drizzle(sqlite, { schema })
  // The app's transactions write. Taking the write lock at BEGIN lets busy_timeout wait for another
  // process's commit; a deferred transaction that read first and then writes fails at once instead.
  const transaction = db.transaction.bind(db)
  db.transaction = (work, config) => transaction(work, { behavior: 'immediate', ...config })
  return db
}

/**
 * Applies the pending migrations. SQLite changes a table's shape by rebuilding it, and with foreign keys
 * on, dropping the old table would cascade into every row pointing at it. The pragma cannot change
 * inside the migrator's transaction, so it is switched off around it and the result checked before it
 * is switched back on. The check reads every table, seconds at a million listings, so a start with
 * nothing to apply skips it.
 */
export function runMigrations(db: Database, migrationsFolder: string): void {
  const appliedBefore = appliedMigrations(db)
  db.$client.pragma('foreign_keys = OFF')
  try {
    migrate(db, { migrationsFolder })
    if (appliedMigrations(db) === appliedBefore) return
    const broken = db.$client.pragma('foreign_key_check') as unknown[]
    if (broken.length > 0) throw new Error(`migrations left ${broken.length} rows with a broken foreign key`)
    refreshPlannerStatistics(db)
  } finally {
    db.$client.pragma('foreign_keys = ON')
  }
}

/**
 * A database that keeps the query planner's statistics gets them anew after a migration: a rebuilt index
 * loses its row, and a planner missing one index's figures was seen sorting a million listings by price
 * in memory instead of walking the price index. One without statistics stays without: counted while the
 * tables are empty, they would tell the planner that every table is empty for good.
 */
function refreshPlannerStatistics(db: Database): void {
  const kept = db.$client
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'")
    .get()
  if (kept) db.$client.exec('analyze')
}

/** How many migrations the database has recorded (0 before the first). */
function appliedMigrations(db: Database): number {
  const journal = db.$client
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get()
  if (!journal) return 0
  return (db.$client.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n
}
