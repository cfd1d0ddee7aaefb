import { routes } from '@shared/routes'
import { ShieldAlertIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { usePageTitle } from '@/lib/use-page-title'

/** Shown instead of the admin area to an administrator with neither two-factor nor a passkey yet. */
export function TwoFactorRequiredNotice() {
  usePageTitle('Ative a verificação em duas etapas')
  return (
    <div className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-16 text-center">
      <ShieldAlertIcon className="size-12 text-primary" aria-hidden="true" />
      <h1 className="font-bold text-2xl">Ative a verificação em duas etapas</h1>
      <p className="text-muted-foreground">
        Administradores aprovam contas e mudam permissões: por isso o painel só abre para quem entra com senha
        e um código do app autenticador, ou com uma chave de acesso.
      </p>
      <Button asChild>
        <Link href={routes.security()}>Ativar agora</Link>
      </Button>
    </div>
  )
}
