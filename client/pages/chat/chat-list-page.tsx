import { routes } from '@shared/routes'
import { useEffect, useRef } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { LoadFailed } from '@/components/load-failed'
import { Spinner } from '@/components/ui/spinner'
import {
  ConversationList,
  ConversationListSkeleton,
  NoConversations,
} from '@/features/chat/conversation-list'
import { useViewer } from '@/lib/auth'
import { toastError, useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

/**
 * `/chat`: the inbox. Opened from a listing's 'Enviar mensagem' (`?vendedor=ana&produto=12`), it first
 * opens (or reuses) the conversation with that seller and moves on to the thread.
 */
export function ChatListPage() {
  usePageTitle('Mensagens')
  const [searchParams] = useSearchParams()
  const seller = searchParams.get('vendedor')
  const listing = searchParams.get('produto')
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-3 py-6 sm:px-4 sm:py-8">
      <h1 className="font-bold text-2xl">Mensagens</h1>
      {seller || listing ? <StartConversation seller={seller} listing={listing} /> : <Inbox />}
    </div>
  )
}

function Inbox() {
  const { viewer } = useViewer()
  const query = trpc.chat.conversations.useQuery()

  useLoadErrorToast(query.error, 'Erro ao carregar conversas')

  if (query.error && !query.data) {
    return (
      <LoadFailed
        title="Não foi possível carregar suas conversas."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  if (!query.data || !viewer) return <ConversationListSkeleton />
  if (query.data.length === 0) return <NoConversations />
  return <ConversationList conversations={query.data} viewerId={viewer.id} />
}

function StartConversation({ seller, listing }: { seller: string | null; listing: string | null }) {
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  // Once per visit: React's development double effects (and re-renders) must not open it twice.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const listingId = listing && /^\d{1,15}$/.test(listing) ? Number(listing) : undefined
    utils.client.chat.start
      .mutate(listingId ? { listingId } : { username: seller ?? '' })
      .then(({ conversationId, dealId }) =>
        // From a listing, the thread opens on that listing's deal.
        navigate(routes.conversation(conversationId, dealId ? { negocio: String(dealId) } : undefined), {
          replace: true,
        }),
      )
      .catch((error: unknown) => {
        toastError(error, 'Erro ao iniciar conversa')
        navigate(routes.chat(), { replace: true })
      })
  }, [seller, listing, utils, navigate])

  return (
    <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner label="Abrindo conversa..." />
      <span aria-hidden="true">Abrindo conversa...</span>
    </div>
  )
}

export default ChatListPage
