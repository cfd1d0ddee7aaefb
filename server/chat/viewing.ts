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
  let end = () => {}
  const ended = new Promise<void>((resolve) => {
    end = resolve
  })
  let leave = () => {}
  let unwatch = () => {}
  try {
    if (signal?.aborted) end()
    else signal?.addEventListener('abort', end, { once: true })
    unwatch = await endOnSuspension(scope, end)
    leave = presence?.enter(scope.userId, conversationId) ?? leave
    yield { open: true }
    await ended
  } finally {
    leave()
    unwatch()
    signal?.removeEventListener('abort', end)
    release()
  }
}
