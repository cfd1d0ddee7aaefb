import { BUS_GAP, type ChatEvent } from '../realtime/bus'
import {
  acquireSubscriptionSlot,
  endOnSuspension,
  type StreamScope,
  sessionStillValid,
} from '../realtime/subscriptions'
import { hasMessageBetween, latestMessageId, missedMessageEvents } from './messages'

/**
 * The member's live chat: messages, receipts and typing, each with the id a resumed subscription passes
 * back as `lastEventId` (a message's own id; for receipts and typing, the last message's).
 */
export async function* chatEventStream(
  scope: StreamScope,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<{ id: string; event: ChatEvent }> {
  const { db, bus, request, userId } = scope
  const release = acquireSubscriptionSlot(request)
  let unwatch = () => {}
  try {
    // A fresh subscription starts from the newest message when it was asked for; a resumed one from
    // the last it saw. Listening starts before the backlog is read, so nothing sent in between is
    // lost; what arrives both ways is skipped by id.
    const resumeFrom = Number(lastEventId ?? 0) || latestMessageId(db)
    const listener = bus.listen('chat', userId, signal ?? new AbortController().signal)
    const live = listener[Symbol.asyncIterator]()
    unwatch = await endOnSuspension(scope, () => void live.return?.())
    await listener.ready
    const backlog: ChatEvent[] = missedMessageEvents(db, userId, resumeFrom)
    let lastId = resumeFrom
    // Only another instance can announce a message after a later one; one process publishes in order.
    const announcedEarly = (id: number) =>
      !bus.inCommitOrder && id > lastId && hasMessageBetween(db, userId, lastId, id)
    while (!signal?.aborted) {
      let event = backlog.shift()
      if (!event) {
        const next = await live.next()
        if (next.done) break
        if (!sessionStillValid(db, request)) break
        if (next.value === BUS_GAP) {
          // Live events were lost while the bus was down: what was sent meanwhile comes from the database.
          backlog.push(...missedMessageEvents(db, userId, lastId))
          continue
        }
        event = next.value
        if (event.type === 'message' && announcedEarly(event.message.id)) {
          // An earlier message is still on its way from another instance: read both in id order.
          backlog.push(...missedMessageEvents(db, userId, lastId))
          continue
        }
      }
      if (event.type === 'message') {
        if (event.message.id <= lastId) continue
        lastId = event.message.id
        yield { id: String(event.message.id), event }
      } else {
        // Receipts and typing are not replayed; they carry the last message id so resuming stays correct.
        yield { id: String(lastId), event }
      }
    }
  } finally {
    unwatch()
    release()
  }
}
