import { formatRating, handoffsCountLabel, RATING_MIN_REVIEWS, reviewsCountLabel } from '@shared/reviews'
import { routes } from '@shared/routes'
import { HandshakeIcon, StarIcon } from 'lucide-react'
import { Suspense } from 'react'
import { Link } from 'wouter'
import { ReportButton } from '@/features/safety/report-button'
import type { RouterOutputs } from '@/lib/api-types'
import { useCommunity } from '@/lib/community'
import { formatDate } from '@/lib/dates'
import { lazyPage } from '@/lib/lazy-page'
import { ReviewStars } from './review-stars'

// Only the person reviewed replies: everyone else's download of the profile leaves the form out. The
// server renders it for them and the browser loads it before hydrating (lazyPage).
const ReplyForm = lazyPage('features/deals/review-reply-form.tsx', () => import('./review-reply-form'))
// Only moderators get "Remover"; everyone else's download leaves it out too.
const RemoveDialog = lazyPage(
  'features/deals/review-remove-dialog.tsx',
  () => import('./review-remove-dialog'),
)

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
        // Not the shared EmptyState: its module brings the error catalogue to the profile's first download.
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          <StarIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">
            {isMe ? 'Você ainda não recebeu avaliações' : `${fullName} ainda não recebeu avaliações`}
          </p>
          <p className="max-w-sm text-muted-foreground text-sm">
            Avaliações só existem depois de uma entrega confirmada pelo código, no ponto de encontro.
          </p>
        </div>
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
              <Link href={routes.profile(review.reviewer.username)} className="hover:underline">
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
      {review.counted ? null : (
        <p className="text-muted-foreground text-xs">Não entra na média (mesma dupla em 30 dias)</p>
      )}
      {review.reply ? (
        <div className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">Resposta de {revieweeName}</p>
          <p className="whitespace-pre-line break-words">{review.reply}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-1">
        {review.canReply ? (
          <Suspense fallback={null}>
            <ReplyForm reviewId={review.id} />
          </Suspense>
        ) : null}
        {review.canReport ? <ReportButton targetType="review" targetId={review.id} /> : null}
        {review.canRemove ? (
          <Suspense fallback={null}>
            <RemoveDialog reviewId={review.id} reviewerName={review.reviewer.fullName} />
          </Suspense>
        ) : null}
      </div>
    </article>
  )
}
