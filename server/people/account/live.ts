import { BUS_GAP } from '../../realtime/bus'
import { acquireSubscriptionSlot, type StreamScope, sessionStillValid } from '../../realtime/subscriptions'

/** Tells the member's open pages that their account changed (approval, roles, profile), without polling. */
export async function* accountChangeStream(
  { db, bus, request, userId }: StreamScope,
  signal: AbortSignal | undefined,
) {
  const release = acquireSubscriptionSlot(request)
  const stop = signal ?? new AbortController().signal
  try {
    for await (const message of bus.listen('account', userId, stop)) {
      if (!sessionStillValid(db, request)) break
      // After a gap the change is unknown: the page reads the account again, as for a profile change.
      yield { reason: message === BUS_GAP ? ('profile' as const) : message.reason }
    }
  } finally {
    release()
  }
}
