import { routes } from '@shared/routes'
import { CheckIcon, HourglassIcon, TicketIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { useSignInRedirect } from '@/features/auth/use-sign-in-redirect'
import { useViewer } from '@/lib/auth'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { isEventFull } from './event-labels'
import type { EventDetail } from './event-types'

type Attendance = { isGoing: boolean; attendeesCount: number; waitlistPosition: number | null }

/** Cancelling a confirmed place and leaving the waiting list are the same call; only the words differ. */
const LEAVE_TEXTS = {
  going: {
    label: 'Cancelar presença',
    busyLabel: 'Cancelando...',
    done: 'Presença cancelada',
    failure: 'Erro ao cancelar presença',
  },
  waiting: {
    label: 'Sair da lista de espera',
    busyLabel: 'Saindo...',
    done: 'Você saiu da lista de espera',
    failure: 'Erro ao sair da lista de espera',
  },
} as const

type Place = keyof typeof LEAVE_TEXTS

/**
 * 'Vou participar' / 'Cancelar presença' on an approved event that has not started; on a full event,
 * 'Entrar na lista de espera', then the member's position and 'Sair da lista de espera'. Visitors are
 * sent to sign in and brought back here.
 */
export function EventRsvpButton({ event }: { event: EventDetail }) {
  const { viewer } = useViewer()
  const toSignIn = useSignInRedirect()
  const utils = trpc.useUtils()
  const attend = trpc.events.attend.useMutation()
  const unattend = trpc.events.unattend.useMutation()
  const busy = attend.isPending || unattend.isPending

  const apply = (result: Attendance) => {
    utils.events.byId.setData({ id: event.id }, (current) =>
      current
        ? {
            ...current,
            isGoing: result.isGoing,
            attendeesCount: result.attendeesCount,
            waitlistPosition: result.waitlistPosition,
          }
        : current,
    )
    // The list's length and the member's own lists changed too.
    void utils.events.byId.invalidate({ id: event.id })
    void utils.events.list.invalidate()
    void utils.events.attending.invalidate()
    void utils.events.waiting.invalidate()
  }

  const failed = (error: unknown, title: string) => {
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
      const result = await attend.mutateAsync({ id: event.id })
      apply(result)
      if (result.isGoing) toast.success('Presença confirmada! Vupt! 🎉')
      else
        toast.success('Você entrou na lista de espera', {
          description: `Sua posição: ${result.waitlistPosition}. Avisamos quando abrir uma vaga.`,
        })
    } catch (error) {
      failed(error, 'Erro ao confirmar presença')
    }
  }

  const leave = async (from: Place) => {
    try {
      apply(await unattend.mutateAsync({ id: event.id }))
      toast.success(LEAVE_TEXTS[from].done)
    } catch (error) {
      failed(error, LEAVE_TEXTS[from].failure)
    }
  }

  const leaveButton = (from: Place) => (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      onClick={() => void leave(from)}
      disabled={busy}
    >
      {unattend.isPending ? LEAVE_TEXTS[from].busyLabel : LEAVE_TEXTS[from].label}
    </Button>
  )

  if (event.isGoing) {
    return (
      <div className="grid gap-2">
        <p className="inline-flex items-center gap-1.5 font-medium text-emerald-700 text-sm">
          <CheckIcon aria-hidden="true" className="size-4" />
          Você confirmou presença
        </p>
        <ButtonLink href={`${routes.myEvents()}#ingresso-${event.id}`} size="lg" className="w-full">
          <TicketIcon aria-hidden="true" />
          Ver meu ingresso
        </ButtonLink>
        {leaveButton('going')}
      </div>
    )
  }

  if (event.waitlistPosition !== null) {
    return (
      <div className="grid gap-2">
        <p className="inline-flex items-center gap-1.5 font-medium text-sm">
          <HourglassIcon aria-hidden="true" className="size-4" />
          Você está na lista de espera: posição {event.waitlistPosition}
        </p>
        <p className="text-muted-foreground text-sm">
          Se alguém cancelar, a vaga é sua pela ordem de chegada, e avisamos você na hora e por e-mail.
        </p>
        {leaveButton('waiting')}
      </div>
    )
  }

  if (isEventFull(event)) {
    return (
      <div className="grid gap-2">
        <p className="font-medium text-sm">Evento lotado</p>
        <Button type="button" size="lg" className="w-full" onClick={() => void join()} disabled={busy}>
          {attend.isPending ? 'Entrando...' : 'Entrar na lista de espera'}
        </Button>
      </div>
    )
  }

  return (
    <Button type="button" size="lg" className="w-full" onClick={() => void join()} disabled={busy}>
      {attend.isPending ? 'Confirmando...' : 'Vou participar'}
    </Button>
  )
}
