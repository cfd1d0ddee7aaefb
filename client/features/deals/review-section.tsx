import {
  formatRating,
  handoffsCountLabel,
  RATING_MIN_REVIEWS,
  REVIEW_REPLY_MAX,
  reviewsCountLabel,
} from '@shared/reviews'
import { HandshakeIcon, MessageSquareReplyIcon, StarIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { CharacterCount } from '@/components/character-count'
import { EmptyState } from '@/components/query-states'
import { TextareaField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { ReportButton } from '@/features/safety/report-button'
import type { RouterOutputs } from '@/lib/api-types'
import { useCommunity } from '@/lib/community'
import { formatDate } from '@/lib/dates'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { ReviewStars } from './review-stars'

type ProfileReviews = RouterOutputs['profiles']['byUsername']['reviews']
type Review = ProfileReviews['latest'][number]

/**
 * A profile's reviews: the average (only from three reviews), the count, the confirmed hand-offs as seller
 * and the latest reviews with their replies; the person reviewed replies here, anyone else may report.
 */
export function ReviewSection({
  reviews,
  fullName,
  isMe,
}: {
  reviews: ProfileReviews
  fullName: string
  isMe: boolean
}) {
  return (
    <section aria-labelledby="profile-reviews" className="grid gap-4">
      <h2 id="profile-reviews" className="font-semibold text-xl">
        Avaliações
      </h2>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Média</dt>
          <StarIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
          <dd>
            {reviews.average !== null ? (
              <>
                <span className="font-semibold text-base">{formatRating(reviews.average)}</span> de 5 ·{' '}
                {reviewsCountLabel(reviews.reviewsCount)}
              </>
            ) : (
              <>
                {reviewsCountLabel(reviews.reviewsCount)}
                <span className="text-muted-foreground">
                  {' '}
                  (a média aparece a partir de {RATING_MIN_REVIEWS})
                </span>
              </>
            )}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Entregas confirmadas</dt>
          <HandshakeIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          <dd>{handoffsCountLabel(reviews.confirmedHandoffs)} como vendedor(a)</dd>
        </div>
      </dl>
      {reviews.latest.length === 0 ? (
        <EmptyState
          icon={<StarIcon aria-hidden="true" />}
          title={isMe ? 'Você ainda não recebeu avaliações' : `${fullName} ainda não recebeu avaliações`}
          description="Avaliações só existem depois de uma entrega confirmada pelo código, no ponto de encontro."
        />
      ) : (
        <ul className="grid gap-3">
          {reviews.latest.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} revieweeName={fullName} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ReviewItem({ review, revieweeName }: { review: Review; revieweeName: string }) {
  const { community } = useCommunity()
  const timeZone = community?.timeZone
  return (
    <article
      aria-label={`Avaliação de ${review.reviewer.fullName}`}
      className="grid gap-2 rounded-xl border bg-card p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <p className="font-medium">
            {review.reviewer.username ? (
              <Link href={`/perfil/${review.reviewer.username}`} className="hover:underline">
                {review.reviewer.fullName}
              </Link>
            ) : (
              review.reviewer.fullName
            )}
          </p>
          <p className="text-muted-foreground text-xs">
            {review.asSeller ? 'Comprou' : 'Vendeu'} · {formatDate(review.createdAt, timeZone)}
          </p>
        </div>
        <ReviewStars stars={review.stars} />
      </div>
      {review.comment ? <p className="whitespace-pre-line break-words">{review.comment}</p> : null}
      {review.reply ? (
        <div className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">Resposta de {revieweeName}</p>
          <p className="whitespace-pre-line break-words">{review.reply}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-1">
        {review.canReply ? <ReplyForm reviewId={review.id} /> : null}
        {review.canReport ? <ReportButton targetType="review" targetId={review.id} /> : null}
      </div>
    </article>
  )
}

/** The reviewed person's one public reply, opened from "Responder". */
function ReplyForm({ reviewId }: { reviewId: number }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reply, setReply] = useState('')
  const utils = trpc.useUtils()
  const send = trpc.reviews.reply.useMutation({
    onSuccess: () => {
      toast.success('Resposta publicada')
      setOpen(false)
      void utils.profiles.byUsername.invalidate()
    },
    onError: (error) => toastError(error, 'Erro ao publicar resposta'),
  })
  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageSquareReplyIcon aria-hidden="true" />
        Responder
      </Button>
    )
  }
  const tooLong = reply.length > REVIEW_REPLY_MAX
  return (
    <form
      className="grid w-full gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (reply.trim()) send.mutate({ reviewId, reply })
      }}
    >
      <TextareaField
        id={`${id}-reply`}
        label="Sua resposta pública"
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        rows={3}
        autoFocus
        disabled={send.isPending}
        error={tooLong ? 'Resposta muito longa (máximo de 500 caracteres)' : undefined}
        hint={
          <>
            Só uma resposta, que não pode ser editada.{' '}
            <CharacterCount length={reply.length} max={REVIEW_REPLY_MAX} />
          </>
        }
      />
      <div className="flex justify-end gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setOpen(false)}
          disabled={send.isPending}
        >
          Cancelar
        </Button>
        <Button type="submit" size="sm" disabled={send.isPending || tooLong || !reply.trim()}>
          {send.isPending ? 'Publicando...' : 'Publicar resposta'}
        </Button>
      </div>
    </form>
  )
}
