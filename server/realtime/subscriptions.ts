import type { RequestMeta } from '../auth/identity'
import { validateSessionToken } from '../auth/session'
import type { Database } from '../db/client'
import { appError } from '../errors'
import { activeSuspension } from '../safety/sanctions'
import { BUS_GAP, type EventBus } from './bus'

/** A page needs a handful (account, chat); more from one connection is a bug or abuse. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 8

/** Takes one of the connection's subscription slots; the returned function gives it back (once). */
export function acquireSubscriptionSlot(request: RequestMeta): () => void {
  const counter = request.subscriptions
  if (!counter) return () => {}
  if (counter.active >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
    throw appError('TOO_MANY_REQUESTS', 'TOO_MANY_LIVE_UPDATES')
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

/** One listener on a member's account changes, shared by the live streams of one connection. */
type SuspensionWatch = NonNullable<NonNullable<RequestMeta['subscriptions']>['suspension']>

/**
 * Aborts its signal as soon as a moderator suspends the member or the account is deleted. The moderation
 * publishes that on the bus, so streams end on every instance at once instead of at their next event
 * (which may never come for a quiet member). The database is read once the listener is in place, for a
 * suspension given just before, and after a gap on the bus, when the message may have been lost.
 */
function watchSuspension({ db, bus, userId }: StreamScope): SuspensionWatch {
  const watching = new AbortController()
  const stop = () => watching.abort()
  const watch = async () => {
    const changes = bus.listen('account', userId, watching.signal)
    await changes.ready
    if (activeSuspension(db, userId)) return stop()
    for await (const change of changes) {
      const barred =
        change === BUS_GAP
          ? activeSuspension(db, userId) !== null
          : change.reason === 'suspended' || change.reason === 'deleted'
      if (barred) return stop()
    }
  }
  // Should the database fail, the streams end rather than outlive a suspension unseen.
  watch().catch(stop)
  return { userId, signal: watching.signal, streams: 0, stop }
}

/**
 * The signal a member's stream runs on: the call's own, ended as well when the member is suspended or
 * deleted. The streams of one WebSocket connection (chat, bell, badges) share one watch: a bus listener
 * each would be memory on every one of thousands of open sockets.
 */
export function endsWhenSuspended(scope: StreamScope, signal: AbortSignal | undefined): AbortSignal {
  const connection = scope.request.subscriptions
  const shared = connection?.suspension
  const watch =
    shared && shared.userId === scope.userId && !shared.signal.aborted ? shared : watchSuspension(scope)
  if (connection) connection.suspension = watch
  watch.streams += 1
  const ended = new AbortController()
  const end = () => ended.abort()
  const sources = [watch.signal, ...(signal ? [signal] : [])]
  for (const source of sources) source.addEventListener('abort', end, { once: true })
  ended.signal.addEventListener(
    'abort',
    () => {
      for (const source of sources) source.removeEventListener('abort', end)
      watch.streams -= 1
      if (watch.streams > 0 && !watch.signal.aborted) return
      watch.stop()
      if (connection?.suspension === watch) connection.suspension = undefined
    },
    { once: true },
  )
  if (sources.some((source) => source.aborted)) end()
  return ended.signal
}
