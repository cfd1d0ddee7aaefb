import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { freePort } from './server'

export const REDIS_SERVER = '/usr/bin/redis-server'

export type RunningRedis = {
  url: string
  port: number
  /** A client of its own, for looking at channels and keys. */
  client: Redis
  /** Stops the server; `start()` brings it back on the same port (empty: nothing is persisted). */
  stop: () => Promise<void>
  start: () => Promise<void>
  /** Stops it for good and deletes its folder. */
  close: () => Promise<void>
}

/** Debian's redis-server on a free loopback port, nothing written to disk. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'vupt-redis-'))
  let child: ChildProcess | null = null
  const url = `redis://127.0.0.1:${port}`
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: null })

  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    )
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`redis-server terminou com código ${child.exitCode}`)
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 })
      probe.on('error', () => {})
      try {
        await probe.connect()
        if ((await probe.ping()) === 'PONG') return
      } catch {
        // not listening yet
      } finally {
        probe.disconnect()
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('redis-server não respondeu')
  }
  const stop = async () => {
    const running = child
    child = null
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }

  await start()
  client.on('error', () => {})
  await client.connect()
  return {
    url,
    port,
    client,
    stop,
    start,
    close: async () => {
      client.disconnect()
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
