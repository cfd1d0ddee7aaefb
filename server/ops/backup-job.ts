import type Sqlite from 'better-sqlite3'
import type { Logger } from 'pino'
import { createBackup, listBackups, rotateBackups } from './backup'
import type { PeriodicJob } from './scheduler'

export const BACKUP_JOB = 'backup'

/** What the dashboard and the metrics read about scheduled backups. */
export type BackupStatus = {
  enabled: boolean
  lastSuccessAt: Date | null
  lastFailureAt: Date | null
}

export type BackupJobOptions = {
  sqlite: Sqlite.Database
  dataDir: string
  migrationsFolder: string
  backupDir: string
  intervalHours: number
  keep: number
  logger: Logger
}

/**
 * Scheduled backups into BACKUP_DIR, keeping the newest BACKUP_KEEP. The last success is read from
 * the folder at start, so it survives restarts and counts backups made by the command too.
 */
export async function createBackupJob(
  options: BackupJobOptions,
): Promise<{ job: PeriodicJob; status: () => BackupStatus }> {
  const newest = (await listBackups(options.backupDir))[0]
  const state: BackupStatus = { enabled: true, lastSuccessAt: newest?.createdAt ?? null, lastFailureAt: null }
  const everyMs = options.intervalHours * 60 * 60 * 1000
  const overdue = !state.lastSuccessAt || state.lastSuccessAt.getTime() + everyMs <= Date.now()
  return {
    status: () => ({ ...state }),
    job: {
      name: BACKUP_JOB,
      everyMs,
      // A process restarted more often than the interval still backs up: soon after start when one is due.
      firstRunAfterMs: overdue ? 60_000 : undefined,
      run: async () => {
        const startedAt = Date.now()
        try {
          const { file, bytes, manifest } = await createBackup({
            sqlite: options.sqlite,
            dataDir: options.dataDir,
            migrationsFolder: options.migrationsFolder,
            outDir: options.backupDir,
          })
          state.lastSuccessAt = new Date()
          const removed = await rotateBackups(options.backupDir, options.keep)
          options.logger.info(
            { file, bytes, uploads: manifest.uploads, ms: Date.now() - startedAt, removed: removed.length },
            'backup concluído',
          )
        } catch (error) {
          state.lastFailureAt = new Date()
          throw error
        }
      },
    },
  }
}
