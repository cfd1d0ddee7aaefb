import { zodResolver } from '@hookform/resolvers/zod'
import { BARRIER_PAGE_MAX, BARRIER_TOOL_MAX, REPORT_DETAILS_MAX } from '@shared/safety'
import { type BarrierReportInput, barrierReportSchema } from '@shared/schemas/safety'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { OpenState } from '@/components/deferred-dialog'
import { DialogForm } from '@/components/dialog-form'
import { InputField, TextareaField } from '@/components/text-fields'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { trpc } from '@/lib/trpc'
import { useReportSent } from './report-sent'

/** The dialog behind "Relatar uma barreira" (fetched when someone reaches for the button, see barrier-report-button.tsx). */
export default function BarrierReportDialog({ open, onOpenChange }: OpenState) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <BarrierReportForm onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  )
}

function BarrierReportForm({ onDone }: { onDone: () => void }) {
  const id = useId()
  const form = useForm<BarrierReportInput>({
    resolver: zodResolver(barrierReportSchema),
    defaultValues: { page: '', details: '', assistiveTech: '' },
  })
  const report = trpc.safety.reportBarrier.useMutation(useReportSent('barrier', onDone))
  const submit = form.handleSubmit((values) => report.mutate(values), toastFirstError)
  const busy = report.isPending

  return (
    <DialogForm
      title="Relatar uma barreira"
      description="Conte onde e como o Vupt atrapalhou você. O relato chega à moderação, que responde em até 24 horas."
      onSubmit={submit}
      submitLabel="Enviar relato"
      busy={busy}
      busyLabel="Enviando..."
    >
      <InputField
        label="Página"
        maxLength={BARRIER_PAGE_MAX}
        placeholder="Por exemplo: /portal ou a tela de criar anúncio"
        disabled={busy}
        {...boundField(form, 'page', `${id}-page`)}
      />
      <TextareaField
        label="O que aconteceu"
        rows={4}
        maxLength={REPORT_DETAILS_MAX}
        placeholder="O que você tentou fazer e o que impediu"
        disabled={busy}
        {...boundField(form, 'details', `${id}-details`)}
      />
      <InputField
        label="O que você usa para navegar (opcional)"
        maxLength={BARRIER_TOOL_MAX}
        placeholder="Por exemplo: NVDA com Firefox, só teclado, zoom de 200%"
        disabled={busy}
        {...boundField(form, 'assistiveTech', `${id}-tech`)}
      />
    </DialogForm>
  )
}
