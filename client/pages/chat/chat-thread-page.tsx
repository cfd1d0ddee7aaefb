import { routes } from '@shared/routes'
import { useQueryClient } from '@tanstack/react-query'
import { MessageCircleOffIcon } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useParams, useSearch } from 'wouter'
import { PageLoadFailed } from '@/components/page-states'
import { Button } from '@/components/ui/button'
import {
  applyReadReceipt,
  type ChatMessage,
  flattenMessages,
  type MessagesData,
  mergeMessage,
  newestUnreadFromOther,
} from '@/features/chat/chat-cache'
import { useOpenThread, useTypingUser } from '@/features/chat/chat-events'
import { messagesQueryKey, useThreadMessages } from '@/features/chat/chat-queries'
import { MessageComposer } from '@/features/chat/message-composer'
import { MessageList, MessageListSkeleton } from '@/features/chat/message-list'
import { ThreadHeader, ThreadHeaderSkeleton } from '@/features/chat/thread-header'
import { TypingIndicator } from '@/features/chat/typing-indicator'
import { DealPicker } from '@/features/deals/deal-picker'
import { ThreadMeetings } from '@/features/deals/meeting-thread'
import { ReviewPrompt } from '@/features/deals/review-prompt'
import { useThreadOffers } from '@/features/deals/thread-offers'
import { useViewer } from '@/lib/auth'
import { httpStatusOf } from '@/lib/errors'
import { useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

/** `/chat/:id`: one conversation, live. */
export function ChatThreadPage() {
  const raw = useParams<{ id: string }>().id ?? ''
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  // A fresh view per conversation: scroll position, draft and read bookkeeping belong to one thread.
  return <ThreadView key={id} conversationId={id} />
}

function useDocumentVisible(): boolean {
  // Hidden until mounted: a server render marks nothing as read.
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    setVisible(document.visibilityState === 'visible')
    const update = () => setVisible(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', update)
    return () => document.removeEventListener('visibilitychange', update)
  }, [])
  return visible
}

function ThreadView({ conversationId }: { conversationId: number }) {
  const { viewer } = useViewer()
  const utils = trpc.useUtils()
  const queryClient = useQueryClient()
  const valid = conversationId > 0
  const conversation = trpc.chat.conversation.useQuery({ conversationId }, { enabled: valid })
  const messages = useThreadMessages(conversationId, valid)
  const notFound = !valid || httpStatusOf(conversation.error) === 404 || httpStatusOf(messages.error) === 404
  const otherName = conversation.data?.other.fullName ?? ''
  const typingUser = useTypingUser(conversationId)
  const visible = useDocumentVisible()
  // The deal the thread is on: the one the link named (?negocio=), then the one picked in the header.
  const asked = Number(new URLSearchParams(useSearch()).get('negocio')) || null
  const [picked, setPicked] = useState<number | null>(asked)
  useEffect(() => {
    if (asked) setPicked(asked)
  }, [asked])
  const deals = trpc.deals.ofConversation.useQuery({ conversationId }, { enabled: valid })
  const dealList = deals.data ?? []
  const deal = dealList.find((item) => item.id === picked) ?? dealList[0] ?? null
  const listingTitles = useMemo(
    () =>
      new Map(
        (deals.data ?? []).flatMap((item) => item.listings.map((listing) => [listing.id, listing.title])),
      ),
    [deals.data],
  )
  const offers = useThreadOffers(
    conversationId,
    deal?.id,
    viewer?.id ?? 0,
    otherName,
    valid && deals.data !== undefined,
    listingTitles,
  )
  useOpenThread(conversationId)
  // While this thread is on a page, its messages do not push to the member's devices.
  trpc.chat.viewing.useSubscription({ conversationId }, { enabled: valid && !notFound })
  usePageTitle(otherName ? `Conversa com ${otherName}` : notFound ? 'Conversa não encontrada' : 'Mensagens')

  const failure = notFound ? null : (conversation.error ?? messages.error)
  useLoadErrorToast(failure, 'Erro ao carregar conversa', 'chat-thread-error')

  const list = flattenMessages(messages.data)
  const viewerId = viewer?.id ?? 0
  const unreadId = viewer ? newestUnreadFromOther(list, viewer.id) : null
  const loaded = messages.data !== undefined
  const opened = useRef(false)
  const requestedUpTo = useRef(0)

  // Opening the thread reads it; so does every message of the other person that arrives while it is on
  // screen. A hidden tab waits until it is seen.
  useEffect(() => {
    if (!loaded || !visible || !viewerId) return
    if (opened.current && (unreadId === null || unreadId <= requestedUpTo.current)) return
    opened.current = true
    const previous = requestedUpTo.current
    const upToId = Math.max(previous, unreadId ?? 0)
    requestedUpTo.current = upToId
    utils.client.chat.markRead
      .mutate({ conversationId })
      .then(({ read }) => {
        if (read === 0) return
        // The live receipt does the same; this covers a connection that is down at the moment.
        queryClient.setQueryData<MessagesData>(messagesQueryKey(conversationId), (data) =>
          applyReadReceipt(data, { readerId: viewerId, upToId }),
        )
        void utils.chat.unreadCount.invalidate()
        void utils.chat.conversations.invalidate()
      })
      .catch(() => {
        // Tried again with the next message that arrives.
        requestedUpTo.current = previous
      })
  }, [loaded, visible, viewerId, unreadId, conversationId, utils, queryClient])

  const onSent = useCallback(
    (message: ChatMessage) => {
      queryClient.setQueryData<MessagesData>(messagesQueryKey(conversationId), (data) =>
        mergeMessage(data, message),
      )
      void utils.chat.conversations.invalidate()
    },
    [conversationId, queryClient, utils],
  )

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = messages
  const loadOlder = useCallback(() => {
    void fetchNextPage()
  }, [fetchNextPage])

  if (notFound) return <ConversationNotFound />
  if (failure && (!conversation.data || !messages.data)) {
    return (
      <PageLoadFailed
        title="Não foi possível carregar a conversa"
        description="Verifique sua conexão e tente novamente."
        onRetry={() => {
          void conversation.refetch()
          void messages.refetch()
        }}
      />
    )
  }

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col md:border-x">
      {conversation.data ? (
        <ThreadHeader conversation={conversation.data} showListing={dealList.length === 0} />
      ) : (
        <ThreadHeaderSkeleton />
      )}
      {conversation.data && deals.data && (dealList.length > 0 || conversation.data.canSend) ? (
        <DealPicker
          conversationId={conversationId}
          deals={dealList}
          selectedId={deal?.id ?? null}
          onSelect={setPicked}
          canAct={conversation.data.canSend}
        />
      ) : null}
      {conversation.data && viewer && deals.data ? (
        <ThreadMeetings conversationId={conversationId} viewerId={viewer.id} deal={deal} />
      ) : null}
      {conversation.data ? (
        <ReviewPrompt conversationId={conversationId} className="border-b px-3 py-2" />
      ) : null}
      {messages.data && conversation.data && viewer ? (
        <MessageList
          messages={list}
          viewerId={viewer.id}
          otherName={otherName}
          hasOlder={hasNextPage}
          loadingOlder={isFetchingNextPage}
          loadOlder={loadOlder}
          items={offers.items}
        />
      ) : (
        <MessageListSkeleton />
      )}
      <TypingIndicator name={otherName} active={typingUser !== null} />
      {conversation.data && !conversation.data.canSend ? (
        <p role="status" className="border-t bg-muted/50 px-4 py-3 text-center text-muted-foreground text-sm">
          {conversation.data.blockedByMe
            ? 'Você bloqueou esta pessoa. Desbloqueie para voltar a conversar.'
            : 'Não é possível enviar mensagens nesta conversa.'}
        </p>
      ) : (
        <>
          {offers.bar}
          <MessageComposer conversationId={conversationId} disabled={!conversation.data} onSent={onSent} />
        </>
      )}
    </div>
  )
}

function ConversationNotFound() {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
      <MessageCircleOffIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-xl">Conversa não encontrada</h1>
      <p className="text-muted-foreground">Ela não existe ou você não participa dela.</p>
      <Button asChild>
        <Link href={routes.chat()}>Voltar para Mensagens</Link>
      </Button>
    </div>
  )
}

export default ChatThreadPage
