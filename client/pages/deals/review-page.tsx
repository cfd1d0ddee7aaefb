import { REVIEW_WINDOW_DAYS } from '@shared/reviews'
import { routes } from '@shared/routes'
import { StarIcon } from 'lucide-react'
import { useParams } from 'wouter'
import { NarrowPageSkeleton } from '@/components/page/item-page-states'
import { PageHeader } from '@/components/page-header'
import { ButtonLink } from '@/components/ui/button-link'
import { ReviewForm } from '@/features/deals/review-form'
import { ReviewStars } from '@/features/deals/review-stars'
import type { RouterOutputs } from '@/lib/api-types'
import { useCommunity } from '@/lib/community'
import { formatDate, formatDateTime } from '@/lib/dates'
import { routeId } from '@/lib/route-id'
import { trpc } from '@/lib/trpc'
import { MeetingPageStates } from './meeting-page-states'

type Handoff = RouterOutputs['deals']['reviews']['forHandoff']

/** `/avaliar/:meetingId`: reviewing the other side of a confirmed hand-off, or one's review of it. */
export function ReviewPage() {
  const params = useParams<{ meetingId: string }>()
  const meetingId = routeId(params.meetingId)
  const query = trpc.deals.reviews.forHandoff.useQuery({ meetingId }, { enabled: meetingId > 0 })
  return (
    <MeetingPageStates
      query={query}
      meetingId={meetingId}
      title="Avaliar entrega"
      unavailable={{
        icon: StarIcon,
        description: 'Só quem concluiu uma entrega confirmada pelo código pode avaliar a outra pessoa.',
        backHref: routes.chat(),
        backLabel: 'Ir para as conversas',
      }}
      toastId="review-load-error"
      loading={
        <NarrowPageSkeleton
          label="Carregando a entrega..."
          shapes={['h-8 w-64', 'h-4 w-full', 'h-10 w-56', 'h-28 w-full']}
        />
      }
    >
      {(handoff) => <ReviewView handoff={handoff} />}
    </MeetingPageStates>
  )
}

function ReviewView({ handoff }: { handoff: Handoff }) {
  const { community } = useCommunity()
  const timeZone = community?.timeZone
  const name = handoff.other.fullName
  const mine = handoff.mine
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <PageHeader
        title={`Avaliar ${name}`}
        description={`${handoff.asSeller ? 'Você vendeu' : 'Você comprou'}${
          handoff.listingTitle ? ` "${handoff.listingTitle}"` : ''
        } numa entrega confirmada em ${formatDate(handoff.confirmedAt, timeZone)}.`}
      />
      {mine ? (
        <section aria-labelledby="my-review" className="grid gap-4 rounded-xl border bg-card p-5">
          <h2 id="my-review" className="font-semibold text-lg">
            Sua avaliação
          </h2>
          {mine.removed ? (
            <p className="text-muted-foreground">Sua avaliação foi removida pela moderação.</p>
          ) : mine.canEdit ? (
            <>
              <p className="text-muted-foreground text-sm">
                Você pode editar até {formatDateTime(mine.editableUntil, timeZone)}.
              </p>
              <ReviewForm meetingId={handoff.meetingId} otherName={name} review={mine} />
            </>
          ) : (
            <>
              <ReviewStars stars={mine.stars} />
              {mine.comment ? <p className="whitespace-pre-line break-words">{mine.comment}</p> : null}
              <p className="text-muted-foreground text-sm">O prazo de 48 horas para editar já passou.</p>
            </>
          )}
        </section>
      ) : handoff.canReview ? (
        <section aria-labelledby="new-review" className="grid gap-4 rounded-xl border bg-card p-5">
          <h2 id="new-review" className="font-semibold text-lg">
            Como foi a entrega?
          </h2>
          <p className="text-muted-foreground text-sm">
            Sua avaliação aparece no perfil de {name}, que pode responder uma vez em público. Você pode
            avaliar até {formatDate(handoff.deadline, timeZone)} e editar por 48 horas depois de enviar.
          </p>
          <ReviewForm meetingId={handoff.meetingId} otherName={name} />
        </section>
      ) : (
        <p className="rounded-xl border border-dashed p-5 text-muted-foreground">
          O prazo para avaliar esta entrega acabou: uma entrega pode ser avaliada até {REVIEW_WINDOW_DAYS}{' '}
          dias depois de confirmada.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <ButtonLink href={routes.conversation(handoff.conversationId)} variant="outline">
          Voltar para a conversa
        </ButtonLink>
        {handoff.other.username ? (
          <ButtonLink href={routes.profile(handoff.other.username)} variant="ghost">
            Ver o perfil de {name}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  )
}

export default ReviewPage
