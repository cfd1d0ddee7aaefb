import { EVENT_STATUS_LABELS, type EventStatus } from '@shared/domain'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

const STATUS_CLASSES: Record<EventStatus, string> = {
  pendente: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  aprovado: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  rejeitado: 'bg-destructive text-white dark:bg-destructive/60',
  cancelado: 'bg-muted text-muted-foreground',
}

/** 'Aguardando aprovação', 'Aprovado', 'Rejeitado' or 'Cancelado'. */
export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  return (
    <Badge variant="tinted" className={cn(STATUS_CLASSES[status], className)}>
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  )
}
