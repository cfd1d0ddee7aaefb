import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { BUS_GAP, type BusSink, type BusTopic, type EventBus, queuedListener } from './bus'

type Listener = BusSink

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
  const channels = new Map<string, { listeners: Set<Listener>; subscribed: Promise<void> }>()
  let connectedBefore = false

  subscriber.on('message', (channel: string, raw: string) => {
    const entry = channels.get(channel)
    if (!entry) return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch (error) {
      logger.warn({ err: error, channel }, 'mensagem ilegível no barramento')
      return
    }
    for (const listener of entry.listeners) listener.push(message)
  })
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true
      return
    }
    const names = [...channels.keys()]
    const resubscribed = names.length > 0 ? subscriber.subscribe(...names) : Promise.resolve()
    resubscribed.then(
      () => {
        logger.info({ channels: names.length }, 'barramento de eventos reconectado')
        for (const entry of channels.values()) for (const listener of entry.listeners) listener.push(BUS_GAP)
      },
      (error: unknown) => logger.error({ err: error }, 'não foi possível assinar de novo os canais'),
    )
  })

  function subscribe(channel: string): Promise<void> {
    return subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => {
        // Offline: the channel is subscribed with the others once the connection is back.
        logger.warn({ err: error, channel }, 'assinatura de canal adiada')
      },
    )
  }

  function add(channel: string, listener: Listener): Promise<void> {
    let entry = channels.get(channel)
    if (!entry) {
      entry = { listeners: new Set(), subscribed: subscribe(channel) }
      channels.set(channel, entry)
    }
    entry.listeners.add(listener)
    return entry.subscribed
  }

  function remove(channel: string, listener: Listener) {
    const entry = channels.get(channel)
    if (!entry) return
    entry.listeners.delete(listener)
    if (entry.listeners.size > 0) return
    channels.delete(channel)
    subscriber.unsubscribe(channel).catch((error: unknown) => {
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
  }
}
