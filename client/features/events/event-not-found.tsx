import { routes } from '@shared/routes'
import { CalendarXIcon } from 'lucide-react'
import { PageUnavailable } from '@/components/page-states'

/** A missing event, or one the visitor may not see (not approved yet, another community). */
export function EventNotFound() {
  return (
    <PageUnavailable
      icon={CalendarXIcon}
      title="Evento não encontrado"
      description="Ele pode ter sido removido, ainda aguardar aprovação ou não fazer parte da sua comunidade."
      backHref={routes.events()}
      backLabel="Voltar para eventos"
    />
  )
}
