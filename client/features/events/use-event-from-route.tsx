import { useParams } from 'wouter'
import { PageLoadFailed } from '@/components/page-states'
import { useLoadErrorToast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** The event named by the `:id` of the route, with its not-found and failure states worked out. */
export function useEventFromRoute() {
  const params = useParams<{ id: string }>()
  const raw = params.id ?? ''
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  const query = trpc.events.byId.useQuery({ id }, { enabled: id > 0 })
  const notFound = id <= 0 || query.error?.data?.httpStatus === 404
  const failure = query.error && !notFound ? query.error : null

  useLoadErrorToast(failure, 'Erro ao carregar evento', 'event-load-error')

  return { query, notFound, failed: failure !== null }
}

/** Shown when the event could not be loaded for another reason than not existing. */
export function EventLoadFailure({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <PageLoadFailed
      title="Não foi possível carregar o evento"
      description="Verifique sua conexão e tente novamente."
      onRetry={onRetry}
      retrying={retrying}
    />
  )
}
