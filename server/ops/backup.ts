import { existsSync, readFileSync } from 'node:fs'
import { chmod, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import Sqlite from 'better-sqlite3'
import * as tar from 'tar'
import { VAPID_FILE } from '../push/vapid'

/** The database file inside DATA_DIR and inside an archive. */
export const DATABASE_FILE = 'vupt.sqlite'
export const UPLOADS_FOLDER = 'uploads'
export const SECRET_KEY_FILE = 'secret.key'
export const MANIFEST_FILE = 'manifest.json'
const ARCHIVE_FORMAT = 1
const ARCHIVE_PREFIX = 'vupt-backup-'
const ARCHIVE_SUFFIX = '.tar.gz'
/**
 * An archive holds secret.key, every member's data and private chat photos: only the owner reads it
 * or lists its folder. Set with chmod, since a creation mode is narrowed by the umask, never widened.
 */
const PRIVATE_FILE_MODE = 0o600
const PRIVATE_FOLDER_MODE = 0o700

export type BackupManifest = {
  format: number
  createdAt: string
  /** Tag of the last drizzle migration applied to the database, e.g. "0005_trust_hardening". */
  schemaVersion: string | null
  /** Rows per table at the moment of the snapshot. */
  tables: Record<string, number>
  uploads: number
  secretKey: boolean
  /** The generated VAPID key pair (absent in backups made before push, and with keys from the environment). */
  vapidKeys?: boolean
}

type JournalEntry = { idx: number; when: number; tag: string }

function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[]
  }
  return journal.entries
}

/**
 * The tag of the newest migration recorded in the database. Drizzle stores each applied migration
 * with the journal's timestamp, which is what ties a row back to its tag.
 */
export function appliedSchemaVersion(sqlite: Sqlite.Database, migrationsFolder: string): string | null {
  const hasTable = sqlite
    .prepare(`select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'`)
    .get()
  if (!hasTable) return null
  const row = sqlite.prepare('select max(created_at) as last from __drizzle_migrations').get() as {
    last: number | null
  }
  if (row.last === null) return null
  const entry = readJournal(migrationsFolder).find((candidate) => candidate.when === Number(row.last))
  return entry?.tag ?? `desconhecida (${row.last})`
}

export function knownSchemaVersions(migrationsFolder: string): string[] {
  return readJournal(migrationsFolder).map((entry) => entry.tag)
}

/** Row counts of every table of the app (SQLite's own tables and the search index's shadow tables left out). */
export function tableCounts(sqlite: Sqlite.Database): Record<string, number> {
  const names = sqlite
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL TABLE%' order by name`,
    )
    .all() as { name: string }[]
  const counts: Record<string, number> = {}
  for (const { name } of names) {
    const row = sqlite.prepare(`select count(*) as total from "${name.replaceAll('"', '""')}"`).get() as {
      total: number
    }
    counts[name] = row.total
  }
  return counts
}

async function uploadFiles(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return []
  // Dot-prefixed names are files still being written.
  return (await readdir(folder)).filter((name) => !name.startsWith('.'))
}

export function archiveName(at: Date): string {
  return `${ARCHIVE_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${ARCHIVE_SUFFIX}`
}

export type BackupOptions = {
  /** The live database (the server's own connection, or one opened by the command). */
  sqlite: Sqlite.Database
  dataDir: string
  migrationsFolder: string
  /** Folder where the archive is written. */
  outDir: string
  now?: Date
  /**
   * Copy every page in one step. A connection in another process (the backup command) needs it: a
   * write from the server between steps would restart the copy. Inside the server, steps keep the
   * event loop free and the server's own writes are carried into the copy as they happen.
   */
  oneStep?: boolean
}

export type BackupResult = { file: string; manifest: BackupManifest; bytes: number }

/**
 * Writes one archive with a consistent snapshot of the database (SQLite's online backup API, so
 * writers carry on), the photos, the secret key file when there is one, and a manifest.
 * The snapshot is taken before the photos are gathered, so every photo it references is on disk.
 */
export async function createBackup({
  sqlite,
  dataDir,
  migrationsFolder,
  outDir,
  now = new Date(),
  oneStep = false,
}: BackupOptions): Promise<BackupResult> {
  const root = resolve(dataDir)
  // The staging folder sits in DATA_DIR so the photos can be hard-linked instead of copied.
  const staging = await mkdtemp(join(root, '.backup-'))
  try {
    const snapshotFile = join(staging, DATABASE_FILE)
    await (oneStep
      ? sqlite.backup(snapshotFile, { progress: () => 0x7fffffff })
      : sqlite.backup(snapshotFile))
    const snapshot = new Sqlite(snapshotFile)
    let manifest: BackupManifest
    try {
      // The snapshot keeps its own journal mode; one self-contained file goes into the archive.
      snapshot.pragma('journal_mode = DELETE')
      manifest = {
        format: ARCHIVE_FORMAT,
        createdAt: now.toISOString(),
        schemaVersion: appliedSchemaVersion(snapshot, migrationsFolder),
        tables: tableCounts(snapshot),
        uploads: 0,
        secretKey: false,
        vapidKeys: false,
      }
    } finally {
      snapshot.close()
    }

    const entries = [MANIFEST_FILE, DATABASE_FILE]
    const photos = await uploadFiles(join(root, UPLOADS_FOLDER))
    await mkdir(join(staging, UPLOADS_FOLDER))
    let linked = 0
    for (const name of photos) {
      try {
        await link(join(root, UPLOADS_FOLDER, name), join(staging, UPLOADS_FOLDER, name))
        linked += 1
      } catch (error) {
        // Removed since the listing (an orphan swept meanwhile): it is not in the snapshot's use either.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
    manifest.uploads = linked
    entries.push(UPLOADS_FOLDER)
    if (existsSync(join(root, SECRET_KEY_FILE))) {
      await link(join(root, SECRET_KEY_FILE), join(staging, SECRET_KEY_FILE))
      manifest.secretKey = true
      entries.push(SECRET_KEY_FILE)
    }
    // Browsers bind their push subscriptions to this key: restored without it, none would work.
    if (existsSync(join(root, VAPID_FILE))) {
      await link(join(root, VAPID_FILE), join(staging, VAPID_FILE))
      manifest.vapidKeys = true
      entries.push(VAPID_FILE)
    }
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)

    await mkdir(outDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    // Also a folder made earlier with the default mode.
    await chmod(outDir, PRIVATE_FOLDER_MODE)
    const file = join(resolve(outDir), archiveName(now))
    // Written under a temporary name: a half-written archive never looks like a backup.
    const partial = `${file}.partial`
    // Owner-only before the first byte goes in; tar then writes into the file as it is.
    await writeFile(partial, '', { mode: PRIVATE_FILE_MODE })
    await chmod(partial, PRIVATE_FILE_MODE)
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries)
    await rename(partial, file)
    return { file, manifest, bytes: (await stat(file)).size }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** Backups written by createBackup in a folder, newest first. */
export async function listBackups(outDir: string): Promise<{ file: string; createdAt: Date }[]> {
  if (!existsSync(outDir)) return []
  const names = (await readdir(outDir)).filter(
    (name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith(ARCHIVE_SUFFIX),
  )
  // The names carry the UTC time of the snapshot, so they sort by age.
  names.sort().reverse()
  return Promise.all(
    names.map(async (name) => ({
      file: join(outDir, name),
      createdAt: (await stat(join(outDir, name))).mtime,
    })),
  )
}

/** Deletes all but the `keep` newest backups in the folder; returns the deleted files. */
export async function rotateBackups(outDir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(outDir)).slice(Math.max(keep, 1))
  for (const { file } of old) await rm(file, { force: true })
  return old.map(({ file }) => file)
}

export class RestoreRefused extends Error {}

/**
 * Restores an archive into DATA_DIR, which must be empty or missing: a restore never mixes with or
 * overwrites live data. The archive is unpacked next to it and checked first (manifest, schema
 * version known to this code, integrity, row counts), and only then moved into place.
 */
export async function restoreBackup({
  archive,
  dataDir,
  migrationsFolder,
}: {
  archive: string
  dataDir: string
  migrationsFolder: string
}): Promise<BackupManifest> {
  const target = resolve(dataDir)
  if (existsSync(target) && (await readdir(target)).length > 0) {
    throw new RestoreRefused(`${target} não está vazia; a restauração só escreve numa pasta vazia`)
  }
  if (!existsSync(archive)) throw new RestoreRefused(`arquivo não encontrado: ${archive}`)
  await mkdir(dirname(target), { recursive: true })
  const staging = await mkdtemp(join(dirname(target), `.${basename(target)}-restore-`))
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true })
    const manifestFile = join(staging, MANIFEST_FILE)
    if (!existsSync(manifestFile) || !existsSync(join(staging, DATABASE_FILE))) {
      throw new RestoreRefused('o arquivo não é um backup do Vupt (falta o manifesto ou o banco)')
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest
    if (manifest.format !== ARCHIVE_FORMAT) {
      throw new RestoreRefused(`formato de backup desconhecido: ${manifest.format}`)
    }
    if (manifest.schemaVersion && !knownSchemaVersions(migrationsFolder).includes(manifest.schemaVersion)) {
      throw new RestoreRefused(
        `o backup tem o esquema ${manifest.schemaVersion}, que esta versão do Vupt não conhece; restaure com a versão que o gerou ou uma mais nova`,
      )
    }
    const sqlite = new Sqlite(join(staging, DATABASE_FILE))
    try {
      const integrity = sqlite.pragma('integrity_check', { simple: true })
      if (integrity !== 'ok')
        throw new RestoreRefused(`o banco do backup está corrompido: ${String(integrity)}`)
      const counts = tableCounts(sqlite)
      for (const [table, rows] of Object.entries(manifest.tables)) {
        if (counts[table] !== rows) {
          throw new RestoreRefused(`a tabela ${table} tem ${counts[table]} linhas, o manifesto diz ${rows}`)
        }
      }
    } finally {
      sqlite.close()
    }
    const photos = await uploadFiles(join(staging, UPLOADS_FOLDER))
    if (photos.length !== manifest.uploads) {
      throw new RestoreRefused(`o backup tem ${photos.length} fotos, o manifesto diz ${manifest.uploads}`)
    }
    await rm(manifestFile)
    // DATA_DIR holds the database and the key: not for other users of the machine, whatever the umask.
    await mkdir(target, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    await chmod(target, PRIVATE_FOLDER_MODE)
    for (const keyFile of [SECRET_KEY_FILE, VAPID_FILE]) {
      if (existsSync(join(staging, keyFile))) await chmod(join(staging, keyFile), PRIVATE_FILE_MODE)
    }
    for (const name of await readdir(staging)) await rename(join(staging, name), join(target, name))
    return manifest
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
