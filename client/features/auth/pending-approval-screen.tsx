import { Clock3Icon, MailCheckIcon, MailWarningIcon } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import type { Viewer } from '@/lib/auth'
import { appConfig } from '@/lib/config'
import { toastError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { useSignOut } from './use-sign-out'

/** Shown instead of the whole app until an administrator approves the account. */
export function PendingApprovalScreen({ viewer }: { viewer: Viewer }) {
  usePageTitle('Aguardando aprovação')
  const { signOut, isPending } = useSignOut()
  const resend = trpc.auth.resendVerification.useMutation({
    onSuccess: () =>
      toast.success('Link reenviado!', { description: `Confira a caixa de entrada de ${viewer.email}.` }),
    onError: (error) => toastError(error, 'Erro ao reenviar'),
  })

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <div className="mx-auto mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Clock3Icon className="size-7" aria-hidden="true" />
          </div>
          <CardTitle>
            <h1 className="text-2xl">Sua conta está aguardando aprovação!</h1>
          </CardTitle>
          <CardDescription>
            Um administrador vai revisar seu cadastro em breve. Você terá acesso completo ao Vupt assim que
            ele for aprovado.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <ul className="grid gap-2 text-muted-foreground">
            <li>• Estamos verificando os seus dados.</li>
            <li>
              • Você será notificado(a) quando a sua conta for aprovada — esta tela se atualiza sozinha.
            </li>
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
            <a className="font-medium text-primary underline" href={`mailto:${appConfig.supportEmail}`}>
              {appConfig.supportEmail}
            </a>
          </p>
        </CardContent>
        <CardFooter className="justify-center">
          <Button variant="outline" onClick={signOut} disabled={isPending}>
            {isPending ? 'Saindo...' : 'Sair'}
          </Button>
        </CardFooter>
      </Card>
    </main>
  )
}
