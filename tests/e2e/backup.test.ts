import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from './support/server'
import {
  type Acknowledged,
  emptyAcknowledged,
  missingWrites,
  preparePopulation,
  writeUntil,
} from './support/writers'

const scratch = mkdtempSync(join(tmpdir(), 'vupt-backup-e2e-'))
const running: RunningServer[] = []

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()))
  rmSync(scratch, { recursive: true, force: true })
})

/** Runs one of the built commands (dist/backup.js, dist/restore.js) as an operator would. */
function command(script: string, args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [`dist/${script}.js`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('exit', (code) => resolvePromise({ code: code ?? -1, output }))
  })
}

function copyOf(acknowledged: Acknowledged): Acknowledged {
  return {
    listings: [...acknowledged.listings],
    messages: [...acknowledged.messages],
    rsvps: [...acknowledged.rsvps],
    failures: [...acknowledged.failures],
  }
}

describe('backup and restore', () => {
  it('backs up while members write, restores into a new folder, and a server on it has every write acknowledged before the backup and every photo', async () => {
    const source = await startServer()
    running.push(source)
    const population = await preparePopulation(source.dataDir, 3, 4)
    const acknowledged = emptyAcknowledged()
    const stop = { now: false }
    const writing = writeUntil(source.url, population, stop, acknowledged)

    // Let writes pile up, then back up in the middle of them.
    while (acknowledged.listings.length < 3 || acknowledged.rsvps.length < 3)
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 100))
    const beforeBackup = copyOf(acknowledged)
    const backupDir = join(scratch, 'backups')
    const backup = await command('backup', [backupDir], source.dataDir)
    stop.now = true
    await writing
    expect(backup.code, backup.output).toBe(0)
    const archives = readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'))
    expect(archives).toHaveLength(1)
    const archive = join(backupDir, archives[0] ?? '')
    // The archive holds the key and everyone's data: owner-only, whatever umask the command ran under.
    expect(statSync(backupDir).mode & 0o777).toBe(0o700)
    expect(statSync(archive).mode & 0o777).toBe(0o600)

    const restored = join(scratch, 'restored')
    const restore = await command('restore', [archive], restored)
    expect(restore.code, restore.output).toBe(0)
    expect(readdirSync(restored).sort()).toEqual(['secret.key', 'uploads', 'vapid.json', 'vupt.sqlite'])
    expect(statSync(join(restored, 'vapid.json')).mode & 0o777).toBe(0o600)
    expect(statSync(restored).mode & 0o777).toBe(0o700)
    expect(statSync(join(restored, 'secret.key')).mode & 0o777).toBe(0o600)

    // Restoring again over what is now live data is refused and leaves it alone.
    const again = await command('restore', [archive], restored)
    expect(again.code).toBe(1)
    expect(again.output).toContain('não está vazia')

    const target = await startServer({}, { dataDir: restored })
    running.push(target)
    expect(beforeBackup.listings.length).toBeGreaterThanOrEqual(3)
    expect(beforeBackup.messages.length).toBeGreaterThan(0)
    expect(beforeBackup.rsvps.length, beforeBackup.failures.join('\n')).toBeGreaterThan(0)
    expect(await missingWrites(target.url, beforeBackup)).toEqual([])
  })

  it('refuses to restore into a folder that has anything in it, and a file that is not a backup', async () => {
    const occupied = mkdtempSync(join(scratch, 'occupied-'))
    writeFileSync(join(occupied, 'vupt.sqlite'), 'dados de outra instalação')
    const refused = await command('restore', [join(scratch, 'nada.tar.gz')], occupied)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('não está vazia')
    expect(readdirSync(occupied)).toEqual(['vupt.sqlite'])

    const notArchive = join(scratch, 'nao-e-backup.tar.gz')
    writeFileSync(notArchive, 'isto não é um arquivo tar')
    const empty = join(scratch, 'empty-target')
    const bad = await command('restore', [notArchive], empty)
    expect(bad.code).toBe(1)
    expect(readdirSync(scratch)).not.toContain('empty-target')
  })
})
