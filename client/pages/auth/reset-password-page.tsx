import { routes } from '@shared/routes'
import { useLocation, useSearch } from 'wouter'
import { CardPage } from '@/components/card-page'
import { NewPasswordForm } from '@/features/auth/new-password-form'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

export function ResetPasswordPage() {
  usePageTitle('Nova senha')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [, navigate] = useLocation()
  const reset = trpc.auth.resetPassword.useMutation()

  const submit = async (password: string) => {
    try {
      await reset.mutateAsync({ token, password })
      toast.success('Senha redefinida!', { description: 'Entre com a sua nova senha.' })
      navigate(routes.auth(), { replace: true })
    } catch (error) {
      toastError(error, 'Erro ao redefinir senha')
    }
  }

  return (
    <CardPage title="Criar nova senha" description="Escolha uma senha com pelo menos 6 caracteres.">
      <NewPasswordForm
        idPrefix="reset"
        submitLabel="Salvar nova senha"
        pending={reset.isPending}
        disabled={!token}
        onSubmit={submit}
      />
    </CardPage>
  )
}

export default ResetPasswordPage
