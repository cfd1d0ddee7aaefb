// `npm run backup [-- OUT_DIR]` (or `node dist/backup.js` in the container): one archive of DATA_DIR
// while the server keeps running. OUT_DIR defaults to BACKUP_DIR, then ./backups.
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import Sqlite from 'better-sqlite3'
import { createBackup, DATABASE_FILE } from '../server/ops/backup'
import { loadEnv } from '../src/env'

// Both scripts/backup.ts and dist/backup.js sit one level below the project root.
const projectRoot = fileURLToPath(new URL('..', import.meta.url))

async function main() {
  const env = loadEnv()
  const dataDir = resolve(env.DATA_DIR)
  const outDir = resolve(process.argv[2] ?? env.BACKUP_DIR ?? 'backups')
  const sqlite = new Sqlite(join(dataDir, DATABASE_FILE), { fileMustExist: true })
  sqlite.pragma('busy_timeout = 5000')
  try {
    const { file, bytes, manifest } = await createBackup({
      sqlite,
      dataDir,
      migrationsFolder: join(projectRoot, 'drizzle'),
      outDir,
      oneStep: true,
    })
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0)
    process.stdout.write(
      `backup: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB; esquema ${manifest.schemaVersion}; ${rows} linhas; ${manifest.uploads} fotos${manifest.secretKey ? '; com secret.key' : ''}${manifest.vapidKeys ? '; com vapid.json' : ''})\n`,
    )
  } finally {
    sqlite.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
