import type { Database } from '../db/client'
import { appError } from '../errors'
import type { RequestMeta } from '../people/auth/identity'
import { validateSessionToken } from '../people/auth/session'
import { activeSuspension } from '../safety/sanctions'
import { BUS_GAP, type EventBus } from './bus'

/** A page needs a handful (account, chat); more from one connection is a bug or abuse. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 8

/** Takes one of the connection's subscription slots; the returned function gives it back (once). */
export function acquireSubscriptionSlot(request: RequestMeta): () => void {
  const counter = request.subscriptions
  if (!counter) return () => {}
  if (counter.active >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
    throw appError('TOO_MANY_LIVE_UPDATES')
  }
  counter.active += 1
  if (counter.all) counter.all.active += 1
  let released = false
  return () => {
    if (released) return
    released = true
    counter.active -= 1
    if (counter.all) counter.all.active -= 1
  }
}

/** For a long-lived subscription: false once the WebSocket's session was ended (sign-out, password reset). */
export function sessionStillValid(db: Database, request: RequestMeta): boolean {
  if (request.sessionToken === undefined) return true
  return request.sessionToken !== null && validateSessionToken(db, request.sessionToken) !== null
}

/** What a live stream reads while it waits: the database, the bus, the connection and who is listening. */
export type StreamScope = { db: Database; bus: EventBus; request: RequestMeta; userId: number }

/**
 * A stream's scope taken from the call's context. A generator keeps its arguments for as long as it
 * lives, and the context carries the member and the session as read at the start: on thousands of open
 * sockets that is memory for nothing, so streams get this instead.
 */
export function streamScope(ctx: Omit<StreamScope, 'userId'> & { user: { id: number } }): StreamScope {
  return { db: ctx.db, bus: ctx.bus, request: ctx.request, userId: ctx.user.id }
}

/**
 * The members whose live streams end on a suspension, watched by one listener on the whole `account`
 * topic per bus (so per process): a listener and an abort signal per stream would be memory on every
 * one of thousands of open sockets. Each member maps to the functions that end their open streams.
 */
type SuspensionWatch = { ends: Map<number, Set<() => void>>; ready: Promise<void>; stop: () => void }

const suspensionWatches = new WeakMap<EventBus, SuspensionWatch>()

function startSuspensionWatch(db: Database, bus: EventBus): SuspensionWatch {
  const listening = new AbortController()
  const changes = bus.listenTopic('account', listening.signal)
  const ends = new Map<number, Set<() => void>>()
  const endStreamsOf = (userId: number) => {
    for (const end of [...(ends.get(userId) ?? [])]) end()
  }
  const watch: SuspensionWatch = {
    ends,
    ready: changes.ready,
    stop() {
      if (suspensionWatches.get(bus) === watch) suspensionWatches.delete(bus)
      listening.abort()
    },
  }
  const listen = async () => {
    for await (const change of changes) {
      if (change !== BUS_GAP) {
        if (change.reason === 'suspended' || change.reason === 'deleted') endStreamsOf(change.userId)
        continue
      }
      // The message may have been lost while the bus was down: the database says who is suspended now.
      for (const userId of [...ends.keys()]) if (activeSuspension(db, userId)) endStreamsOf(userId)
    }
  }
  // Should the database fail, the streams end rather than outlive a suspension unseen.
  listen().catch(() => {
    watch.stop()
    for (const userId of [...ends.keys()]) endStreamsOf(userId)
  })
  return watch
}

/**
 * Calls `end` (once) as soon as a moderator suspends the member or the account is deleted, on any
 * instance: the moderation publishes that on the bus, so a stream ends at once instead of at its next
 * event (which may never come for a quiet member). Resolves once the watch hears the bus, after reading
 * the database for a suspension given just before. The stream calls the returned function when it ends.
 */
export async function endOnSuspension(
  { db, bus, userId }: StreamScope,
  end: () => void,
): Promise<() => void> {
  let watch = suspensionWatches.get(bus)
  if (!watch) {
    watch = startSuspensionWatch(db, bus)
    suspensionWatches.set(bus, watch)
  }
  const { ends, stop } = watch
  const ofMember = ends.get(userId) ?? new Set()
  ends.set(userId, ofMember)
  const unwatch = () => {
    if (!ofMember.delete(endOnce) || ofMember.size > 0) return
    ends.delete(userId)
    if (ends.size === 0) stop()
  }
  const endOnce = () => {
    if (!ofMember.has(endOnce)) return
    unwatch()
    end()
  }
  ofMember.add(endOnce)
  try {
    await watch.ready
    if (activeSuspension(db, userId)) endOnce()
  } catch (error) {
    unwatch()
    throw error
  }
  return unwatch
}
