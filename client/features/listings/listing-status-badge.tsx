import { LISTING_STATUS_LABELS, type ListingStatus, type ModerationStatus } from '@shared/domain'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

const STATUS_CLASSES: Record<ListingStatus, string> = {
  ativo: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  vendido: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  inativo: 'bg-muted text-muted-foreground',
}

/** 'Ativo' / 'Vendido' / 'Inativo', or 'Removido pela moderação', which outranks the seller's status. */
export function ListingStatusBadge({
  status,
  moderationStatus = 'active',
  className,
}: {
  status: ListingStatus
  moderationStatus?: ModerationStatus
  className?: string
}) {
  if (moderationStatus === 'removed') {
    return (
      <Badge variant="destructive" className={className}>
        Removido pela moderação
      </Badge>
    )
  }
  return (
    <Badge variant="tinted" className={cn(STATUS_CLASSES[status], className)}>
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  )
}
