import { randomUUID } from 'node:crypto'
import { open, rm, statfs } from 'node:fs/promises'
import { join } from 'node:path'
import type Sqlite from 'better-sqlite3'

/** Below this much free space in DATA_DIR the instance reports itself not ready. */
export const DEFAULT_MIN_FREE_BYTES = 256 * 1024 * 1024

/** How long one check answers /readyz: the endpoint is public, and each check syncs a file to disk. */
export const READINESS_CACHE_MS = 5_000

export type Readiness = {
  ready: boolean
  checks: { database: boolean; writable: boolean; diskSpace: boolean }
  freeBytes: number | null
}

/**
 * What a load balancer or an operator asks before sending traffic: the database answers, it can take
 * a write lock (not read-only, not held by someone else for longer than the busy timeout), files can
 * be written and synced in DATA_DIR, and the disk has room. Details of a failure go to `onError`.
 */
export async function checkReadiness(
  sqlite: Sqlite.Database,
  dataDir: string,
  {
    minFreeBytes = DEFAULT_MIN_FREE_BYTES,
    onError,
  }: { minFreeBytes?: number; onError?: (check: string, error: unknown) => void } = {},
): Promise<Readiness> {
  const checks = { database: false, writable: false, diskSpace: false }
  let freeBytes: number | null = null
  try {
    sqlite.prepare('select 1').get()
    checks.database = true
    // Takes the write lock and gives it back; nothing is written.
    sqlite.exec('begin immediate')
    sqlite.exec('rollback')
    const probe = join(dataDir, `.ready-${randomUUID()}`)
    const handle = await open(probe, 'wx')
    try {
      await handle.writeFile('ok')
      await handle.sync()
    } finally {
      await handle.close()
      await rm(probe, { force: true })
    }
    checks.writable = true
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('rollback')
    onError?.(checks.database ? 'writable' : 'database', error)
  }
  try {
    const stats = await statfs(dataDir)
    freeBytes = Number(stats.bavail) * Number(stats.bsize)
    checks.diskSpace = freeBytes >= minFreeBytes
  } catch (error) {
    onError?.('diskSpace', error)
  }
  return { ready: checks.database && checks.writable && checks.diskSpace, checks, freeBytes }
}

/**
 * checkReadiness answered from its last run for `ttlMs`, counted from when that run started: a flood
 * of /readyz requests costs one write lock and one synced file per window. Callers arriving while a
 * check runs wait for that same check.
 */
export function cachedReadiness(
  check: () => Promise<Readiness>,
  { ttlMs = READINESS_CACHE_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): () => Promise<Readiness> {
  let last: { startedAt: number; result: Promise<Readiness> } | null = null
  return () => {
    const at = now()
    if (!last || at - last.startedAt >= ttlMs) {
      const entry = { startedAt: at, result: check() }
      // A check that threw is not kept: the next request runs a new one.
      entry.result.catch(() => {
        if (last === entry) last = null
      })
      last = entry
    }
    return last.result
  }
}
