import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { BUS_GAP, type BusSink, type BusTopic, type EventBus, queuedListener } from './bus'

type Listener = BusSink

/** What a listener joining an already subscribed channel awaits. */
const SUBSCRIBED = Promise.resolve()

/**
 * The event bus over Redis pub/sub, for several instances on the same data. `publisher` runs commands,
 * `subscriber` is a connection given over to SUBSCRIBE. One Redis channel per topic and key, subscribed
 * while someone on this instance listens; messages are JSON.
 *
 * When the subscriber's connection drops, messages published meanwhile are gone for this instance:
 * once it is back every channel is subscribed again and each listener gets BUS_GAP, so it can catch
 * up from the database (chat resumes from the last message id it delivered).
 */
export function createRedisBus({
  publisher,
  subscriber,
  logger,
  prefix = 'vupt:bus:',
}: {
  publisher: Redis
  subscriber: Redis
  logger: Logger
  prefix?: string
}): EventBus {
  /** The listeners of each subscribed channel: a set per channel, as few objects as the in-process bus. */
  const channels = new Map<string, Set<Listener>>()
  /** Listeners of a whole topic, by pattern (`vupt:bus:account:*`), subscribed with PSUBSCRIBE. */
  const patterns = new Map<string, Set<Listener>>()
  /** A SUBSCRIBE (PSUBSCRIBE) still on its way, awaited by the listeners that join meanwhile; gone once answered. */
  const subscribing = {
    channels: new Map<string, Promise<void>>(),
    patterns: new Map<string, Promise<void>>(),
  }
  let connectedBefore = false

  function deliver(listeners: Set<Listener> | undefined, channel: string, raw: string) {
    if (!listeners) return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch (error) {
      logger.warn({ err: error, channel }, 'mensagem ilegível no barramento')
      return
    }
    for (const listener of listeners) listener.push(message)
  }
  subscriber.on('message', (channel: string, raw: string) => deliver(channels.get(channel), channel, raw))
  subscriber.on('pmessage', (pattern: string, channel: string, raw: string) =>
    deliver(patterns.get(pattern), channel, raw),
  )
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true
      return
    }
    const names = [...channels.keys()]
    const globs = [...patterns.keys()]
    Promise.all([
      names.length > 0 ? subscriber.subscribe(...names) : undefined,
      globs.length > 0 ? subscriber.psubscribe(...globs) : undefined,
    ]).then(
      () => {
        logger.info({ channels: names.length + globs.length }, 'barramento de eventos reconectado')
        for (const listeners of [...channels.values(), ...patterns.values()]) {
          for (const listener of listeners) listener.push(BUS_GAP)
        }
      },
      (error: unknown) => logger.error({ err: error }, 'não foi possível assinar de novo os canais'),
    )
  })

  function subscribe(channel: string, pattern: boolean): Promise<void> {
    const pending = pattern ? subscribing.patterns : subscribing.channels
    const subscribed = (pattern ? subscriber.psubscribe(channel) : subscriber.subscribe(channel))
      .then(
        () => undefined,
        (error: unknown) => {
          // Offline: the channel is subscribed with the others once the connection is back.
          logger.warn({ err: error, channel }, 'assinatura de canal adiada')
        },
      )
      .finally(() => {
        if (pending.get(channel) === subscribed) pending.delete(channel)
      })
    pending.set(channel, subscribed)
    return subscribed
  }

  function add(channel: string, listener: Listener, pattern = false): Promise<void> {
    const entries = pattern ? patterns : channels
    const listeners = entries.get(channel)
    if (listeners) {
      listeners.add(listener)
      return (pattern ? subscribing.patterns : subscribing.channels).get(channel) ?? SUBSCRIBED
    }
    entries.set(channel, new Set([listener]))
    return subscribe(channel, pattern)
  }

  function remove(channel: string, listener: Listener, pattern = false) {
    const entries = pattern ? patterns : channels
    const listeners = entries.get(channel)
    if (!listeners) return
    listeners.delete(listener)
    if (listeners.size > 0) return
    entries.delete(channel)
    const unsubscribed = pattern ? subscriber.punsubscribe(channel) : subscriber.unsubscribe(channel)
    unsubscribed.catch((error: unknown) => {
      // A closed connection took its channels with it, and the map no longer names this one, so it is
      // not subscribed again on reconnection: nothing was left behind (the usual case at shutdown).
      if (subscriber.status !== 'ready') return
      logger.warn({ err: error, channel }, 'não foi possível cancelar a assinatura do canal')
    })
  }

  return {
    inCommitOrder: false,
    publish(topic, key, message) {
      const channel = `${prefix}${topic}:${key}`
      publisher.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
        logger.error({ err: error, channel }, 'evento não publicado no barramento')
      })
    },
    listen<T extends BusTopic>(topic: T, key: string | number, signal: AbortSignal) {
      const channel = `${prefix}${topic}:${key}`
      return queuedListener<T>(
        signal,
        (listener) => add(channel, listener),
        (listener) => remove(channel, listener),
      )
    },
    listenTopic<T extends BusTopic>(topic: T, signal: AbortSignal) {
      const pattern = `${prefix}${topic}:*`
      return queuedListener<T>(
        signal,
        (listener) => add(pattern, listener, true),
        (listener) => remove(pattern, listener, true),
      )
    },
  }
}
