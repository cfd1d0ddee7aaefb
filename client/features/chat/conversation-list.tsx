import { withPhotoNote } from '@shared/chat'
import { routes } from '@shared/routes'
import { MessageCircleIcon } from 'lucide-react'
import { Link } from 'wouter'
import { SkeletonStack } from '@/components/skeleton-stack'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import type { RouterOutputs } from '@/lib/api-types'
import { toDate } from '@/lib/dates'
import { cn } from '@/lib/utils'
import { ChatAvatar } from './chat-avatar'
import { formatConversationTime } from './chat-format'
import { unreadMessagesText } from './unread'
import { UnreadBadge } from './unread-badge'

export type ConversationSummary = RouterOutputs['chat']['conversations'][number]

/** The inbox: one row per conversation, in the server's order (unread first, then the most recent). */
export function ConversationList({
  conversations,
  viewerId,
}: {
  conversations: ConversationSummary[]
  viewerId: number
}) {
  const now = new Date()
  return (
    <ul aria-label="Conversas" className="divide-y overflow-hidden rounded-xl border bg-card">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} viewerId={viewerId} now={now} />
        </li>
      ))}
    </ul>
  )
}

function ConversationRow({
  conversation,
  viewerId,
  now,
}: {
  conversation: ConversationSummary
  viewerId: number
  now: Date
}) {
  const { other, listing, lastMessage, lastDealActivity, unread } = conversation
  const unseen = unread > 0
  const sentAt = lastDealActivity
    ? toDate(lastDealActivity.at)
    : lastMessage
      ? toDate(lastMessage.createdAt)
      : null
  return (
    <Link
      href={routes.conversation(conversation.id)}
      className="flex items-center gap-3 px-3 py-3 outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-4"
    >
      <ChatAvatar name={other.fullName} avatarUrl={other.avatarUrl} large />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex items-baseline gap-2">
          <span className={cn('truncate', unseen ? 'font-bold' : 'font-semibold')}>{other.fullName}</span>
          {sentAt ? (
            <time
              dateTime={sentAt.toISOString()}
              className={cn(
                'ml-auto shrink-0 text-xs',
                unseen ? 'font-semibold text-primary' : 'text-muted-foreground',
              )}
            >
              {formatConversationTime(sentAt, now)}
            </time>
          ) : null}
        </div>
        {listing ? (
          <span className="truncate text-muted-foreground text-xs">
            <span className="sr-only">Anúncio: </span>
            {listing.title}
          </span>
        ) : null}
        <div className="flex items-center gap-2">
          <span
            className={cn(
              'truncate text-sm',
              unseen ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            {lastDealActivity
              ? lastDealActivity.text
              : lastMessage
                ? `${lastMessage.senderId === viewerId ? 'Você: ' : ''}${withPhotoNote(lastMessage.content, lastMessage.photos.length)}`
                : ''}
          </span>
          <UnreadBadge count={unread} className="ml-auto" />
          {unseen ? <span className="sr-only">, {unreadMessagesText(unread)}</span> : null}
        </div>
      </div>
    </Link>
  )
}

export function ConversationListSkeleton() {
  return (
    <div role="status" aria-label="Carregando conversas" className="divide-y rounded-xl border bg-card">
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="flex items-center gap-3 px-3 py-3 sm:px-4">
          <Skeleton className="size-12 rounded-full" />
          <SkeletonStack className="grid flex-1 gap-2" shapes={['h-4 w-1/3', 'h-3 w-2/3']} />
        </div>
      ))}
    </div>
  )
}

export function NoConversations() {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <MessageCircleIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="font-semibold text-lg">Nenhuma conversa ainda</h2>
      <p className="max-w-sm text-muted-foreground text-sm">
        Encontrou algo interessante? Abra o anúncio e toque em “Enviar mensagem” para conversar com quem
        vende.
      </p>
      <Button asChild>
        <Link href={routes.portal()}>Explorar o portal</Link>
      </Button>
    </div>
  )
}
