import type { ChatPhoto } from '../../shared/chat'
import type { MeetingView } from '../../shared/meetings'
import type { OfferView } from '../../shared/offers'
import type { ScamSignal } from '../../shared/safety'

/**
 * What travels on the bus, by topic. Topics carry an id suffix: `account:42`. Every message is plain
 * JSON (dates as ISO text), so it crosses Redis unchanged and reaches the client as it was published.
 */
export type ChatEvent =
  | {
      type: 'message'
      conversationId: number
      message: {
        id: number
        senderId: number | null
        content: string
        read: boolean
        createdAt: string
        /** In the order the sender chose; served only to the conversation's two members. */
        photos: ChatPhoto[]
        /** Scam signals, for the recipient only (the sender's copy has none). */
        warnings: ScamSignal[]
      }
    }
  /** The reader has read every message of the other party up to `upToId`. */
  | { type: 'read'; conversationId: number; readerId: number; upToId: number }
  | { type: 'typing'; conversationId: number; userId: number }
  /** A meeting of the conversation was proposed or changed status (agreed, cancelled, confirmed, lapsed). */
  | { type: 'meeting'; conversationId: number; meeting: MeetingView }
  /** An offer of the conversation was made or changed status (answered, expired, closed). */
  | { type: 'offer'; conversationId: number; offer: OfferView }

export type BusMessages = {
  /** Something about the user's own account changed (approval, roles, profile). */
  account: { userId: number; reason: 'approved' | 'roles' | 'profile' | 'deleted' | 'suspended' }
  /** Chat activity for one user, keyed by that user's id. */
  chat: ChatEvent
  /** Something the admin badges count changed in a community, keyed by community id. */
  admin: { communityId: number }
  /** The member's notifications changed (a new one, or read elsewhere), keyed by user id. */
  notifications: { userId: number }
}
export type BusTopic = keyof BusMessages

/**
 * Yielded by a listener when messages may have been missed (the link to the other instances was down
 * and is back): whoever keeps state from the bus reads it again from the database.
 */
export const BUS_GAP: unique symbol = Symbol('bus-gap')

export type BusListener<T extends BusTopic> = AsyncIterable<BusMessages[T] | typeof BUS_GAP> & {
  /** Resolves once messages published from now on reach this listener (at once in process). */
  ready: Promise<void>
}

/**
 * Fan-out between the parts of the app. The in-process implementation serves one instance;
 * the Redis pub/sub one (redis-bus.ts) serves several.
 */
export interface EventBus {
  /**
   * True when listeners hear messages in the order the database committed them: one process publishing
   * right after its own commits. False when other instances publish too, and a message may be announced
   * after a later one.
   */
  readonly inCommitOrder: boolean
  publish<T extends BusTopic>(topic: T, key: string | number, message: BusMessages[T]): void
  listen<T extends BusTopic>(topic: T, key: string | number, signal: AbortSignal): BusListener<T>
  /**
   * Every message of a topic, whatever its key: for a watch the process keeps once for everyone
   * (the members whose streams end on a suspension) instead of a listener per member.
   */
  listenTopic<T extends BusTopic>(topic: T, signal: AbortSignal): BusListener<T>
}

/** The publishing side of one listener: what the bus hands it, BUS_GAP included. */
export type BusSink = { push: (item: unknown) => void }

/** One settled promise for every listener that is heard at once. */
const ATTACHED = Promise.resolve()

/**
 * A listener as an async iterator over a plain array: messages wait in order until read, and the
 * abort signal ends it. Lighter than `events.on()`, whose two fixed queues cost about 32 KiB per
 * listener: with thousands of open connections, each with its subscriptions, that was most of the
 * memory of a connection. One object is the sink, the iterator and the abort handler, rather than a
 * closure for each role. `attach` registers the sink (resolving once it receives), `detach` undoes it.
 */
class QueuedListener<T extends BusTopic>
  implements BusSink, AsyncIterator<BusMessages[T] | typeof BUS_GAP>, EventListenerObject
{
  private queue: (BusMessages[T] | typeof BUS_GAP)[] = []
  private waiting: ((result: IteratorResult<BusMessages[T] | typeof BUS_GAP>) => void) | null = null
  private done: boolean
  readonly ready: Promise<void>

  constructor(
    private readonly signal: AbortSignal,
    attach: (sink: BusSink) => Promise<void>,
    private readonly detach: (sink: BusSink) => void,
  ) {
    this.done = signal.aborted
    this.ready = this.done ? ATTACHED : attach(this)
    if (!this.done) signal.addEventListener('abort', this, { once: true })
  }

  push(item: unknown) {
    const resolve = this.waiting
    if (resolve) {
      this.waiting = null
      resolve({ done: false, value: item as BusMessages[T] | typeof BUS_GAP })
    } else this.queue.push(item as BusMessages[T] | typeof BUS_GAP)
  }

  /** The signal aborted. */
  handleEvent() {
    this.finish()
  }

  private finish() {
    if (this.done) return
    this.done = true
    this.detach(this)
    this.signal.removeEventListener('abort', this)
    this.waiting?.({ done: true, value: undefined })
    this.waiting = null
  }

  next(): Promise<IteratorResult<BusMessages[T] | typeof BUS_GAP>> {
    if (this.queue.length > 0) {
      return Promise.resolve({ done: false, value: this.queue.shift() as BusMessages[T] | typeof BUS_GAP })
    }
    if (this.done) return Promise.resolve({ done: true, value: undefined })
    return new Promise((resolve) => {
      this.waiting = resolve
    })
  }

  return(): Promise<IteratorResult<BusMessages[T] | typeof BUS_GAP>> {
    this.finish()
    return Promise.resolve({ done: true, value: undefined })
  }

  [Symbol.asyncIterator]() {
    return this
  }
}

export function queuedListener<T extends BusTopic>(
  signal: AbortSignal,
  attach: (sink: BusSink) => Promise<void>,
  detach: (sink: BusSink) => void,
): BusListener<T> {
  return new QueuedListener<T>(signal, attach, detach)
}

export function createInProcessBus(): EventBus {
  /** One channel per topic and key (`chat:42`), and `topic:*` for the listeners of a whole topic. */
  const channels = new Map<string, Set<BusSink>>()
  const deliver = (channel: string, message: unknown) => {
    const sinks = channels.get(channel)
    if (sinks) for (const sink of sinks) sink.push(message)
  }
  const listenOn = <T extends BusTopic>(channel: string, signal: AbortSignal) =>
    queuedListener<T>(
      signal,
      (sink) => {
        let sinks = channels.get(channel)
        if (!sinks) {
          sinks = new Set()
          channels.set(channel, sinks)
        }
        sinks.add(sink)
        return ATTACHED
      },
      (sink) => {
        const sinks = channels.get(channel)
        sinks?.delete(sink)
        if (sinks?.size === 0) channels.delete(channel)
      },
    )
  return {
    inCommitOrder: true,
    publish(topic, key, message) {
      deliver(`${topic}:${key}`, message)
      deliver(`${topic}:*`, message)
    },
    listen<T extends BusTopic>(topic: T, key: string | number, signal: AbortSignal) {
      return listenOn<T>(`${topic}:${key}`, signal)
    },
    listenTopic<T extends BusTopic>(topic: T, signal: AbortSignal) {
      return listenOn<T>(`${topic}:*`, signal)
    },
  }
}
