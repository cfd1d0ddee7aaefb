import type { Logger } from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { connectRedis, type RedisLink } from '../../server/ops/redis'
import { type RunningRedis, startRedis } from '../e2e/support/redis'

/**
 * For the tests of a file or a describe block: a Redis server started before them, and `link()` for the
 * connections of one more app instance; the connections and the server are closed after them.
 */
export function setUpRedis() {
  let running: RunningRedis | undefined
  const links: RedisLink[] = []
  beforeAll(async () => {
    running = await startRedis()
  })
  afterAll(async () => {
    for (const link of links) await link.close()
    running?.client.disconnect()
    await running?.close()
  })
  const redis = (): RunningRedis => {
    if (!running) throw new Error('Redis ainda não subiu')
    return running
  }
  return {
    redis,
    link: (logger: Logger): RedisLink => {
      const link = connectRedis(redis().url, logger)
      links.push(link)
      return link
    },
  }
}
