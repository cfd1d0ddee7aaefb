import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisJobLock } from '../../server/ops/redis'
import { createScheduler } from '../../server/ops/scheduler'
import { type RunningRedis, startRedis } from '../e2e/support/redis'

const logger = pino({ level: 'silent' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let redis: RunningRedis
const clients: Redis[] = []

/** One instance's view of the shared Redis: a connection and a lock with its own holder id. */
function instanceLock() {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 })
  clients.push(client)
  return createRedisJobLock(client, logger, 'teste:')
}

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  await redis?.close()
})

describe('the periodic jobs lock over Redis', () => {
  it('a turn that outlasts its period keeps the lock, so another instance never runs the job alongside', async () => {
    const periodMs = 600
    let running = 0
    let mostAtOnce = 0
    const runs = { one: 0, two: 0 }
    const job = (instance: keyof typeof runs) => ({
      name: 'limpeza',
      everyMs: periodMs,
      run: async () => {
        runs[instance]++
        running++
        mostAtOnce = Math.max(mostAtOnce, running)
        await sleep(instance === 'one' ? periodMs * 4 : 10)
        running--
      },
    })
    const one = createScheduler({ logger, lock: instanceLock() })
    const two = createScheduler({ logger, lock: instanceLock() })
    one.add(job('one'))
    two.add(job('two'))
    try {
      const long = one.runNow('limpeza')
      // The other instance's timer keeps coming round while the long turn runs, well past its period.
      for (let attempt = 0; attempt < 14; attempt++) {
        await sleep(periodMs / 4)
        await two.runNow('limpeza')
      }
      await long
      expect(runs).toEqual({ one: 1, two: 0 })
      expect(mostAtOnce).toBe(1)
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
  })

  it('renewing a lock that expired and was taken by another instance fails and leaves it to the new holder', async () => {
    const one = instanceLock()
    const two = instanceLock()
    expect(await one.tryAcquire('digest', 100)).toBe(true)
    expect(await two.tryAcquire('digest', 100)).toBe(false)
    await sleep(200)
    expect(await two.tryAcquire('digest', 5_000)).toBe(true)
    expect(await one.renew('digest', 5_000)).toBe(false)
    expect(await two.renew('digest', 5_000)).toBe(true)
    expect(await redis.client.pttl('teste:digest')).toBeGreaterThan(1_000)
  })
})
