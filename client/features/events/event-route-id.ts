import { useParams } from 'wouter'

/** The event id of a `/evento/:id/...` route; 0 (asks nothing) for one that is not a number. */
export function useEventRouteId(): number {
  const raw = useParams<{ id: string }>().id ?? ''
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0
}
