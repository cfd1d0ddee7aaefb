import { formatTicketCode } from '@shared/event-tickets'
import { QrCodeIcon, TicketIcon } from 'lucide-react'
import { useState } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { trpc } from '@/lib/trpc'

/**
 * The member's ticket under an event of Meus eventos: the code, readable and typeable at the door, and
 * its QR code in a dialog (fetched when opened, drawn by the server).
 */
export function EventTicket({ eventId, title, code }: { eventId: number; title: string; code: string }) {
  const [open, setOpen] = useState(false)
  const ticket = trpc.events.ticket.useQuery({ id: eventId }, { enabled: open })
  return (
    <div id={`ingresso-${eventId}`} className="grid gap-2 rounded-lg border border-dashed p-3">
      <p className="flex items-center gap-2 text-sm">
        <TicketIcon aria-hidden="true" className="size-4 text-primary" />
        <span>
          Ingresso: <span className="font-mono font-semibold tracking-widest">{formatTicketCode(code)}</span>
        </span>
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Mostrar QR code do ingresso de ${title}`}
          >
            <QrCodeIcon aria-hidden="true" />
            Mostrar QR code
          </Button>
        </DialogTrigger>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Seu ingresso</DialogTitle>
            <DialogDescription>{title}: mostre este QR code na entrada, ou diga o código.</DialogDescription>
          </DialogHeader>
          {ticket.data ? (
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(ticket.data.qrSvg)}`}
              alt={`QR code do ingresso ${formatTicketCode(code)}`}
              className="mx-auto aspect-square w-full max-w-64 bg-white p-2"
            />
          ) : ticket.error ? (
            <p role="alert" className="text-destructive text-sm">
              Não foi possível carregar o QR code. Use o código abaixo.
            </p>
          ) : (
            <>
              <LoadingStatus>Carregando QR code...</LoadingStatus>
              <Skeleton className="mx-auto aspect-square w-full max-w-64" />
            </>
          )}
          <p className="text-center font-mono font-semibold text-2xl tracking-widest">
            {formatTicketCode(code)}
          </p>
          {ticket.data?.checkedIn ? (
            <p className="text-center text-muted-foreground text-sm">Sua entrada já foi registrada.</p>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  )
}
