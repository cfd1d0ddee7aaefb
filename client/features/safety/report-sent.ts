import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

const SENT_TEXTS = {
  content: {
    title: 'Denúncia enviada',
    description: 'A moderação analisa em até 24 horas. Acompanhe em Minha Conta.',
    errorTitle: 'Erro ao enviar denúncia',
  },
  barrier: {
    title: 'Relato enviado',
    description: 'A moderação responde em até 24 horas. Acompanhe em Minha Conta.',
    errorTitle: 'Erro ao enviar o relato',
  },
} as const

/**
 * The onSuccess and onError of sending a report (about content, or an accessibility barrier): the toast
 * says it reached the moderation, the member's own reports in Minha Conta are refreshed and `onDone`
 * closes the dialog; a failure is toasted.
 */
export function useReportSent(kind: keyof typeof SENT_TEXTS, onDone: () => void) {
  const utils = trpc.useUtils()
  const { title, description, errorTitle } = SENT_TEXTS[kind]
  return {
    onSuccess: () => {
      toast.success(title, { description })
      void utils.safety.myReports.invalidate()
      onDone()
    },
    onError: (error: unknown) => toastError(error, errorTitle),
  }
}
