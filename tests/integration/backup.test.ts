import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Sqlite from 'better-sqlite3'
import { count } from 'drizzle-orm'
import { pino } from 'pino'
import * as tar from 'tar'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import { createStudent } from '../../server/db/factories'
import { messages, users } from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import {
  createBackup,
  listBackups,
  RestoreRefused,
  restoreBackup,
  rotateBackups,
} from '../../server/ops/backup'
import { createBackupJob } from '../../server/ops/backup-job'
import { createScheduler, type JobLock } from '../../server/ops/scheduler'
import { callerFor, createAdmin, createTestServices, MIGRATIONS_FOLDER } from '../support/test-app'

let scratch: string
let dataDir: string

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'vupt-backup-'))
  dataDir = join(scratch, 'data')
})
afterEach(() => rmSync(scratch, { recursive: true, force: true }))

async function liveData() {
  const db = openDatabase(join(dataDir, 'vupt.sqlite'))
  runMigrations(db, MIGRATIONS_FOLDER)
  await seedBase(db)
  mkdirSync(join(dataDir, 'uploads'))
  writeFileSync(join(dataDir, 'uploads', `${'a'.repeat(64)}-card.webp`), 'foto')
  // A photo still being written: never part of a backup.
  writeFileSync(join(dataDir, 'uploads', '.tmp-123'), 'metade')
  writeFileSync(join(dataDir, 'secret.key'), 'chave')
  writeFileSync(join(dataDir, 'vapid.json'), '{"publicKey":"pub","privateKey":"priv"}')
  return db
}

const lastJournalTag = () => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  return journal.entries.at(-1)?.tag
}

/** A backup of the live folder's database into `outDir`. */
const backUp = (db: Database, outDir = join(scratch, 'out')) =>
  createBackup({ sqlite: db.$client, dataDir, migrationsFolder: MIGRATIONS_FOLDER, outDir })

function silentLogger(lines: string[] = []) {
  return pino({ level: 'info' }, { write: (line: string) => void lines.push(line) })
}

describe('backup archives', () => {
  it('hold the database as of the snapshot, the photos, the key and a manifest with the schema version and row counts', async () => {
    const db = await liveData()
    const users_ = db.select({ total: count() }).from(users).get()?.total ?? 0
    const { file, manifest } = await backUp(db)
    db.$client.close()

    expect(manifest.schemaVersion).toBe(lastJournalTag())
    expect(manifest.tables.users).toBe(users_)
    expect(manifest.tables.messages).toBe(0)
    expect(manifest.uploads).toBe(1)
    expect(manifest.secretKey).toBe(true)
    expect(manifest.vapidKeys).toBe(true)
    const entries: string[] = []
    await tar.list({ file, onReadEntry: (entry) => void entries.push(entry.path) })
    expect(entries.sort()).toEqual([
      'manifest.json',
      'secret.key',
      'uploads/',
      `uploads/${'a'.repeat(64)}-card.webp`,
      'vapid.json',
      'vupt.sqlite',
    ])
    // Nothing of the staging folder is left in DATA_DIR.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([])

    const target = join(scratch, 'restored')
    await restoreBackup({ archive: file, dataDir: target, migrationsFolder: MIGRATIONS_FOLDER })
    expect(readdirSync(target).sort()).toEqual(['secret.key', 'uploads', 'vapid.json', 'vupt.sqlite'])
    expect(readFileSync(join(target, 'secret.key'), 'utf8')).toBe('chave')
    expect(readFileSync(join(target, 'vapid.json'), 'utf8')).toContain('privateKey')
    const restored = new Sqlite(join(target, 'vupt.sqlite'), { readonly: true })
    expect((restored.prepare('select count(*) as total from users').get() as { total: number }).total).toBe(
      users_,
    )
    restored.close()
  })

  it('are consistent while the same connection keeps writing', async () => {
    const db = await liveData()
    const backup = backUp(db)
    // Writes between the backup's steps: the snapshot must still pass its own checks on restore.
    for (let i = 0; i < 200; i++) {
      db.insert(users)
        .values({ email: `escrita${i}@univille.br` })
        .run()
      await new Promise((resolvePromise) => setImmediate(resolvePromise))
    }
    const { file, manifest } = await backup
    db.$client.close()
    const manifestUsers = manifest.tables.users ?? -1
    expect(manifestUsers).toBeGreaterThan(0)
    const target = join(scratch, 'restored')
    await restoreBackup({ archive: file, dataDir: target, migrationsFolder: MIGRATIONS_FOLDER })
    const restored = openDatabase(join(target, 'vupt.sqlite'))
    expect(restored.$client.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(restored.select({ total: count() }).from(users).get()?.total).toBe(manifestUsers)
    expect(restored.select({ total: count() }).from(messages).get()?.total).toBe(0)
    restored.$client.close()
  })

  it('are refused when restoring into a non-empty folder, with an unknown schema, or with counts that do not match', async () => {
    const db = await liveData()
    const { file } = await backUp(db)
    db.$client.close()

    // Into the live folder itself.
    await expect(
      restoreBackup({ archive: file, dataDir, migrationsFolder: MIGRATIONS_FOLDER }),
    ).rejects.toThrow(RestoreRefused)

    const tamper = async (change: (manifest: Record<string, unknown>) => void) => {
      const unpacked = mkdtempSync(join(scratch, 'unpacked-'))
      await tar.extract({ file, cwd: unpacked })
      const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Record<
        string,
        unknown
      >
      change(manifest)
      writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest))
      const tampered = join(scratch, `tampered-${Date.now()}-${Math.random()}.tar.gz`)
      await tar.create({ gzip: true, file: tampered, cwd: unpacked }, readdirSync(unpacked))
      return tampered
    }
    const future = await tamper((manifest) => {
      manifest.schemaVersion = '9999_do_futuro'
    })
    const target = join(scratch, 'target')
    await expect(
      restoreBackup({ archive: future, dataDir: target, migrationsFolder: MIGRATIONS_FOLDER }),
    ).rejects.toThrow(/9999_do_futuro/)
    const wrongCount = await tamper((manifest) => {
      manifest.tables = { ...(manifest.tables as Record<string, number>), users: 999_999 }
    })
    await expect(
      restoreBackup({ archive: wrongCount, dataDir: target, migrationsFolder: MIGRATIONS_FOLDER }),
    ).rejects.toThrow(/users/)
    expect(existsSync(target)).toBe(false)
    // No half-restored folder either.
    expect(readdirSync(scratch).filter((name) => name.includes('restore'))).toEqual([])
  })

  it('rotate: only the newest BACKUP_KEEP stay', async () => {
    const db = await liveData()
    const outDir = join(scratch, 'out')
    for (const day of [1, 3, 2, 4]) {
      await createBackup({
        sqlite: db.$client,
        dataDir,
        migrationsFolder: MIGRATIONS_FOLDER,
        outDir,
        now: new Date(Date.UTC(2026, 0, day)),
      })
    }
    db.$client.close()
    writeFileSync(join(outDir, 'outra-coisa.tar.gz'), 'não é nosso')
    const removed = await rotateBackups(outDir, 2)
    expect(removed.map((file) => file.slice(outDir.length + 1)).sort()).toEqual([
      'vupt-backup-2026-01-01T00-00-00-000Z.tar.gz',
      'vupt-backup-2026-01-02T00-00-00-000Z.tar.gz',
    ])
    expect(readdirSync(outDir).sort()).toEqual([
      'outra-coisa.tar.gz',
      'vupt-backup-2026-01-03T00-00-00-000Z.tar.gz',
      'vupt-backup-2026-01-04T00-00-00-000Z.tar.gz',
    ])
  })
})

describe('backup file modes', () => {
  // The usual umask, under which files are created readable by every user of the machine.
  let umask: number
  beforeEach(() => {
    umask = process.umask(0o022)
  })
  afterEach(() => {
    process.umask(umask)
  })
  const modeOf = (path: string) => statSync(path).mode & 0o777

  it("archives and their folder are the owner's alone, even a folder and a leftover partial file made earlier for everyone", async () => {
    const db = await liveData()
    const outDir = join(scratch, 'out')
    mkdirSync(outDir)
    chmodSync(outDir, 0o755)
    const now = new Date(Date.UTC(2026, 0, 1))
    // A partial archive left behind by a backup interrupted before this fix, readable by all.
    const leftover = join(outDir, 'vupt-backup-2026-01-01T00-00-00-000Z.tar.gz.partial')
    writeFileSync(leftover, 'metade')
    chmodSync(leftover, 0o644)

    const { file } = await createBackup({
      sqlite: db.$client,
      dataDir,
      migrationsFolder: MIGRATIONS_FOLDER,
      outDir,
      now,
    })
    expect(modeOf(outDir)).toBe(0o700)
    expect(modeOf(file)).toBe(0o600)

    // Into a folder that does not exist yet, too.
    const fresh = join(scratch, 'novos', 'backups')
    const second = await backUp(db, fresh)
    db.$client.close()
    expect(modeOf(fresh)).toBe(0o700)
    expect(modeOf(second.file)).toBe(0o600)
  })

  it('a restore leaves secret.key and vapid.json readable by the owner only and DATA_DIR closed to other users', async () => {
    const db = await liveData()
    // A key file that lost its mode on the way (copied by hand, say) is archived as it is.
    chmodSync(join(dataDir, 'secret.key'), 0o644)
    chmodSync(join(dataDir, 'vapid.json'), 0o644)
    const { file } = await backUp(db)
    db.$client.close()

    const missing = join(scratch, 'restaurada')
    await restoreBackup({ archive: file, dataDir: missing, migrationsFolder: MIGRATIONS_FOLDER })
    expect(modeOf(missing)).toBe(0o700)
    expect(modeOf(join(missing, 'secret.key'))).toBe(0o600)
    expect(modeOf(join(missing, 'vapid.json'))).toBe(0o600)

    // An empty DATA_DIR made beforehand with the default mode.
    const empty = join(scratch, 'vazia')
    mkdirSync(empty)
    chmodSync(empty, 0o755)
    await restoreBackup({ archive: file, dataDir: empty, migrationsFolder: MIGRATIONS_FOLDER })
    expect(modeOf(empty)).toBe(0o700)
    expect(modeOf(join(empty, 'secret.key'))).toBe(0o600)
  })
})

describe('scheduled backups', () => {
  it('write into BACKUP_DIR, keep BACKUP_KEEP, log, and report the last success and a later failure', async () => {
    const db = await liveData()
    const lines: string[] = []
    const logger = silentLogger(lines)
    const backupDir = join(scratch, 'backups')
    // The same job settings for this process and for the one that restarts later.
    const jobOver = (sqlite: Sqlite.Database) =>
      createBackupJob({
        sqlite,
        dataDir,
        migrationsFolder: MIGRATIONS_FOLDER,
        backupDir,
        intervalHours: 24,
        keep: 2,
        logger,
      })
    const backups = await jobOver(db.$client)
    expect(backups.status()).toEqual({ enabled: true, lastSuccessAt: null, lastFailureAt: null })
    const scheduler = createScheduler({ logger })
    scheduler.add(backups.job)
    for (let i = 0; i < 3; i++) {
      await scheduler.runNow('backup')
      // Archive names are per millisecond.
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 5))
    }
    expect((await listBackups(backupDir)).length).toBe(2)
    const success = backups.status().lastSuccessAt
    expect(success).toBeInstanceOf(Date)
    expect(lines.filter((line) => line.includes('backup concluído'))).toHaveLength(3)

    // The data folder goes away: the job fails, the failure is logged and shown, the success stays.
    rmSync(dataDir, { recursive: true, force: true })
    await scheduler.runNow('backup')
    expect(backups.status().lastSuccessAt).toEqual(success)
    expect(backups.status().lastFailureAt).toBeInstanceOf(Date)
    expect(
      lines.some((line) => line.includes('tarefa periódica falhou') && line.includes('"job":"backup"')),
    ).toBe(true)
    await scheduler.stop()
    db.$client.close()

    // A restarted process reads its last success from the folder.
    const again = await jobOver(new Sqlite(':memory:'))
    expect(again.status().lastSuccessAt).not.toBeNull()
    expect(again.job.firstRunAfterMs).toBeUndefined()
  })
})

describe('the scheduler', () => {
  it('never runs a job twice at once, keeps going after a failure, and runs a turn only when the lock is granted', async () => {
    let granted = true
    const lock: JobLock = {
      tryAcquire: async () => granted,
      renew: async () => granted,
      release: async () => {},
    }
    const scheduler = createScheduler({ logger: silentLogger(), lock })
    let runs = 0
    let release: () => void = () => {}
    scheduler.add({
      name: 'lenta',
      everyMs: 60 * 60 * 1000,
      run: () => {
        runs += 1
        return new Promise<void>((resolvePromise) => {
          release = resolvePromise
        })
      },
    })
    const first = scheduler.runNow('lenta')
    const second = scheduler.runNow('lenta')
    await new Promise((resolvePromise) => setImmediate(resolvePromise))
    expect(runs).toBe(1)
    expect(scheduler.states()[0]?.running).toBe(true)
    release()
    await Promise.all([first, second])
    expect(runs).toBe(1)

    let failures = 0
    scheduler.add({
      name: 'falha',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        failures += 1
        throw new Error('disco cheio')
      },
    })
    await scheduler.runNow('falha')
    await scheduler.runNow('falha')
    expect(failures).toBe(2)
    expect(scheduler.states().find((state) => state.name === 'falha')?.lastError).toBe('disco cheio')

    granted = false
    await scheduler.runNow('lenta')
    expect(runs).toBe(1)
    await scheduler.stop()
  })
})

describe('the dashboard', () => {
  it('shows administrators the last backup and moderators nothing of it', async () => {
    const db = openDatabase(join(scratch, 'dashboard.sqlite'))
    runMigrations(db, MIGRATIONS_FOLDER)
    await seedBase(db)
    const lastSuccessAt = new Date('2026-11-20T03:00:00Z')
    const services = createTestServices(db, {
      ops: { backup: () => ({ enabled: true, lastSuccessAt, lastFailureAt: null }) },
    })
    const admin = await createAdmin(db)
    const moderator = await createStudent(db, { member: true, roles: ['user', 'moderator'] })
    expect((await callerFor(services, { userId: admin.id }).caller.admin.dashboard.summary()).backup).toEqual(
      {
        enabled: true,
        lastSuccessAt,
        lastFailureAt: null,
      },
    )
    expect(
      (await callerFor(services, { userId: moderator.id }).caller.admin.dashboard.summary()).backup,
    ).toBeNull()
    db.$client.close()
  })
})
