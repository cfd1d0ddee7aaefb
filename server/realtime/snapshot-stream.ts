import type { BusTopic } from './bus'
import {
  acquireSubscriptionSlot,
  endOnSuspension,
  type StreamScope,
  sessionStillValid,
} from './subscriptions'

/**
 * A subscription that sends `read(scope)` at once and again after each message of `topic` for `key` on
 * the bus, while the session stays valid. It holds a slot of the connection, and ends as soon as the
 * member is suspended. With `waitUntilListening`, the first value waits until the bus delivers to this
 * stream, so that a change published in between is followed by a value that has it.
 */
export async function* snapshotStream<T>(
  scope: StreamScope,
  topic: BusTopic,
  key: number,
  signal: AbortSignal | undefined,
  read: (scope: StreamScope) => T,
  { waitUntilListening = false }: { waitUntilListening?: boolean } = {},
): AsyncGenerator<T> {
  const { bus, db, request } = scope
  const release = acquireSubscriptionSlot(request)
  let unwatch = () => {}
  let live: AsyncIterator<unknown> | undefined
  try {
    const changes = bus.listen(topic, key, signal ?? new AbortController().signal)
    live = changes[Symbol.asyncIterator]()
    unwatch = await endOnSuspension(scope, () => void live?.return?.())
    if (waitUntilListening) await changes.ready
    yield read(scope)
    while (!(await live.next()).done) {
      if (!sessionStillValid(db, request)) break
      yield read(scope)
    }
  } finally {
    unwatch()
    // As a for-await loop would: a stream that stops on its own leaves the bus at once.
    void live?.return?.()
    release()
  }
}
