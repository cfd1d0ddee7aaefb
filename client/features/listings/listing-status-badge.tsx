import {
  LISTING_STATUS_LABELS,
  type ListingHold,
  type ListingStatus,
  type ModerationStatus,
} from '@shared/domain'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

const STATUS_CLASSES: Record<ListingStatus, string> = {
  ativo: 'bg-emerald-100 text-emerald-800',
  vendido: 'bg-sky-100 text-sky-800',
  inativo: 'bg-muted text-muted-foreground',
}

const HOLD_LABELS: Record<ListingHold, string> = { expired: 'Expirado', alumni: 'Pausado' }

/**
 * 'Ativo' / 'Vendido' / 'Inativo'; a system hold ('Expirado', 'Pausado') and 'Removido pela moderação'
 * outrank the seller's status.
 */
export function ListingStatusBadge({
  status,
  moderationStatus = 'active',
  hold = null,
  className,
}: {
  status: ListingStatus
  moderationStatus?: ModerationStatus
  hold?: ListingHold | null
  className?: string
}) {
  if (moderationStatus === 'removed') {
    return (
      <Badge variant="destructive" className={className}>
        Removido pela moderação
      </Badge>
    )
  }
  if (hold && status !== 'vendido') {
    return (
      <Badge variant="tinted" className={cn('bg-amber-100 text-amber-900', className)}>
        {HOLD_LABELS[hold]}
      </Badge>
    )
  }
  return (
    <Badge variant="tinted" className={cn(STATUS_CLASSES[status], className)}>
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  )
}
