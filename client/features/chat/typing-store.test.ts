import { TYPING_INDICATOR_MS } from '@shared/chat'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTypingStore, typingUserAt, withoutTyping, withTyping } from './typing-store'

describe('typing state', () => {
  it('knows who is typing until the time runs out', () => {
    const state = withTyping({}, 7, 2, 1000)
    expect(typingUserAt(state, 7, 999)).toBe(2)
    expect(typingUserAt(state, 7, 1000)).toBeNull()
    expect(typingUserAt(state, 8, 0)).toBeNull()
  })

  it('clears only the person who is typing', () => {
    const state = withTyping({}, 7, 2, 1000)
    expect(withoutTyping(state, 7, 3)).toBe(state)
    expect(withoutTyping(state, 7, 2)).toEqual({})
    expect(withoutTyping(state, 9)).toBe(state)
  })
})

describe('createTypingStore', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const typingNow = (store: ReturnType<typeof createTypingStore>, conversationId: number) =>
    typingUserAt(store.getSnapshot(), conversationId, Date.now())

  it('shows the indicator on a typing event and clears it 3 s after the last one', () => {
    const store = createTypingStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.typing(7, 2)
    expect(typingNow(store, 7)).toBe(2)
    vi.advanceTimersByTime(TYPING_INDICATOR_MS - 500)
    store.typing(7, 2)
    vi.advanceTimersByTime(TYPING_INDICATOR_MS - 1)
    expect(typingNow(store, 7)).toBe(2)
    vi.advanceTimersByTime(1)
    expect(typingNow(store, 7)).toBeNull()
    expect(store.getSnapshot()).toEqual({})
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it("clears it at once when that person's message arrives", () => {
    const store = createTypingStore()
    store.typing(7, 2)
    store.typing(8, 3)
    store.stopped(7, 2)
    expect(typingNow(store, 7)).toBeNull()
    expect(typingNow(store, 8)).toBe(3)
    // The cancelled timer must not clear a later indicator early.
    store.typing(7, 2)
    vi.advanceTimersByTime(TYPING_INDICATOR_MS - 1)
    expect(typingNow(store, 7)).toBe(2)
  })

  it('forgets everything on clear and stops notifying unsubscribed listeners', () => {
    const store = createTypingStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.typing(7, 2)
    unsubscribe()
    store.clear()
    expect(store.getSnapshot()).toEqual({})
    expect(listener).toHaveBeenCalledTimes(1)
    vi.runAllTimers()
  })
})
