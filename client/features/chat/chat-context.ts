import { createContext } from 'react'
import { createTypingStore, type TypingStore } from './typing-store'

export type ChatContextValue = {
  typing: TypingStore
  /** The thread on screen, if any: its incoming messages are read at once, so they do not count as unread. */
  openThread: { current: number | null }
}

// Outside the provider (never in the app, possibly in isolated renders) nothing is live: an inert store.
export const ChatContext = createContext<ChatContextValue>({
  typing: createTypingStore(),
  openThread: { current: null },
})
