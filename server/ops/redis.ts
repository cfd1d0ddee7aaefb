import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { JobLock } from './scheduler'

export type RedisLink = {
  /** Rate limits and job locks: fails fast while offline (the limits fall back to memory). */
  commands: Redis
  /**
   * Publishing bus events: queued while offline and sent once the connection is back, since another
   * instance may have reconnected (and caught up from the database) before this one.
   */
  publisher: Redis
  /** Given over to SUBSCRIBE for the event bus. */
  subscriber: Redis
  /** Both connections are up. */
  isReady: () => boolean
  close: () => Promise<void>
}

/** Reconnects forever, waiting a little longer each time, up to five seconds. */
const retryStrategy = (times: number) => Math.min(100 * 2 ** Math.min(times, 6), 5_000)

/**
 * The three Redis connections of an instance. A lost connection is logged (once per outage), retried
 * with backoff and reported by /readyz; it never ends the process.
 */
export function connectRedis(url: string, logger: Logger): RedisLink {
  const open = (role: string, offlineQueue: boolean) => {
    const client = new Redis(url, {
      retryStrategy,
      enableOfflineQueue: offlineQueue,
      // Without a queue a command fails at once; with one it waits for the connection, however long.
      maxRetriesPerRequest: offlineQueue ? null : 1,
      lazyConnect: false,
      connectionName: `vupt-${role}`,
    })
    let down = false
    client.on('error', (error: Error) => {
      if (down) return
      down = true
      logger.error({ err: error, role }, 'conexão com o Redis perdida; tentando de novo')
    })
    client.on('ready', () => {
      if (down) logger.info({ role }, 'conexão com o Redis restabelecida')
      down = false
    })
    return client
  }
  const commands = open('commands', false)
  const publisher = open('publisher', true)
  // SUBSCRIBE sent while offline waits for the connection instead of failing.
  const subscriber = open('subscriber', true)
  const all = [commands, publisher, subscriber]
  return {
    commands,
    publisher,
    subscriber,
    isReady: () => all.every((client) => client.status === 'ready'),
    async close() {
      await Promise.allSettled(all.map((client) => client.quit()))
      for (const client of all) client.disconnect()
    },
  }
}

/** Extends the key's expiry only while it still holds this process's value (atomic in Redis). */
const RENEW_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`

/**
 * A job lock shared by every instance on the same Redis. A claim is one turn: it lasts the job's period
 * (SET NX PX), so the other instances' timers in the same period find it taken, and a holder that dies
 * frees it by expiry. Releasing leaves the claim to expire for the same reason. A run longer than its
 * period keeps renewing it, so no other instance starts the job alongside. While Redis is away no
 * instance runs the job.
 */
export function createRedisJobLock(redis: Redis, logger: Logger, prefix = 'vupt:job:'): JobLock {
  const holder = randomUUID()
  return {
    async tryAcquire(job, ttlMs) {
      try {
        return (await redis.set(`${prefix}${job}`, holder, 'PX', Math.ceil(ttlMs), 'NX')) === 'OK'
      } catch (error) {
        logger.warn({ err: error, job }, 'trava da tarefa indisponível; a vez fica para depois')
        return false
      }
    },
    async renew(job, ttlMs) {
      return (await redis.eval(RENEW_IF_HELD, 1, `${prefix}${job}`, holder, Math.ceil(ttlMs))) === 1
    },
    release: async () => {},
  }
}
