import { routes } from '@shared/routes'
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { use, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { setTitleUnreadCount } from '@/lib/use-page-title'
import { mergeOffer } from '../deals/offer-cache'
import { applyReadReceipt, type ChatMessage, type MessagesData, mergeMessage } from './chat-cache'
import { ChatContext } from './chat-context'
import { messagesQueryKey } from './chat-queries'
import { shouldAnnounceUnread, unreadMessagesText } from './unread'

/** The live half of ChatEventsProvider (chat-events.tsx). */
export default function ChatEvents({ viewerId }: { viewerId: number }) {
  const queryClient = useQueryClient()
  const utils = trpc.useUtils()
  const { typing, openThread } = use(ChatContext)
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
      // The first start too: the page's threads, inbox and count were read by the server before this
      // subscription existed, and it starts from the newest message, so what came in between is reread.
      // Started again: the connection dropped (or the account changed). Missed messages are replayed by
      // the server from the last event id, but receipts are not, and with no id yet nothing is: reread.
      void utils.chat.conversations.invalidate()
      void utils.chat.unreadCount.invalidate()
      void utils.chat.messages.invalidate()
      // Offers changed meanwhile are not replayed either.
      void utils.deals.offers.list.invalidate()
    },
    onData: ({ data: event }) => {
      if (event.type === 'typing') {
        if (event.userId !== viewerId) typing.typing(event.conversationId, event.userId)
        return
      }
      if (event.type === 'meeting') {
        const { meeting } = event
        utils.deals.meetings.ofConversation.setData({ conversationId: event.conversationId }, (list) =>
          list
            ? [meeting, ...list.filter((item) => item.id !== meeting.id)].sort((a, b) => b.id - a.id)
            : list,
        )
        void utils.deals.meetings.ofConversation.invalidate({ conversationId: event.conversationId })
        void utils.deals.meetings.mine.invalidate()
        void utils.deals.ofConversation.invalidate({ conversationId: event.conversationId })
        void utils.chat.conversations.invalidate()
        void utils.chat.unreadCount.invalidate()
        return
      }
      if (event.type === 'offer') {
        const { offer } = event
        utils.deals.offers.list.setData(
          { conversationId: event.conversationId, dealId: offer.dealId },
          (list) => (list ? mergeOffer(list, offer) : list),
        )
        // The deal's state line in the thread header and a thread read before its deal existed.
        void utils.deals.ofConversation.invalidate({ conversationId: event.conversationId })
        void utils.chat.conversations.invalidate()
        void utils.chat.unreadCount.invalidate()
        if (offer.status !== 'aberta')
          void utils.deals.offers.list.invalidate({ conversationId: event.conversationId })
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
      action: { label: 'Ver', onClick: () => where.current.navigate(routes.chat()) },
    })
  }, [count])

  useEffect(() => () => setTitleUnreadCount(0), [])
  return null
}
