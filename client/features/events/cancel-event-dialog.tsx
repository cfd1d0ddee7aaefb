import { CalendarXIcon } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'

/** The organizer calls off an approved event; the dialog stays open, busy, until the server answers. */
export function CancelEventDialog({ eventId, eventTitle }: { eventId: number; eventTitle: string }) {
  const [open, setOpen] = useState(false)
  const utils = trpc.useUtils()
  const cancel = trpc.events.cancel.useMutation()

  const confirm = () =>
    saveThenClose(
      async () => {
        const result = await cancel.mutateAsync({ id: eventId })
        utils.events.byId.setData({ id: eventId }, (current) =>
          current ? { ...current, status: result.status } : current,
        )
      },
      {
        saved: 'Evento cancelado',
        savedDescription: 'Os participantes verão o evento como cancelado.',
        failed: 'Erro ao cancelar evento',
        onDone: () => setOpen(false),
        refresh: () => Promise.all([utils.events.list.invalidate(), utils.events.mine.invalidate()]),
      },
    )

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" tone="destructive" className="w-full">
          <CalendarXIcon aria-hidden="true" />
          Cancelar evento
        </Button>
      }
      title="Cancelar evento?"
      description={`“${eventTitle}” aparecerá como cancelado para todos, e ninguém mais poderá confirmar presença. Esta ação não pode ser desfeita.`}
      confirmLabel="Sim, cancelar evento"
      busyLabel="Cancelando..."
      cancelLabel="Voltar"
      busy={cancel.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
