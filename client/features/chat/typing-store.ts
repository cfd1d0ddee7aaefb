import { TYPING_INDICATOR_MS } from '@shared/chat'

/** Per conversation, who is typing and until when (epoch ms). Conversations have two people. */
export type TypingState = Readonly<Record<number, { userId: number; until: number }>>

export function withTyping(state: TypingState, conversationId: number, userId: number, until: number) {
  return { ...state, [conversationId]: { userId, until } }
}

/** Clears the indicator; with `userId`, only if that person is the one typing. */
export function withoutTyping(
  state: TypingState,
  conversationId: number,
  userId?: number | null,
): TypingState {
  const current = state[conversationId]
  if (!current || (userId != null && current.userId !== userId)) return state
  const { [conversationId]: _removed, ...rest } = state
  return rest
}

/** Who is typing in the conversation at `now`, or null. */
export function typingUserAt(state: TypingState, conversationId: number, now: number): number | null {
  const current = state[conversationId]
  return current && current.until > now ? current.userId : null
}

export type TypingStore = ReturnType<typeof createTypingStore>

/**
 * 'digitando...' for each conversation: shown on a typing event, gone `durationMs` after the last one
 * or as soon as that person's message arrives. Shaped for `useSyncExternalStore`.
 */
export function createTypingStore(durationMs: number = TYPING_INDICATOR_MS) {
  let state: TypingState = {}
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  const listeners = new Set<() => void>()

  const set = (next: TypingState) => {
    if (next === state) return
    state = next
    for (const listener of listeners) listener()
  }
  const cancel = (conversationId: number) => {
    clearTimeout(timers.get(conversationId))
    timers.delete(conversationId)
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: (): TypingState => state,
    typing(conversationId: number, userId: number) {
      cancel(conversationId)
      timers.set(
        conversationId,
        setTimeout(() => {
          timers.delete(conversationId)
          set(withoutTyping(state, conversationId, userId))
        }, durationMs),
      )
      set(withTyping(state, conversationId, userId, Date.now() + durationMs))
    },
    stopped(conversationId: number, userId: number | null) {
      const next = withoutTyping(state, conversationId, userId)
      if (next !== state) cancel(conversationId)
      set(next)
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      set({})
    },
  }
}
