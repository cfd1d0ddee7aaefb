import { routes } from '@shared/routes'
import { MessageCircleIcon, SearchCheckIcon } from 'lucide-react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { Button } from '@/components/ui/button'
import { PublishingClosedNote, usePublishingClosed } from '@/features/semesters/publishing-closed'
import type { RouterOutputs } from '@/lib/api-types'
import { maxPriceLabel } from './max-price-label'

type Match = RouterOutputs['listings']['byId']['wantedMatches'][number]

/** 'Alguém procura isto', on the seller's own listing: who asked for it in Procura-se, and a way to talk. */
export function WantedMatches({ matches }: { matches: Match[] }) {
  // An egresso starts no conversation: the way back is said once, under the list.
  const closed = usePublishingClosed()
  if (matches.length === 0) return null
  return (
    <LabelledSection
      id="wanted-matches-heading"
      title={
        <>
          <SearchCheckIcon className="size-5 text-primary" aria-hidden="true" />
          Alguém procura isto
        </>
      }
      className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
      headingClassName="flex items-center gap-2 font-semibold"
    >
      <p className="text-muted-foreground text-sm">
        {matches.length === 1
          ? 'Uma pessoa pediu algo assim no Procura-se. Que tal avisar que o seu está à venda?'
          : `${matches.length} pessoas pediram algo assim no Procura-se. Que tal avisar que o seu está à venda?`}
      </p>
      <ul className="grid gap-2">
        {matches.map((match) => (
          <li
            key={match.id}
            className="flex flex-col gap-2 rounded-lg border bg-card p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="grid min-w-0 gap-0.5">
              <p className="break-words font-medium">“{match.title}”</p>
              <p className="text-muted-foreground text-sm">
                {match.poster.fullName} · {maxPriceLabel(match.maxPriceCents)}
              </p>
            </div>
            {match.poster.username && closed ? (
              <Button
                size="sm"
                className="self-start sm:self-center"
                disabled
                aria-describedby="wanted-matches-closed"
              >
                <MessageCircleIcon aria-hidden="true" />
                Enviar mensagem
                <span className="sr-only"> para {match.poster.fullName}</span>
              </Button>
            ) : match.poster.username ? (
              <Button asChild size="sm" className="self-start sm:self-center">
                <Link href={routes.chat({ vendedor: match.poster.username })}>
                  <MessageCircleIcon aria-hidden="true" />
                  Enviar mensagem
                  <span className="sr-only"> para {match.poster.fullName}</span>
                </Link>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {closed ? <PublishingClosedNote id="wanted-matches-closed" reason={closed} /> : null}
    </LabelledSection>
  )
}
