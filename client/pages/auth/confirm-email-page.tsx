import { routes } from '@shared/routes'
import { type FormEvent, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { CardPage } from '@/components/card-page'
import { PasswordField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { useViewer } from '@/lib/auth'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const LINK_FAILURE = 'Erro ao confirmar o novo e-mail'

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
  const [password, setPassword] = useState('')
  const withoutPassword = security.data?.hasPassword === false

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await confirm.mutateAsync({ token, password: withoutPassword ? '' : password })
    } catch (error) {
      toastError(error, LINK_FAILURE)
    }
  }

  if (!token) {
    return (
      <CardPage
        contentClassName="flex flex-wrap gap-2"
        title="Link inválido ou expirado"
        description="Peça a troca de e-mail de novo em Minha Conta → Segurança e privacidade."
      >
        <NextButton signedIn={Boolean(viewer)} />
      </CardPage>
    )
  }

  if (confirm.isSuccess) {
    return (
      <CardPage
        contentClassName="flex flex-wrap gap-2"
        title="E-mail alterado!"
        description={`A partir de agora, você entra no Vupt com ${confirm.data.email}.`}
      >
        <NextButton signedIn={Boolean(viewer)} />
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
      <form onSubmit={submit} noValidate className="grid w-full gap-4">
        {withoutPassword ? null : (
          <PasswordField
            id="confirm-email-password"
            label="Senha da conta"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <Button type="submit" disabled={confirm.isPending || (!withoutPassword && password.length === 0)}>
          {confirm.isPending ? 'Confirmando...' : 'Confirmar novo e-mail'}
        </Button>
      </form>
    </CardPage>
  )
}

function NextButton({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button asChild>
      <Link href={routes.security()}>Ir para Segurança e privacidade</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link href={`~${routes.home()}`}>Ir para o início</Link>
    </Button>
  )
}

export default ConfirmEmailPage
