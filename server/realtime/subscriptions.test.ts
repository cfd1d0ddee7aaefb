import { describe, expect, it, vi } from 'vitest'
import { setUpTestWorld } from '../../tests/support/test-app'
import { createStudent } from '../db/factories'
import { sanctions } from '../db/schema'
import { BUS_GAP, type BusListener, type BusMessages, type EventBus } from './bus'
import { endOnSuspension } from './subscriptions'

const world = setUpTestWorld()

type AccountItem = BusMessages['account'] | typeof BUS_GAP

/** One listener on the whole `account` topic, fed by the test: messages, a gap, or a failure. */
type TopicWatch = { push: (item: AccountItem) => void; fail: (error: Error) => void; stopped: boolean }

/** A bus whose `account` topic the test drives, keeping every topic listener opened on it. */
function drivenBus() {
  const watches: TopicWatch[] = []
  const bus: EventBus = {
    inCommitOrder: true,
    publish: () => undefined,
    listen: () => {
      throw new Error('a suspensão escuta o tópico inteiro')
    },
    listenTopic<T extends keyof BusMessages>(_topic: T, signal: AbortSignal) {
      const queue: AccountItem[] = []
      let failure: Error | null = null
      let waiting: {
        resolve: (result: IteratorResult<AccountItem>) => void
        reject: (e: Error) => void
      } | null = null
      const watch: TopicWatch = {
        stopped: false,
        push(item) {
          if (waiting) waiting.resolve({ done: false, value: item })
          else queue.push(item)
          waiting = null
        },
        fail(error) {
          if (waiting) waiting.reject(error)
          else failure = error
          waiting = null
        },
      }
      signal.addEventListener('abort', () => {
        watch.stopped = true
        waiting?.resolve({ done: true, value: undefined })
        waiting = null
      })
      watches.push(watch)
      const next = (): Promise<IteratorResult<AccountItem>> => {
        if (failure) return Promise.reject(failure)
        const item = queue.shift()
        if (item !== undefined) return Promise.resolve({ done: false, value: item })
        if (watch.stopped) return Promise.resolve({ done: true, value: undefined })
        return new Promise((resolve, reject) => {
          waiting = { resolve, reject }
        })
      }
      return { ready: Promise.resolve(), [Symbol.asyncIterator]: () => ({ next }) } as BusListener<T>
    },
  }
  return { bus, watches }
}

/** A member's open stream, watched for a suspension: whether it was ended, and how it stops watching. */
async function openStream(bus: EventBus, userId: number) {
  const stream: { ended: boolean; unwatch: () => void } = { ended: false, unwatch: () => undefined }
  stream.unwatch = await endOnSuspension(
    { db: world.db, bus, request: { ip: null, userAgent: null }, userId },
    () => {
      stream.ended = true
    },
  )
  return stream
}

async function members(count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => (await createStudent(world.db, { member: true })).id),
  )
}

function suspendInDatabase(userId: number) {
  world.db
    .insert(sanctions)
    .values({ userId, kind: 'suspension', reason: 'Assédio', endsAt: new Date(Date.now() + 86_400_000) })
    .run()
}

describe('o fim dos streams de quem é suspenso', () => {
  it('só suspensão e exclusão encerram os streams, e só os da própria pessoa', async () => {
    const { bus, watches } = drivenBus()
    const [ana = 0, bia = 0, caio = 0] = await members(3)
    const anaStream = await openStream(bus, ana)
    const biaStream = await openStream(bus, bia)
    const watch = watches[0]
    for (const reason of ['approved', 'roles', 'profile'] as const) watch?.push({ userId: ana, reason })
    // Someone with no open stream is suspended: nothing of anyone else ends.
    watch?.push({ userId: caio, reason: 'suspended' })
    watch?.push({ userId: bia, reason: 'suspended' })
    await vi.waitFor(() => expect(biaStream.ended).toBe(true))
    expect(anaStream.ended).toBe(false)
    watch?.push({ userId: ana, reason: 'deleted' })
    await vi.waitFor(() => expect(anaStream.ended).toBe(true))
  })

  it('depois de uma falha do barramento, o banco diz quem foi suspenso enquanto isso', async () => {
    const { bus, watches } = drivenBus()
    const [ana = 0, bia = 0] = await members(2)
    const anaStream = await openStream(bus, ana)
    const biaStream = await openStream(bus, bia)
    suspendInDatabase(ana)
    watches[0]?.push(BUS_GAP)
    await vi.waitFor(() => expect(anaStream.ended).toBe(true))
    expect(biaStream.ended).toBe(false)
    // The watch goes on listening after the gap.
    watches[0]?.push({ userId: bia, reason: 'suspended' })
    await vi.waitFor(() => expect(biaStream.ended).toBe(true))
  })

  it('uma escuta só por barramento, que se encerra com o último stream e volta com o próximo', async () => {
    const { bus, watches } = drivenBus()
    const [ana = 0, bia = 0] = await members(2)
    const streams = [await openStream(bus, ana), await openStream(bus, ana), await openStream(bus, bia)]
    expect(watches).toHaveLength(1)
    for (const stream of streams) stream.unwatch()
    expect(watches[0]?.stopped).toBe(true)
    await openStream(bus, bia)
    expect(watches.map((watch) => watch.stopped)).toEqual([true, false])
  })

  it('se a escuta falha, os streams terminam em vez de sobreviver a uma suspensão sem aviso', async () => {
    const { bus, watches } = drivenBus()
    const [ana = 0, bia = 0] = await members(2)
    const streams = [await openStream(bus, ana), await openStream(bus, bia)]
    watches[0]?.fail(new Error('o banco caiu'))
    await vi.waitFor(() => expect(streams.map((stream) => stream.ended)).toEqual([true, true]))
    expect(watches[0]?.stopped).toBe(true)
    // The next stream starts a watch of its own.
    const next = await openStream(bus, ana)
    expect(watches).toHaveLength(2)
    watches[1]?.push({ userId: ana, reason: 'suspended' })
    await vi.waitFor(() => expect(next.ended).toBe(true))
  })

  it('quem já está suspenso ao abrir o stream o tem encerrado na hora', async () => {
    const { bus } = drivenBus()
    const [ana = 0] = await members(1)
    suspendInDatabase(ana)
    expect((await openStream(bus, ana)).ended).toBe(true)
  })
})
