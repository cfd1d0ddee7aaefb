import { formatHandoffCode, type MeetingView } from '@shared/meetings'
import { KeyRoundIcon, QrCodeIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { DialogForm } from '@/components/dialog-form'
import { InputField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { canScanQr, QrScanner } from '@/features/events/qr-scanner'
import { formatDateTime } from '@/lib/dates'
import { describeError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { useMeetingChange } from './meeting-cache'

/**
 * The seller's "Mostrar código": the short code and its QR code (a link to the meeting's page with the code),
 * for the buyer to type or scan with the phone's camera app or Vupt's own scanner.
 */
export function HandoffCodeDialog({ meeting }: { meeting: MeetingView }) {
  const [open, setOpen] = useState(false)
  const show = trpc.deals.meetings.handoffCode.useMutation()
  const { mutate, reset } = show
  useEffect(() => {
    if (open) mutate({ meetingId: meeting.id })
    else reset()
  }, [open, meeting.id, mutate, reset])
  const failure = show.error ? describeError(show.error) : null
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" size="sm" onClick={() => setOpen(true)}>
        <QrCodeIcon aria-hidden="true" />
        Mostrar código da entrega
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Código da entrega</DialogTitle>
          <DialogDescription>
            Mostre este código a quem compra, na hora da entrega. Quem compra lê o QR code com a câmera do
            celular (iPhone ou Android), que abre o Vupt nesta entrega com o código preenchido, ou digita o
            código.
          </DialogDescription>
        </DialogHeader>
        {show.data ? (
          <div className="grid justify-items-center gap-3">
            <p className="font-mono font-semibold text-4xl tracking-widest" data-testid="handoff-code">
              {formatHandoffCode(show.data.code)}
            </p>
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(show.data.qrSvg)}`}
              alt={`QR code do código ${formatHandoffCode(show.data.code)}`}
              className="size-56 rounded-lg bg-white p-2"
            />
            <p className="text-muted-foreground text-sm">Vale até {formatDateTime(show.data.validUntil)}.</p>
          </div>
        ) : failure ? (
          <p role="alert" className="text-sm">
            <span className="font-medium">{failure.title}</span> {failure.description}
          </p>
        ) : (
          <p role="status" className="text-muted-foreground text-sm">
            Carregando o código...
          </p>
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * The buyer's confirmation of a hand-off by the seller's code, typed or read by the camera: whether this
 * browser can scan (decided after hydration, so the server's HTML matches), and `send` for a code.
 */
export function useHandoffConfirm(meeting: MeetingView, onDone?: () => void) {
  const [scannable, setScannable] = useState(false)
  useEffect(() => setScannable(canScanQr()), [])
  const confirm = trpc.deals.meetings.confirmHandoff.useMutation(
    useMeetingChange(meeting.conversationId, {
      successMessage: 'Entrega confirmada!',
      errorTitle: 'Erro ao confirmar a entrega',
      onDone,
    }),
  )
  const send = (text: string) => {
    if (text.trim() && !confirm.isPending) confirm.mutate({ meetingId: meeting.id, code: text })
  }
  return { scannable, busy: confirm.isPending, send }
}

/** The field for the seller's hand-off code. */
export function HandoffCodeInput({
  id,
  value,
  onChange,
  disabled,
  hint,
  className,
}: {
  id: string
  value: string
  onChange: (code: string) => void
  disabled: boolean
  hint?: string
  className?: string
}) {
  return (
    <InputField
      id={id}
      label="Código da entrega"
      hint={hint}
      value={value}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={60}
      placeholder="ABC-DEF"
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      className={className}
    />
  )
}

/** The buyer's "Confirmar entrega": the seller's code, typed (always) or read by the camera (where the browser opens it). */
export function HandoffConfirmDialog({ meeting }: { meeting: MeetingView }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [code, setCode] = useState('')
  const { scannable, busy, send } = useHandoffConfirm(meeting, () => setOpen(false))
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setCode('')
      }}
    >
      <Button type="button" size="sm" onClick={() => setOpen(true)}>
        <KeyRoundIcon aria-hidden="true" />
        Confirmar entrega
      </Button>
      <DialogContent>
        <DialogForm
          title="Confirmar a entrega"
          description={
            scannable
              ? 'Confirme só com o item em mãos: leia o QR code de quem vende aqui ou com a câmera do celular, ou digite o código.'
              : 'Confirme só com o item em mãos: leia o QR code de quem vende com o app de câmera do celular, ou digite o código.'
          }
          onSubmit={(event) => {
            event.preventDefault()
            send(code)
          }}
          onCancel={() => setOpen(false)}
          submitLabel="Confirmar entrega"
          submitDisabled={code.trim() === ''}
          busy={busy}
          busyLabel="Confirmando..."
        >
          <HandoffCodeInput id={`${id}-code`} value={code} onChange={setCode} disabled={busy} />
          {scannable && open ? <QrScanner onCode={send} busy={busy} /> : null}
        </DialogForm>
      </DialogContent>
    </Dialog>
  )
}
