import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, use, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { toast } from 'sonner'
import { useLocation } from 'wouter'
import { trpc } from '@/lib/trpc'
import { setTitleUnreadCount } from '@/lib/use-page-title'
import { applyReadReceipt, type ChatMessage, type MessagesData, mergeMessage } from './chat-cache'
import { messagesQueryKey } from './chat-queries'
import { createTypingStore, type TypingStore, typingUserAt } from './typing-store'
import { shouldAnnounceUnread, unreadMessagesText } from './unread'

type ChatContextValue = {
  typing: TypingStore
  /** The thread on screen, if any: its incoming messages are read at once, so they do not count as unread. */
  openThread: { current: number | null }
}

// Outside the provider (never in the app, possibly in isolated renders) nothing is live: an inert store.
const ChatContext = createContext<ChatContextValue>({
  typing: createTypingStore(),
  openThread: { current: null },
})

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
      {viewerId !== null ? <ChatEvents key={viewerId} viewerId={viewerId} /> : null}
      {children}
    </ChatContext>
  )
}

function ChatEvents({ viewerId }: { viewerId: number }) {
  const queryClient = useQueryClient()
  const utils = trpc.useUtils()
  const { typing, openThread } = use(ChatContext)
  const starts = useRef(0)
  // Patches of threads whose pages were being fetched: a page read before the event would undo them.
  const pending = useRef(
    new Map<string, Array<(data: MessagesData | undefined) => MessagesData | undefined>>(),
  )

  useEffect(() => () => typing.clear(), [typing])

  useEffect(() => {
    const queued = pending.current
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return
      const patches = queued.get(event.query.queryHash)
      if (!patches) return
      if (event.action.type === 'error') queued.delete(event.query.queryHash)
      if (event.action.type !== 'success' || event.action.manual) return
      queued.delete(event.query.queryHash)
      queryClient.setQueryData<MessagesData>(event.query.queryKey, (data) =>
        patches.reduce((current, patch) => patch(current), data),
      )
    })
  }, [queryClient])

  const patchThread = (
    conversationId: number,
    patch: (data: MessagesData | undefined) => MessagesData | undefined,
  ) => {
    const queryKey: QueryKey = messagesQueryKey(conversationId)
    queryClient.setQueryData<MessagesData>(queryKey, patch)
    const query = queryClient.getQueryCache().find({ queryKey, exact: true })
    if (query?.state.fetchStatus === 'fetching') {
      pending.current.set(query.queryHash, [...(pending.current.get(query.queryHash) ?? []), patch])
    }
  }

  trpc.chat.events.useSubscription(undefined, {
    onStarted: () => {
      starts.current += 1
      if (starts.current === 1) return
      // Started again: the connection dropped (or the account changed). Missed messages are replayed by
      // the server from the last event id, but receipts are not, and with no id yet nothing is: reread.
      void utils.chat.conversations.invalidate()
      void utils.chat.unreadCount.invalidate()
      void utils.chat.messages.invalidate()
    },
    onData: ({ data: event }) => {
      if (event.type === 'typing') {
        if (event.userId !== viewerId) typing.typing(event.conversationId, event.userId)
        return
      }
      if (event.type === 'read') {
        patchThread(event.conversationId, (data) => applyReadReceipt(data, event))
        if (event.readerId === viewerId) {
          void utils.chat.unreadCount.invalidate()
          void utils.chat.conversations.invalidate()
        }
        return
      }
      const message: ChatMessage = { ...event.message, conversationId: event.conversationId }
      patchThread(event.conversationId, (data) => mergeMessage(data, message))
      void utils.chat.conversations.invalidate()
      if (message.senderId === viewerId) return
      typing.stopped(event.conversationId, message.senderId)
      // The open thread reads it right away (and its receipt refreshes the count): counting it would
      // flash '(1)' in the title for nothing.
      const readAtOnce = openThread.current === event.conversationId && document.visibilityState === 'visible'
      if (!readAtOnce) void utils.chat.unreadCount.invalidate()
    },
  })

  return <UnreadWatcher />
}

/** Puts the unread count in the tab title and says 'Nova mensagem!' when it rises away from /chat. */
function UnreadWatcher() {
  const count = trpc.chat.unreadCount.useQuery().data?.count
  const [location, navigate] = useLocation()
  const where = useRef({ location, navigate })
  const previous = useRef<number | undefined>(undefined)

  useEffect(() => {
    where.current = { location, navigate }
  }, [location, navigate])

  useEffect(() => {
    setTitleUnreadCount(count ?? 0)
    if (count === undefined) return
    const before = previous.current
    previous.current = count
    if (!shouldAnnounceUnread(before, count, where.current.location)) return
    toast('Nova mensagem!', {
      id: 'chat-new-message',
      description: `Você tem ${unreadMessagesText(count)}`,
      duration: 5000,
      action: { label: 'Ver', onClick: () => where.current.navigate('/chat') },
    })
  }, [count])

  useEffect(() => () => setTitleUnreadCount(0), [])
  return null
}

/** Who is typing in the conversation (their user id), or null; updates by itself when it expires. */
export function useTypingUser(conversationId: number): number | null {
  const { typing } = use(ChatContext)
  const state = useSyncExternalStore(typing.subscribe, typing.getSnapshot)
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
