import { LISTING_STATUS_LABELS } from '@shared/domain'
import { formatPrice } from '@shared/money'
import { routes } from '@shared/routes'
import { ArrowLeftIcon, PackageIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Skeleton } from '@/components/ui/skeleton'
import { BlockButton } from '@/features/safety/block-button'
import { ReportButton } from '@/features/safety/report-button'
import type { RouterOutputs } from '@/lib/api-types'
import { instanceUrl } from '@/lib/instance-url'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { ChatAvatar } from './chat-avatar'

export type ConversationDetails = RouterOutputs['chat']['conversation']

/**
 * Who the conversation is with and, when it started from a listing and has no deals yet, that listing (the
 * deals, once there are any, show their own listings).
 */
export function ThreadHeader({
  conversation,
  showListing = true,
}: {
  conversation: ConversationDetails
  showListing?: boolean
}) {
  const { other } = conversation
  const listing = showListing ? conversation.listing : null
  return (
    <header className="grid gap-2 border-b bg-background px-2 py-2 sm:px-3">
      {/* On a narrow phone the actions wrap under the name rather than squeezing it or the page. */}
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <BackToInbox />
        <ChatAvatar name={other.fullName} avatarUrl={other.avatarUrl} />
        <div className="grid min-w-32 flex-1">
          <h1 className="truncate font-semibold leading-tight">
            {other.username ? (
              <Link href={routes.profile(other.username)} className="hover:underline">
                {other.fullName}
              </Link>
            ) : (
              other.fullName
            )}
          </h1>
          {other.username ? (
            <span className="truncate text-muted-foreground text-xs">@{other.username}</span>
          ) : null}
        </div>
        <div className="ml-auto flex shrink-0 items-center">
          {conversation.blockedByMe ? (
            <UnblockButton userId={other.id} />
          ) : other.username ? (
            <BlockButton userId={other.id} name={other.fullName} />
          ) : null}
          {other.username ? <ReportButton targetType="user" targetId={other.id} /> : null}
        </div>
      </div>
      {listing ? (
        <Link
          href={routes.listing(listing.id)}
          className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {listing.imageUrl ? (
            <img
              src={instanceUrl(listing.imageUrl)}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-md object-cover"
            />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted">
              <PackageIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            </span>
          )}
          <span className="grid min-w-0 gap-0.5">
            <span className="sr-only">Anúncio: </span>
            <span className="truncate font-medium text-sm">{listing.title}</span>
            <span className="flex items-center gap-2 text-sm">
              <span className="font-semibold text-primary">{formatPrice(listing.priceCents)}</span>
              {listing.status !== 'ativo' ? (
                <span className="text-muted-foreground text-xs">{LISTING_STATUS_LABELS[listing.status]}</span>
              ) : null}
            </span>
          </span>
        </Link>
      ) : null}
    </header>
  )
}

function UnblockButton({ userId }: { userId: number }) {
  const utils = trpc.useUtils()
  const unblock = trpc.safety.unblock.useMutation({
    onSuccess: () => void utils.invalidate(),
    onError: (error) => toastError(error, 'Erro ao desbloquear'),
  })
  return (
    <Button variant="ghost" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate({ userId })}>
      {unblock.isPending ? 'Desbloqueando...' : 'Desbloquear'}
    </Button>
  )
}

export function BackToInbox() {
  return (
    <ButtonLink
      href={routes.chat()}
      variant="ghost"
      size="icon"
      className="shrink-0"
      aria-label="Voltar para Mensagens"
    >
      <ArrowLeftIcon aria-hidden="true" />
    </ButtonLink>
  )
}

export function ThreadHeaderSkeleton() {
  return (
    <div className="flex items-center gap-2 border-b px-2 py-2 sm:px-3">
      <BackToInbox />
      <Skeleton className="size-10 rounded-full" />
      <Skeleton className="h-4 w-40" />
    </div>
  )
}
