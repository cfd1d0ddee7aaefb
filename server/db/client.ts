import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Sqlite from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema'

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
  return drizzle(sqlite, { schema })
}

export function runMigrations(db: Database, migrationsFolder: string): void {
  migrate(db, { migrationsFolder })
}
