import { formatPrice } from '@shared/money'
import {
  REPORT_REASON_LABELS,
  REPORT_RESOLUTION_LABELS,
  REPORT_REVIEW_HOURS,
  REPORT_TARGET_LABELS,
} from '@shared/safety'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDate, formatDateTime } from '@/lib/dates'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'

/** The open reports about one target, as the moderation queue lists them. */
export type ReportQueueGroup = RouterOutputs['admin']['reports']['queue'][number]

function waitingText(hours: number): string {
  if (hours < 1) return 'há menos de 1 hora'
  return hours === 1 ? 'há 1 hora' : `há ${hours} horas`
}

/**
 * One target of the moderation queue: how long it has waited, the content as it was reported, who is
 * responsible, each report and the target's history, and the button that opens the decision.
 */
export function ReportGroup({ group, onDecide }: { group: ReportQueueGroup; onDecide: () => void }) {
  const { snapshot, history } = group
  return (
    <li
      className={cn('grid gap-3 rounded-lg border bg-card p-4', group.overdue && 'border-destructive')}
      aria-label={`Denúncia: ${REPORT_TARGET_LABELS[group.targetType]}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{REPORT_TARGET_LABELS[group.targetType]}</Badge>
        <span
          className={cn(
            'text-sm',
            group.overdue ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          Aberta {waitingText(group.waitingHours)}
          {group.overdue ? ` · Atrasada (mais de ${REPORT_REVIEW_HOURS} h)` : ''}
        </span>
        <span className="text-muted-foreground text-sm">
          · {group.reports.length} {group.reports.length === 1 ? 'denúncia' : 'denúncias'}
        </span>
      </div>

      <div className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm">
        <p className="font-medium text-muted-foreground text-xs">
          {snapshot.type === 'barrier' ? 'Onde está a barreira' : 'Conteúdo no momento da denúncia'}
        </p>
        {snapshot.type === 'barrier' ? (
          <>
            <p className="break-words font-semibold">{snapshot.page}</p>
            {snapshot.assistiveTech ? (
              <p className="break-words">Navega com: {snapshot.assistiveTech}</p>
            ) : null}
          </>
        ) : snapshot.type === 'listing' ? (
          <>
            <p className="font-semibold">
              {snapshot.title} · {formatPrice(snapshot.priceCents)}
            </p>
            <p className="whitespace-pre-line break-words">{snapshot.description}</p>
            {snapshot.imageUrls.length > 0 ? (
              <div className="flex gap-2 overflow-x-auto">
                {snapshot.imageUrls.map((url) => (
                  <img key={url} src={instanceUrl(url)} alt="" className="size-16 rounded object-cover" />
                ))}
              </div>
            ) : null}
            {group.listingState ? (
              group.listingState.moderationStatus === 'removed' ? (
                <p className="text-muted-foreground text-xs">O anúncio já foi removido.</p>
              ) : null
            ) : (
              <p className="text-muted-foreground text-xs">
                O anúncio foi excluído pelo vendedor depois da denúncia.
              </p>
            )}
          </>
        ) : snapshot.type === 'user' ? (
          <>
            <p className="font-semibold">
              {snapshot.fullName}
              {snapshot.username ? ` (@${snapshot.username})` : ''}
            </p>
            {snapshot.bio ? <p className="whitespace-pre-line break-words">{snapshot.bio}</p> : null}
          </>
        ) : snapshot.type === 'wanted' ? (
          <>
            <p className="font-semibold">
              {snapshot.title} · {snapshot.categoryName}
              {snapshot.maxPriceCents ? ` · até ${formatPrice(snapshot.maxPriceCents)}` : ''}
            </p>
            {snapshot.details ? <p className="whitespace-pre-line break-words">{snapshot.details}</p> : null}
            {group.wantedState?.moderationStatus === 'removed' ? (
              <p className="text-muted-foreground text-xs">O pedido já foi removido.</p>
            ) : null}
          </>
        ) : snapshot.type === 'review' ? (
          <>
            <p className="font-semibold">
              {snapshot.stars} de 5 estrelas · de {snapshot.reviewer.fullName} sobre{' '}
              {snapshot.reviewee.fullName}
            </p>
            {snapshot.comment ? <p className="whitespace-pre-line break-words">{snapshot.comment}</p> : null}
            {snapshot.reply ? (
              <p className="whitespace-pre-line break-words text-muted-foreground">
                Resposta: {snapshot.reply}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-muted-foreground text-xs">
              {snapshot.sender.fullName} em {formatDateTime(snapshot.sentAt)}
            </p>
            <p className="whitespace-pre-line break-words">{snapshot.content}</p>
          </>
        )}
      </div>

      {group.person ? (
        <p className="text-sm">
          <span className="font-medium">Responsável:</span> {group.person.fullName}
          {group.person.username ? ` (@${group.person.username})` : ''}
          {group.person.deleted ? ' · conta removida' : ''}
        </p>
      ) : null}

      <ul className="grid gap-1 text-sm" aria-label="Denúncias recebidas">
        {group.reports.map((report) => (
          <li key={report.id}>
            <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
            <span className="text-muted-foreground"> · {formatDateTime(report.createdAt)}</span>
            {report.reporter ? (
              <span className="text-muted-foreground"> · por @{report.reporter}</span>
            ) : null}
            {report.details ? (
              <p className="whitespace-pre-line break-words text-muted-foreground">“{report.details}”</p>
            ) : null}
          </li>
        ))}
      </ul>

      {group.targetType === 'barrier' ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            Histórico: {history.resolvedReports.length} denúncia(s) anteriores, {history.sanctions.length}{' '}
            advertência(s) ou suspensão(ões), {history.removedListings} anúncio(s) removido(s)
          </summary>
          <ul className="mt-2 grid gap-1 text-muted-foreground">
            {history.sanctions.map((sanction) => (
              <li key={`s-${sanction.createdAt.toString()}`}>
                {sanction.kind === 'warning' ? 'Advertência' : 'Suspensão'} em{' '}
                {formatDate(sanction.createdAt)}: {sanction.reason}
              </li>
            ))}
            {history.resolvedReports.map((report) => (
              <li key={`r-${report.id}`}>
                {REPORT_REASON_LABELS[report.reason as keyof typeof REPORT_REASON_LABELS] ?? report.reason}
                {report.resolution ? ` → ${REPORT_RESOLUTION_LABELS[report.resolution]}` : ''}
                {report.resolvedAt ? ` (${formatDate(report.resolvedAt)})` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}

      <div>
        <Button onClick={onDecide}>Decidir</Button>
      </div>
    </li>
  )
}
