import { EventEmitter, on } from 'node:events'
import type { ChatPhoto } from '../../shared/chat'
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
  publish<T extends BusTopic>(topic: T, key: string | number, message: BusMessages[T]): void
  listen<T extends BusTopic>(topic: T, key: string | number, signal: AbortSignal): BusListener<T>
}

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    publish(topic, key, message) {
      emitter.emit(`${topic}:${key}`, message)
    },
    listen<T extends BusTopic>(topic: T, key: string | number, signal: AbortSignal) {
      // on() subscribes right now and buffers, so nothing published before the first next() is lost.
      const source = on(emitter, `${topic}:${key}`, { signal })
      const iterator: AsyncIterator<BusMessages[T]> = {
        async next() {
          try {
            const result = await source.next()
            return result.done
              ? { done: true, value: undefined }
              : { done: false, value: (result.value as [BusMessages[T]])[0] }
          } catch (error) {
            if (signal.aborted) return { done: true, value: undefined }
            throw error
          }
        },
        async return() {
          await source.return?.()
          return { done: true, value: undefined }
        },
      }
      return { [Symbol.asyncIterator]: () => iterator, ready: Promise.resolve() }
    },
  }
}
