import { routes } from '@shared/routes'
import { CalendarSearchIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'

type EventsEmptyStateProps = {
  /** The active search, if any: the hint offers to clear it. */
  q: string
  onClearSearch: () => void
  /** Members may create the event nobody has yet. */
  canCreate: boolean
}

/**
 * 'Nenhum evento encontrado' with the ways out. Its buttons are worded apart from the page's own
 * ('Limpar busca', 'Criar Evento') so each name points at one control.
 */
export function EventsEmptyState({ q, onClearSearch, canCreate }: EventsEmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
      <CalendarSearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-semibold text-lg">Nenhum evento encontrado</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        {q
          ? `Nada corresponde a “${q}”. Tente outra aba ou outro termo de busca.`
          : 'Tente outra aba para ver mais eventos.'}
        {canCreate ? ' Ou crie um para a sua comunidade!' : null}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {q ? (
          <Button variant="outline" onClick={onClearSearch}>
            Limpar a busca
          </Button>
        ) : null}
        {canCreate ? (
          <ButtonLink href={routes.createEvent()}>
            <PlusIcon aria-hidden="true" />
            Criar um evento
          </ButtonLink>
        ) : null}
      </div>
    </div>
  )
}
