import { join, resolve } from 'node:path'
import { type Database, openDatabase, runMigrations } from '../../../server/db/client'

/**
 * Runs `work` on the database in `dataDir`, beside the server that may be running on it (WAL lets
 * both write), and closes it after. Migrates first, so it also works before a server has started.
 */
export async function withServerDatabase<T>(
  dataDir: string,
  work: (db: Database) => T | Promise<T>,
): Promise<T> {
  const db = openDatabase(join(dataDir, 'vupt.sqlite'))
  try {
    runMigrations(db, resolve('drizzle'))
    return await work(db)
  } finally {
    db.$client.close()
  }
}
