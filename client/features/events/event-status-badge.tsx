import { EVENT_STATUS_LABELS, type EventStatus } from '@shared/domain'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

const STATUS_CLASSES: Record<EventStatus, string> = {
  pendente: 'bg-amber-100 text-amber-900',
  aprovado: 'bg-emerald-100 text-emerald-800',
  rejeitado: 'bg-destructive text-white',
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
