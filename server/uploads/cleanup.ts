import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { uploads } from '../db/schema'
import { unreferenced } from './attach'
import type { ImageStorage } from './storage'

const HOUR = 60 * 60 * 1000
export const ORPHAN_GRACE_MS = 24 * HOUR
/** How often the server looks for orphans. */
export const ORPHAN_CLEANUP_INTERVAL_MS = HOUR
const BATCH = 200

export type OrphanCleanupOptions = { olderThanMs?: number; now?: Date }

/** Whether some upload row still names the file. */
export function keyInUse(db: Database, key: string): boolean {
  return (
    db
      .select({ one: sql`1` })
      .from(uploads)
      .where(or(eq(uploads.cardKey, key), eq(uploads.fullKey, key), eq(uploads.phoneKey, key)))
      .limit(1)
      .get() !== undefined
  )
}

/**
 * Deletes uploads never attached (or released) and older than the grace period, with their files.
 * A file is kept while another upload row has the same content. Returns how many uploads went.
 */
export async function deleteOrphanUploads(
  db: Database,
  storage: ImageStorage,
  { olderThanMs = ORPHAN_GRACE_MS, now = new Date() }: OrphanCleanupOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs)
  let deleted = 0
  const failures: unknown[] = []
  for (;;) {
    const keys = db.transaction((tx) => {
      const batch = tx
        .select({
          id: uploads.id,
          cardKey: uploads.cardKey,
          fullKey: uploads.fullKey,
          phoneKey: uploads.phoneKey,
        })
        .from(uploads)
        .where(
          and(
            isNull(uploads.attachedAt),
            lt(uploads.createdAt, cutoff),
            // A listing or chat photo pointing at it means it is in use, whatever attachedAt says.
            unreferenced(tx),
          ),
        )
        .limit(BATCH)
        .all()
      if (batch.length === 0) return null
      tx.delete(uploads)
        .where(
          inArray(
            uploads.id,
            batch.map((row) => row.id),
          ),
        )
        .run()
      deleted += batch.length
      return new Set(
        batch.flatMap((row) => [row.cardKey, row.fullKey, ...(row.phoneKey ? [row.phoneKey] : [])]),
      )
    })
    if (!keys) break
    for (const key of keys) {
      // Checked right before removing: an upload of the same photo may have arrived meanwhile.
      if (keyInUse(db, key)) continue
      try {
        await storage.remove(key)
      } catch (error) {
        failures.push(error)
      }
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} arquivo(s) de upload não puderam ser apagados`)
  }
  return deleted
}

/** One cleanup run for the timer: never throws, reports to the log. */
export async function runOrphanCleanup(services: {
  db: Database
  storage: ImageStorage
  logger: Logger
}): Promise<void> {
  try {
    const count = await deleteOrphanUploads(services.db, services.storage)
    if (count > 0) services.logger.info({ count }, 'uploads não usados removidos')
  } catch (error) {
    services.logger.error({ err: error }, 'falha ao remover uploads não usados')
  }
}
