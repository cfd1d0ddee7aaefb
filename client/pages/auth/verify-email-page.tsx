import { useState } from 'react'
import { useSearch } from 'wouter'
import { CardPage } from '@/components/card-page'
import { Button } from '@/components/ui/button'
import { NewPasswordForm } from '@/features/auth/new-password-form'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { HomeButton, InvalidLinkPage, LinkPasswordForm } from './email-link-page'

const LINK_FAILURE = 'Erro ao confirmar o e-mail'

/**
 * The confirmation link. Whoever signed up answers with the password they chose, which proves the
 * mailbox and the sign-up belong to the same person. Someone who got the link for a sign-up they did
 * not make takes the address with a password of their own ("Não criei esta conta").
 */
export function VerifyEmailPage() {
  usePageTitle('Confirmar e-mail')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const utils = trpc.useUtils()
  const onSuccess = () => utils.auth.me.invalidate()
  const verify = trpc.auth.verifyEmail.useMutation({ onSuccess })
  const claim = trpc.auth.claimAccount.useMutation({ onSuccess })
  const [mode, setMode] = useState<'confirm' | 'claim'>('confirm')

  const takeOver = async (newPassword: string) => {
    try {
      await claim.mutateAsync({ token, password: newPassword })
    } catch (error) {
      toastError(error, LINK_FAILURE)
    }
  }

  if (!token) {
    return (
      <InvalidLinkPage description="Entre na sua conta para pedir um novo link de confirmação.">
        <HomeButton />
      </InvalidLinkPage>
    )
  }

  if (verify.isSuccess || claim.isSuccess) {
    return (
      <CardPage
        title="E-mail confirmado!"
        description={
          claim.isSuccess
            ? 'A conta deste e-mail agora é sua, com a senha que você escolheu. Um administrador vai revisá-la, e você será avisado(a) quando ela for aprovada.'
            : 'Obrigado! Agora um administrador vai revisar sua conta. Você será avisado(a) quando ela for aprovada.'
        }
      >
        <HomeButton />
      </CardPage>
    )
  }

  const claiming = mode === 'claim'
  return (
    <CardPage
      title={claiming ? 'Esta conta não é sua?' : 'Confirme seu e-mail'}
      description={
        claiming
          ? 'Alguém se cadastrou com o seu e-mail. Como o e-mail é seu, a conta também é: escolha uma senha. A senha, as sessões e a verificação em duas etapas de quem se cadastrou serão apagadas, e um administrador revisará a conta de novo.'
          : 'Para confirmar, digite a senha que você criou no cadastro.'
      }
      footer={
        <Button variant="link" size="flush" onClick={() => setMode(claiming ? 'confirm' : 'claim')}>
          {claiming ? 'Voltar, fui eu que criei a conta' : 'Não criei esta conta'}
        </Button>
      }
    >
      {claiming ? (
        <NewPasswordForm
          idPrefix="claim"
          submitLabel="Ficar com a conta"
          pending={claim.isPending}
          onSubmit={takeOver}
        />
      ) : (
        <LinkPasswordForm
          id="verify-password"
          label="Senha do cadastro"
          submitLabel="Confirmar e-mail"
          failure={LINK_FAILURE}
          pending={verify.isPending}
          onSubmit={(password) => verify.mutateAsync({ token, password })}
        />
      )}
    </CardPage>
  )
}

export default VerifyEmailPage
