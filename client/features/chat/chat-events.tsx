import { lazy, type ReactNode, use, useEffect, useState, useSyncExternalStore } from 'react'
import { AfterHydration } from '@/components/after-hydration'
import { ChatContext, type ChatContextValue } from './chat-context'
import { createTypingStore, typingUserAt } from './typing-store'

// The subscription and its cache patches load once the page is up, and only for members.
const ChatEvents = lazy(() => import('./chat-live'))

/**
 * The app's single chat subscription, and what it keeps current: the threads' messages and receipts,
 * the inbox, the unread count (badge, tab title, 'Nova mensagem!') and 'digitando...'.
 * `viewerId` is null when the viewer may not chat (signed out, waiting for approval): nothing subscribes.
 */
export function ChatEventsProvider({ viewerId, children }: { viewerId: number | null; children: ReactNode }) {
  const [value] = useState<ChatContextValue>(() => ({
    typing: createTypingStore(),
    openThread: { current: null },
  }))
  return (
    <ChatContext value={value}>
      {/* Keyed by viewer: another account starts from a clean slate. */}
      {viewerId !== null ? (
        <AfterHydration>
          <ChatEvents key={viewerId} viewerId={viewerId} />
        </AfterHydration>
      ) : null}
      {children}
    </ChatContext>
  )
}

/** Who is typing in the conversation (their user id), or null; updates by itself when it expires. */
export function useTypingUser(conversationId: number): number | null {
  const { typing } = use(ChatContext)
  const state = useSyncExternalStore(typing.subscribe, typing.getSnapshot, typing.getSnapshot)
  return typingUserAt(state, conversationId, Date.now())
}

/** Marks the conversation as the one on screen while the calling component is mounted. */
export function useOpenThread(conversationId: number): void {
  const { openThread } = use(ChatContext)
  useEffect(() => {
    openThread.current = conversationId
    return () => {
      if (openThread.current === conversationId) openThread.current = null
    }
  }, [openThread, conversationId])
}
