import { routes } from '@shared/routes'
import { Link, useSearch } from 'wouter'
import { CardPage } from '@/components/card-page'
import { Button } from '@/components/ui/button'
import { useViewer } from '@/lib/auth'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { HomeButton, InvalidLinkPage, LinkPasswordForm } from './email-link-page'

/**
 * `/confirmar-email?token=`: the link sent to the new address of an e-mail change (public). Whoever opens
 * it answers with the account's password, as the sign-up confirmation asks; an account without one
 * (Google) confirms signed in to it.
 */
export function ConfirmEmailPage() {
  usePageTitle('Confirmar novo e-mail')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const { viewer } = useViewer()
  const utils = trpc.useUtils()
  const security = trpc.account.security.useQuery(undefined, { enabled: Boolean(viewer) })
  const confirm = trpc.account.confirmEmailChange.useMutation({
    onSuccess: () => {
      void utils.auth.me.invalidate()
      void utils.account.security.invalidate()
    },
  })
  const withoutPassword = security.data?.hasPassword === false
  const next = viewer ? (
    <Button asChild>
      <Link href={routes.security()}>Ir para Segurança e privacidade</Link>
    </Button>
  ) : (
    <HomeButton />
  )

  if (!token) {
    return (
      <InvalidLinkPage description="Peça a troca de e-mail de novo em Minha Conta → Segurança e privacidade.">
        {next}
      </InvalidLinkPage>
    )
  }

  if (confirm.isSuccess) {
    return (
      <CardPage
        contentClassName="flex flex-wrap gap-2"
        title="E-mail alterado!"
        description={`A partir de agora, você entra no Vupt com ${confirm.data.email}.`}
      >
        {next}
      </CardPage>
    )
  }

  return (
    <CardPage
      contentClassName="flex flex-wrap gap-2"
      title="Confirme seu novo e-mail"
      description={
        withoutPassword
          ? 'Confirme que este é o novo e-mail da sua conta.'
          : 'Para confirmar, digite a senha da sua conta no Vupt.'
      }
    >
      <LinkPasswordForm
        id="confirm-email-password"
        label="Senha da conta"
        submitLabel="Confirmar novo e-mail"
        failure="Erro ao confirmar o novo e-mail"
        pending={confirm.isPending}
        onSubmit={(password) => confirm.mutateAsync({ token, password })}
        withoutPassword={withoutPassword}
        className="w-full"
      />
    </CardPage>
  )
}

export default ConfirmEmailPage
