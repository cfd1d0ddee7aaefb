import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { sanctions } from '../../server/db/schema'
import { connectRedis } from '../../server/ops/redis'
import type { EventBus } from '../../server/realtime/bus'
import { createRedisBus } from '../../server/realtime/redis-bus'
import { endOnSuspension } from '../../server/realtime/subscriptions'
import { setUpRedis } from '../support/redis'
import { createMember, setUpTestWorld } from '../support/test-app'

const logger = pino({ level: 'silent' })
const world = setUpTestWorld({ scope: 'file' })

const { redis, link: instanceLink } = setUpRedis()

/** One instance's bus over the shared Redis, on connections of its own. */
function instanceBus(): EventBus {
  const link = instanceLink(logger)
  return createRedisBus({ publisher: link.publisher, subscriber: link.subscriber, logger })
}

async function until(what: string, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`esperando ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the Redis bus', () => {
  it('a whole-topic listener hears what another instance publishes under any key, and stops hearing once ended', async () => {
    const one = instanceBus()
    const two = instanceBus()
    const stop = new AbortController()
    const listener = one.listenTopic('account', stop.signal)
    await listener.ready
    const heard = listener[Symbol.asyncIterator]()

    two.publish('account', 7, { userId: 7, reason: 'roles' })
    two.publish('account', 8, { userId: 8, reason: 'suspended' })
    two.publish('chat', 7, { type: 'typing', conversationId: 1, userId: 7 })

    expect(await heard.next()).toEqual({ done: false, value: { userId: 7, reason: 'roles' } })
    expect(await heard.next()).toEqual({ done: false, value: { userId: 8, reason: 'suspended' } })
    stop.abort()
    expect(await heard.next()).toEqual({ done: true, value: undefined })
    await until(
      'o fim da assinatura do padrão',
      async () => Number(await redis().client.call('PUBSUB', 'NUMPAT')) === 0,
    )
  })

  it('listeners of one key share its channel: one that joins while it is being subscribed waits for it, one that joins later is ready at once, and it stays until the last ends', async () => {
    const one = instanceBus()
    const two = instanceBus()
    const channels = async () =>
      (await redis().client.call('PUBSUB', 'CHANNELS', 'vupt:bus:chat:41')) as string[]
    const stopFirst = new AbortController()
    const first = one.listen('chat', 41, stopFirst.signal)
    const second = one.listen('chat', 41, new AbortController().signal)
    await second.ready
    expect(await channels()).toEqual(['vupt:bus:chat:41'])
    await first.ready
    const third = one.listen('chat', 41, new AbortController().signal)
    await third.ready

    two.publish('chat', 41, { type: 'typing', conversationId: 1, userId: 5 })
    for (const listener of [first, second, third]) {
      expect(await listener[Symbol.asyncIterator]().next()).toEqual({
        done: false,
        value: { type: 'typing', conversationId: 1, userId: 5 },
      })
    }
    stopFirst.abort()
    two.publish('chat', 41, { type: 'typing', conversationId: 1, userId: 6 })
    expect(await second[Symbol.asyncIterator]().next()).toEqual({
      done: false,
      value: { type: 'typing', conversationId: 1, userId: 6 },
    })
    expect(await channels()).toEqual(['vupt:bus:chat:41'])
  })

  it("ends a member's streams on one instance when another suspends them, and after an outage from the database", async () => {
    const one = instanceBus()
    const two = instanceBus()
    const suspended = await createMember(world)
    const bystander = await createMember(world)
    const ended: number[] = []
    const watch = (userId: number) =>
      endOnSuspension({ db: world.db, bus: one, request: { ip: null, userAgent: null }, userId }, () =>
        ended.push(userId),
      )
    await watch(suspended.id)
    const unwatchBystander = await watch(bystander.id)

    two.publish('account', suspended.id, { userId: suspended.id, reason: 'suspended' })
    await until('o fim do stream do suspenso', () => ended.length > 0)
    expect(ended).toEqual([suspended.id])

    // A suspension given while Redis is down reaches this instance as a gap, and the database tells.
    await redis().stop()
    world.db
      .insert(sanctions)
      .values({
        userId: bystander.id,
        kind: 'suspension',
        reason: 'Golpe no chat',
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .run()
    await redis().start()
    await until('o fim do stream depois da queda', () => ended.length > 1)
    expect(ended).toEqual([suspended.id, bystander.id])
    unwatchBystander()
  })

  it('a listener ended after its connections closed writes nothing to them (no EPIPE at shutdown)', async () => {
    const warnings: unknown[] = []
    const watched = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) })
    const link = connectRedis(redis().url, watched)
    const bus = createRedisBus({ publisher: link.publisher, subscriber: link.subscriber, logger: watched })
    const stop = new AbortController()
    const listener = bus.listen('chat', 1, stop.signal)
    await listener.ready

    await link.close()
    stop.abort()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(warnings).toEqual([])
  })
})
