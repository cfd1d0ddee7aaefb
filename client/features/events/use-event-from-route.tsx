import { useEffect } from 'react'
import { useParams } from 'wouter'
import { Button } from '@/components/ui/button'
import { toastError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'

/** The event named by the `:id` of the route, with its not-found and failure states worked out. */
export function useEventFromRoute() {
  const params = useParams<{ id: string }>()
  const raw = params.id ?? ''
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  const query = trpc.events.byId.useQuery({ id }, { enabled: id > 0 })
  const notFound = id <= 0 || query.error?.data?.httpStatus === 404
  const failure = query.error && !notFound ? query.error : null

  useEffect(() => {
    if (!failure) return
    toastError(failure, 'Erro ao carregar evento', { id: 'event-load-error' })
  }, [failure])

  return { query, notFound, failed: failure !== null }
}

/** Shown when the event could not be loaded for another reason than not existing. */
export function EventLoadFailure({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="font-semibold text-xl">Não foi possível carregar o evento</h1>
      <p className="text-muted-foreground">Verifique sua conexão e tente novamente.</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Carregando...' : 'Tentar novamente'}
      </Button>
    </div>
  )
}
