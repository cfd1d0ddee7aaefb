import { CalendarXIcon } from 'lucide-react'
import { type MouseEvent, useState } from 'react'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button, buttonVariants } from '@/components/ui/button'
import { toastError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'

/** The organizer calls off an approved event; the dialog stays open, busy, until the server answers. */
export function CancelEventDialog({ eventId, eventTitle }: { eventId: number; eventTitle: string }) {
  const [open, setOpen] = useState(false)
  const utils = trpc.useUtils()
  const cancel = trpc.events.cancel.useMutation()

  const confirm = async (event: MouseEvent) => {
    // Radix closes on Action; keep it open so a failure can be retried and the busy label seen.
    event.preventDefault()
    try {
      const result = await cancel.mutateAsync({ id: eventId })
      utils.events.byId.setData({ id: eventId }, (current) =>
        current ? { ...current, status: result.status } : current,
      )
      toast.success('Evento cancelado', { description: 'Os participantes verão o evento como cancelado.' })
      setOpen(false)
      void utils.events.list.invalidate()
      void utils.events.mine.invalidate()
    } catch (error) {
      toastError(error, 'Erro ao cancelar evento')
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (cancel.isPending ? undefined : setOpen(next))}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" className="w-full text-destructive hover:text-destructive">
          <CalendarXIcon aria-hidden="true" />
          Cancelar evento
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancelar evento?</AlertDialogTitle>
          <AlertDialogDescription>
            “{eventTitle}” aparecerá como cancelado para todos, e ninguém mais poderá confirmar presença. Esta
            ação não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Voltar</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={cancel.isPending}
            onClick={confirm}
          >
            {cancel.isPending ? 'Cancelando...' : 'Sim, cancelar evento'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
