import { CalendarXIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'

/** A missing event, or one the visitor may not see (not approved yet, another community). */
export function EventNotFound() {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <CalendarXIcon className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-2xl">Evento não encontrado</h1>
      <p className="text-muted-foreground">
        Ele pode ter sido removido, ainda aguardar aprovação ou não fazer parte da sua comunidade.
      </p>
      <Button asChild>
        <Link href="/eventos">Voltar para eventos</Link>
      </Button>
    </div>
  )
}
