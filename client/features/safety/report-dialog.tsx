import {
  CONTENT_REPORT_REASONS,
  type ContentReportReason,
  type ContentReportTarget,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
} from '@shared/safety'
import { useId, useState } from 'react'
import { ChoiceFieldset, RadioCards } from '@/components/choice-fieldset'
import { DialogForm } from '@/components/dialog-form'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { trpc } from '@/lib/trpc'
import { useReportSent } from './report-sent'

const WHAT: Record<ContentReportTarget, string> = {
  listing: 'este anúncio',
  user: 'este perfil',
  message: 'esta mensagem',
  wanted: 'este pedido',
  review: 'esta avaliação',
}

/**
 * The dialog behind 'Denunciar' (fetched when someone reaches for the button, see report-button.tsx).
 * The reported person is never told who reported; the reporter follows the outcome in Minha Conta and
 * in the notifications.
 */
export default function ReportDialog({
  targetType,
  targetId,
  open,
  onOpenChange,
}: {
  targetType: ContentReportTarget
  targetId: number
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <ReportForm targetType={targetType} targetId={targetId} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ReportForm({
  targetType,
  targetId,
  onDone,
}: {
  targetType: ContentReportTarget
  targetId: number
  onDone: () => void
}) {
  const id = useId()
  const [reason, setReason] = useState<ContentReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [showError, setShowError] = useState(false)
  const report = trpc.safety.report.useMutation(useReportSent('content', onDone))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!reason) {
      setShowError(true)
      return
    }
    report.mutate({ targetType, targetId, reason, ...(details.trim() ? { details } : {}) })
  }

  return (
    <DialogForm
      title={`Denunciar ${WHAT[targetType]}`}
      description="A pessoa denunciada não fica sabendo quem denunciou. A moderação analisa cada denúncia em até 24 horas."
      onSubmit={submit}
      submitLabel="Enviar denúncia"
      busy={report.isPending}
      busyLabel="Enviando..."
      destructive
    >
      <ChoiceFieldset
        id={id}
        legend="Motivo"
        error={showError && !reason ? 'Escolha o motivo da denúncia' : undefined}
      >
        <RadioCards
          name={`${id}-reason`}
          values={CONTENT_REPORT_REASONS}
          labels={REPORT_REASON_LABELS}
          chosen={reason}
          onChoose={setReason}
          disabled={report.isPending}
        />
      </ChoiceFieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-details`}>Detalhes (opcional)</Label>
        <Textarea
          id={`${id}-details`}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(event) => setDetails(event.target.value)}
          placeholder="Conte o que aconteceu"
          rows={4}
          disabled={report.isPending}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="text-right text-muted-foreground text-xs">
          {details.length}/{REPORT_DETAILS_MAX}
        </p>
      </div>
    </DialogForm>
  )
}
