import { CheckIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useSignInRedirect } from '@/features/auth/use-sign-in-redirect'
import { useViewer } from '@/lib/auth'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { isEventFull } from './event-labels'
import type { EventDetail } from './event-types'

/**
 * 'Vou participar' / 'Cancelar presença' on an approved event that has not started. Visitors are
 * sent to sign in and brought back here; a full event offers a disabled 'Evento lotado'.
 */
export function EventRsvpButton({ event }: { event: EventDetail }) {
  const { viewer } = useViewer()
  const toSignIn = useSignInRedirect()
  const utils = trpc.useUtils()
  const attend = trpc.events.attend.useMutation()
  const unattend = trpc.events.unattend.useMutation()
  const busy = attend.isPending || unattend.isPending

  const apply = (result: { isGoing: boolean; attendeesCount: number }) => {
    utils.events.byId.setData({ id: event.id }, (current) =>
      current ? { ...current, isGoing: result.isGoing, attendeesCount: result.attendeesCount } : current,
    )
    void utils.events.list.invalidate()
  }

  const failed = (error: unknown, title: string) => {
    // The server's reason ('Evento lotado: não há mais vagas.') goes under the title.
    toastError(error, title)
    // The count (or the event itself) changed under us: show what is true now.
    void utils.events.byId.invalidate({ id: event.id })
  }

  const join = async () => {
    if (!viewer) {
      toSignIn()
      return
    }
    try {
      apply(await attend.mutateAsync({ id: event.id }))
      toast.success('Presença confirmada! Vupt! 🎉')
    } catch (error) {
      failed(error, 'Erro ao confirmar presença')
    }
  }

  const leave = async () => {
    try {
      apply(await unattend.mutateAsync({ id: event.id }))
      toast.success('Presença cancelada')
    } catch (error) {
      failed(error, 'Erro ao cancelar presença')
    }
  }

  if (event.isGoing) {
    return (
      <div className="grid gap-2">
        <p className="inline-flex items-center gap-1.5 font-medium text-emerald-700 text-sm dark:text-emerald-300">
          <CheckIcon aria-hidden="true" className="size-4" />
          Você confirmou presença
        </p>
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() => void leave()}
          disabled={busy}
        >
          {unattend.isPending ? 'Cancelando...' : 'Cancelar presença'}
        </Button>
      </div>
    )
  }

  if (isEventFull(event)) {
    return (
      <Button type="button" size="lg" className="w-full" disabled>
        Evento lotado
      </Button>
    )
  }

  return (
    <Button type="button" size="lg" className="w-full" onClick={() => void join()} disabled={busy}>
      {attend.isPending ? 'Confirmando...' : 'Vou participar'}
    </Button>
  )
}
