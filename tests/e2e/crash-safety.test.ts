import { rmSync } from 'node:fs'
import { join } from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from './support/server'
import { emptyAcknowledged, missingWrites, preparePopulation, writeUntil } from './support/writers'

const ROUNDS = 4
let current: RunningServer | undefined
let dataDir: string | undefined

afterAll(async () => {
  await current?.kill('SIGKILL')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const pause = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms))

describe('crash safety', () => {
  it(`keeps every acknowledged listing, message and RSVP and an intact database across ${ROUNDS} SIGKILLs in the middle of writes`, async () => {
    current = await startServer({}, { keepData: true })
    dataDir = current.dataDir
    const population = await preparePopulation(dataDir, 4, 6)
    const acknowledged = emptyAcknowledged()

    for (let round = 1; round <= ROUNDS; round++) {
      const server = current
      const stop = { now: false }
      const messagesBefore = acknowledged.messages.length
      const writing = writeUntil(server.url, population, stop, acknowledged)
      // Let the writers get going, then kill at a moment that differs from round to round.
      while (acknowledged.messages.length < messagesBefore + 16) await pause(50)
      await pause(100 + Math.floor(Math.random() * 400))
      await server.kill('SIGKILL')
      stop.now = true
      await writing

      // Opening the file runs SQLite's recovery of the write-ahead log, as the next start would.
      const sqlite = new Sqlite(join(dataDir, 'vupt.sqlite'))
      const integrity = sqlite.pragma('integrity_check', { simple: true })
      sqlite.close()
      expect(integrity, `rodada ${round}`).toBe('ok')

      current = await startServer({}, { dataDir, keepData: true })
      expect(await missingWrites(current.url, acknowledged), `rodada ${round}`).toEqual([])
    }
    expect(acknowledged.listings.length).toBeGreaterThan(ROUNDS)
    expect(acknowledged.messages.length).toBeGreaterThanOrEqual(ROUNDS * 16)
    expect(acknowledged.rsvps.length).toBeGreaterThan(0)
  }, 240_000)
})
