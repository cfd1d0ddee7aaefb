// `npm run restore -- FILE` (or `node dist/restore.js FILE` in the container): restores a backup into
// DATA_DIR, which must be empty or missing. Start the server afterwards; newer migrations apply then.
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RestoreRefused, restoreBackup } from '../server/ops/backup'
import { loadEnv } from '../src/env'

const projectRoot = fileURLToPath(new URL('..', import.meta.url))

async function main() {
  const archive = process.argv[2]
  if (!archive) {
    console.error('uso: npm run restore -- ARQUIVO.tar.gz')
    process.exit(2)
  }
  const env = loadEnv()
  const dataDir = resolve(env.DATA_DIR)
  const manifest = await restoreBackup({
    archive: resolve(archive),
    dataDir,
    migrationsFolder: join(projectRoot, 'drizzle'),
  })
  process.stdout.write(
    `restaurado em ${dataDir}: backup de ${manifest.createdAt}, esquema ${manifest.schemaVersion}, ${manifest.uploads} fotos${manifest.secretKey ? ', secret.key' : ''}${manifest.vapidKeys ? ', vapid.json' : ''}\n`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof RestoreRefused ? `restauração recusada: ${error.message}` : error)
  process.exit(1)
})
