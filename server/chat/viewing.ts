import type { ConversationPresence } from '../push/presence'
import { acquireSubscriptionSlot, endOnSuspension, type StreamScope } from '../realtime/subscriptions'
import { participantConversation } from './conversations'

/**
 * Held by a page while it shows a conversation: as long as it is open, on any instance, the member's
 * devices get no push for messages of that conversation (they are reading it). Yields once, then waits.
 */
export async function* conversationViewing(
  scope: StreamScope,
  presence: ConversationPresence | undefined,
  conversationId: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<{ open: true }> {
  participantConversation(scope.db, scope.userId, conversationId)
  const release = acquireSubscriptionSlot(scope.request)
  let leave = () => {}
  let unwatch = () => {}
  try {
    const ended = new Promise<void>((resolve) => {
      if (signal?.aborted) resolve()
      signal?.addEventListener('abort', () => resolve(), { once: true })
      unwatch = () => {}
      void endOnSuspension(scope, resolve).then((stop) => {
        unwatch = stop
      })
    })
    leave = presence?.enter(scope.userId, conversationId) ?? leave
    yield { open: true }
    await ended
  } finally {
    leave()
    unwatch()
    release()
  }
}
