import { Clock3Icon, MailCheckIcon, MailWarningIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Viewer } from '@/lib/auth'
import { appConfig } from '@/lib/config'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { AccountGateScreen } from './account-gate-screen'

/** Shown instead of the whole app until an administrator approves the account. */
export function PendingApprovalScreen({ viewer }: { viewer: Viewer }) {
  usePageTitle('Aguardando aprovação')
  const resend = trpc.auth.resendVerification.useMutation({
    onSuccess: () =>
      toast.success('Link reenviado!', { description: `Confira a caixa de entrada de ${viewer.email}.` }),
    onError: (error) => toastError(error, 'Erro ao reenviar'),
  })

  return (
    <AccountGateScreen
      icon={Clock3Icon}
      tone="primary"
      title="Sua conta está aguardando aprovação!"
      description="Um administrador vai revisar seu cadastro em breve. Você terá acesso completo ao Vupt assim que ele for aprovado."
      contentClassName="grid gap-4 text-sm"
    >
      <ul className="grid gap-2 text-muted-foreground">
        <li>• Estamos verificando os seus dados.</li>
        <li>• Você será notificado(a) quando a sua conta for aprovada — esta tela se atualiza sozinha.</li>
        <li>• A aprovação normalmente leva de 24 a 48 horas.</li>
      </ul>
      {viewer.emailVerified ? (
        <p className="flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-emerald-800">
          <MailCheckIcon className="size-4 shrink-0" aria-hidden="true" />
          E-mail {viewer.email} confirmado.
        </p>
      ) : (
        <div className="grid gap-2 rounded-md bg-amber-50 p-3 text-amber-900">
          <p className="flex items-center gap-2">
            <MailWarningIcon className="size-4 shrink-0" aria-hidden="true" />
            Confirme seu e-mail: enviamos um link para {viewer.email}.
          </p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Reenviando...' : 'Reenviar link de confirmação'}
          </Button>
        </div>
      )}
      <p className="text-muted-foreground">
        Dúvidas? Fale com o suporte:{' '}
        <a className="font-medium text-primary underline" href={`mailto:${appConfig().supportEmail}`}>
          {appConfig().supportEmail}
        </a>
      </p>
    </AccountGateScreen>
  )
}
