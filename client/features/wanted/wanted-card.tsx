import { routes } from '@shared/routes'
import { wantersLabel } from '@shared/wanted'
import { CalendarClockIcon, HandIcon, MessageCircleIcon, UsersIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { RemoveButton } from '@/components/remove-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ReportButton } from '@/features/safety/report-button'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDate, formatTimeAgo } from '@/lib/dates'
import { toastOutcome } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'
import { maxPriceLabel } from './max-price-label'

export type WantedPost = RouterOutputs['wanted']['board']['items'][number]

/** A wanted post on the board: what, how much, who and until when, and what the viewer may do about it. */
export function WantedCard({
  post,
  canModerate,
  onRemove,
  actions,
}: {
  post: WantedPost
  canModerate: boolean
  onRemove: () => void
  /** Replaces the actions for the viewer's own posts. */
  actions?: ReactNode
}) {
  const headingId = `wanted-${post.id}-title`
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{post.mainCategoryName}</Badge>
        <span className="font-semibold text-primary text-sm">{maxPriceLabel(post.maxPriceCents)}</span>
      </div>
      <h3 id={headingId} className="break-words font-semibold text-lg leading-snug">
        {post.title}
      </h3>
      {post.details ? (
        <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{post.details}</p>
      ) : null}
      <p className="text-muted-foreground text-sm">
        {post.poster.username ? (
          <Link
            href={routes.profile(post.poster.username)}
            className="font-medium text-foreground hover:underline"
          >
            {post.poster.fullName}
          </Link>
        ) : (
          <span className="font-medium text-foreground">{post.poster.fullName}</span>
        )}
        {post.poster.course ? ` · ${post.poster.course}` : ''} · {formatTimeAgo(post.createdAt)}
      </p>
      <p className="flex items-center gap-1 text-muted-foreground text-xs">
        <CalendarClockIcon className="size-4" aria-hidden="true" />
        No ar até {formatDate(post.expiresAt)}
      </p>
      <p className="flex items-center gap-1 font-medium text-sm" data-testid="wanters-count">
        <UsersIcon className="size-4 text-primary" aria-hidden="true" />
        {wantersLabel(post.wantersCount)}
        {post.joinedByMe ? <span className="font-normal text-muted-foreground">, você também</span> : null}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        {post.isMine ? (
          actions
        ) : (
          <>
            <JoinButton post={post} />
            {post.poster.username ? <HaveItButton post={post} username={post.poster.username} /> : null}
            <ReportButton targetType="wanted" targetId={post.id} />
            {canModerate ? (
              <RemoveButton size="sm" onClick={onRemove} aria-label={`Remover pedido ${post.title}`}>
                Remover
              </RemoveButton>
            ) : null}
          </>
        )}
      </div>
    </article>
  )
}

/**
 * 'Tenho isto' opens a conversation with who asked; an egresso, who starts none, sees why instead (their
 * conversations stay in Mensagens).
 */
function HaveItButton({ post, username }: { post: WantedPost; username: string }) {
  const closed = usePublishingClosed()
  const noteId = `wanted-${post.id}-publishing-closed`
  if (closed) {
    return (
      <>
        <Button size="sm" disabled aria-describedby={noteId}>
          <MessageCircleIcon aria-hidden="true" />
          Tenho isto
        </Button>
        <PublishingClosedNote id={noteId} reason={closed} className="basis-full" />
      </>
    )
  }
  return (
    <Button asChild size="sm">
      <Link href={routes.chat({ vendedor: username })}>
        <MessageCircleIcon aria-hidden="true" />
        Tenho isto
      </Link>
    </Button>
  )
}

/**
 * 'Eu também' joins the post instead of publishing it again; 'Não procuro mais' leaves it. Either way
 * the board is read again, so the count is the server's.
 */
function JoinButton({ post }: { post: WantedPost }) {
  const utils = trpc.useUtils()
  const refresh = () => utils.wanted.board.invalidate()
  const join = trpc.wanted.join.useMutation(
    toastOutcome('Anotado! Avisamos você quando alguém anunciar.', 'Erro ao entrar no pedido', refresh),
  )
  const leave = trpc.wanted.leave.useMutation(
    toastOutcome('Pronto, você não procura mais isto.', 'Erro ao sair do pedido', refresh),
  )
  const busy = join.isPending || leave.isPending
  if (post.joinedByMe) {
    return (
      <Button variant="outline" size="sm" disabled={busy} onClick={() => leave.mutate({ id: post.id })}>
        {leave.isPending ? 'Saindo...' : 'Não procuro mais'}
        <span className="sr-only">: {post.title}</span>
      </Button>
    )
  }
  return (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => join.mutate({ id: post.id })}>
      <HandIcon aria-hidden="true" />
      {join.isPending ? 'Entrando...' : 'Eu também'}
      <span className="sr-only"> procuro: {post.title}</span>
    </Button>
  )
}
