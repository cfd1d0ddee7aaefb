import type { ListingHold } from '@shared/domain'
import { ArrowUpToLineIcon, RefreshCwIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useIsAlumnus } from '@/features/semesters/publishing-closed'
import { formatDayLongMonth, toDate } from '@/lib/dates'
import { toastOutcome } from '@/lib/save-then-close'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

const DAY_MS = 24 * 60 * 60 * 1000
/** The server's rules, for what the buttons offer: a week between bumps, the notice a week ahead. */
const BUMP_INTERVAL_MS = 7 * DAY_MS
const RENEW_WINDOW_MS = 7 * DAY_MS

type LifeListing = {
  id: number
  title: string
  status: string
  moderationStatus: string
  hold: ListingHold | null
  expiresAt: Date | string
  listedAt: Date | string
}

/**
 * What a listing paused for the alumni hold says: an 'ativo' one comes back on air with the confirmation;
 * a sold or inactive one only becomes reactivable (its status is the seller's).
 */
export function alumniPauseText(status: string): string {
  return status === 'ativo'
    ? 'Pausado: confirme seu e-mail institucional em Minha Conta e ele volta ao ar.'
    : 'Pausado: confirme seu e-mail institucional em Minha Conta para poder reativá-lo.'
}

/**
 * Meus Produtos: how long the listing stays on the portal, and 'Renovar' (expired or in its last week)
 * and 'Subir' (once a week, while live). A paused listing (egresso) says how to bring it back.
 */
export function ListingLife({ listing, now = new Date() }: { listing: LifeListing; now?: Date }) {
  const utils = trpc.useUtils()
  const refresh = () => Promise.all([utils.listings.mine.invalidate(), utils.listings.list.invalidate()])
  const renew = trpc.listings.renew.useMutation({
    onSuccess: async ({ expiresAt }) => {
      toast.success('Anúncio renovado!', { description: `No ar até ${formatDayLongMonth(expiresAt)}.` })
      await refresh()
    },
    onError: (error) => toastError(error, 'Erro ao renovar'),
  })
  const bump = trpc.listings.bump.useMutation(
    toastOutcome('Anúncio no topo de "Mais recentes"!', 'Erro ao subir o anúncio', refresh),
  )
  const alumnus = useIsAlumnus()
  if (listing.moderationStatus === 'removed') return null
  if (listing.hold === 'alumni') {
    return (
      <p className="rounded-md bg-amber-50 p-2 text-amber-900 text-sm">{alumniPauseText(listing.status)}</p>
    )
  }
  const expiresAt = toDate(listing.expiresAt)
  const expired = listing.hold === 'expired'
  const live = !expired && listing.status === 'ativo'
  const renewable = expired || expiresAt.getTime() - now.getTime() <= RENEW_WINDOW_MS
  const nextBump = new Date(toDate(listing.listedAt).getTime() + BUMP_INTERVAL_MS)
  const busy = renew.isPending || bump.isPending
  // An egresso's expired listing waits for the confirmation like the paused ones: no buttons to refuse.
  if (alumnus) {
    return (
      <p className="text-destructive text-sm">Expirado: confirme seu e-mail institucional para renovar.</p>
    )
  }
  return (
    <div className="grid gap-2">
      <p className={expired ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'}>
        {expired
          ? 'Expirado: saiu do portal e da busca. Renove para voltar por mais 60 dias.'
          : `No portal até ${formatDayLongMonth(expiresAt)}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {renewable ? (
          <Button
            size="sm"
            variant={expired ? 'default' : 'outline'}
            disabled={busy}
            onClick={() => renew.mutate({ id: listing.id })}
            aria-label={`Renovar ${listing.title}`}
          >
            <RefreshCwIcon aria-hidden="true" />
            {renew.isPending ? 'Renovando...' : 'Renovar'}
          </Button>
        ) : null}
        {live ? (
          nextBump.getTime() <= now.getTime() ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => bump.mutate({ id: listing.id })}
              aria-label={`Subir ${listing.title}`}
            >
              <ArrowUpToLineIcon aria-hidden="true" />
              {bump.isPending ? 'Subindo...' : 'Subir'}
            </Button>
          ) : (
            <p className="self-center text-muted-foreground text-xs">
              Pode subir de novo em {formatDayLongMonth(nextBump)}.
            </p>
          )
        ) : null}
      </div>
    </div>
  )
}
