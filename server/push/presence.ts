import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'

/**
 * Which conversations a member has open on a page right now, on any instance: a chat push goes out only
 * when none is. A page holds its presence while its thread is mounted (a live subscription), so a
 * closed tab, a dropped socket or a crashed instance ends it.
 */
export interface ConversationPresence {
  /** Marks the conversation open for the member until the returned function is called. */
  enter(userId: number, conversationId: number): () => void
  isOpen(userId: number, conversationId: number): Promise<boolean>
  stop(): void
}

const keyOf = (userId: number, conversationId: number) => `${userId}:${conversationId}`

/** One instance: a count of open pages per member and conversation. */
export function createLocalPresence(): ConversationPresence {
  const open = new Map<string, number>()
  return {
    enter(userId, conversationId) {
      const key = keyOf(userId, conversationId)
      open.set(key, (open.get(key) ?? 0) + 1)
      let left = false
      return () => {
        if (left) return
        left = true
        const remaining = (open.get(key) ?? 1) - 1
        if (remaining > 0) open.set(key, remaining)
        else open.delete(key)
      }
    },
    isOpen: async (userId, conversationId) => (open.get(keyOf(userId, conversationId)) ?? 0) > 0,
    stop() {},
  }
}

/** How long an entry outlives its instance's last renewal: a crashed instance's pages stop counting. */
const PRESENCE_TTL_MS = 90_000
const RENEW_EVERY_MS = 30_000

/**
 * Several instances: each open page is a member of a sorted set per member and conversation, scored by
 * when it expires; the instance renews its own entries while they are open and removes them on close.
 */
export function createRedisPresence(
  redis: Redis,
  logger: Logger,
  prefix = 'vupt:presence:',
): ConversationPresence {
  const local = createLocalPresence()
  const instance = randomUUID()
  /** This instance's entries: Redis key → member names. */
  const held = new Map<string, Set<string>>()
  let sequence = 0
  const renew = () => {
    const expires = Date.now() + PRESENCE_TTL_MS
    const batch = redis.multi()
    for (const [key, members] of held) {
      for (const member of members) batch.zadd(key, expires, member)
      batch.pexpire(key, PRESENCE_TTL_MS)
    }
    if (held.size > 0)
      batch.exec().catch((error: unknown) => logger.warn({ err: error }, 'presença não renovada'))
  }
  const timer = setInterval(renew, RENEW_EVERY_MS)
  timer.unref()
  return {
    enter(userId, conversationId) {
      const leaveLocal = local.enter(userId, conversationId)
      const key = `${prefix}${keyOf(userId, conversationId)}`
      const member = `${instance}:${++sequence}`
      const members = held.get(key) ?? new Set()
      held.set(key, members)
      members.add(member)
      redis
        .multi()
        .zadd(key, Date.now() + PRESENCE_TTL_MS, member)
        .pexpire(key, PRESENCE_TTL_MS)
        .exec()
        .catch((error: unknown) => logger.warn({ err: error }, 'presença não registrada'))
      return () => {
        if (!members.delete(member)) return
        leaveLocal()
        if (members.size === 0) held.delete(key)
        redis
          .zrem(key, member)
          .catch((error: unknown) => logger.warn({ err: error }, 'presença não removida'))
      }
    },
    async isOpen(userId, conversationId) {
      if (await local.isOpen(userId, conversationId)) return true
      try {
        const open = await redis.zcount(`${prefix}${keyOf(userId, conversationId)}`, Date.now(), '+inf')
        return open > 0
      } catch (error) {
        // Unknown: a push too many beats a message nobody hears of.
        logger.warn({ err: error }, 'presença não consultada')
        return false
      }
    },
    stop() {
      clearInterval(timer)
    },
  }
}
