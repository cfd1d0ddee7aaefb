import { zodResolver } from '@hookform/resolvers/zod'
import { PASSWORD_MIN } from '@shared/limits'
import { KeyRoundIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { FormActions } from '@/components/form-actions'
import { PasswordField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { type ChangePasswordFormValues, changePasswordFormSchema } from './account-schemas'
import { showPasswordRefusal } from './password-refusal'
import { SecuritySection } from './security-section'

const FIELDS = [
  { name: 'currentPassword', label: 'Senha atual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nova senha', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirme a nova senha', autoComplete: 'new-password' },
] as const

/**
 * 'Senha'. The form stays folded until asked for: besides being shorter on a phone, it keeps the page's
 * only field labelled 'Senha' the one of whatever dialog is open (account deletion, reauthentication).
 */
export function PasswordCard({
  email,
  hasPassword,
  formOpen,
  onFormOpenChange,
}: {
  email: string
  hasPassword: boolean
  formOpen: boolean
  onFormOpenChange: (open: boolean) => void
}) {
  return (
    <SecuritySection
      title="Senha"
      icon={<KeyRoundIcon className="size-5" aria-hidden="true" />}
      description={
        hasPassword
          ? 'Ao trocar a senha, as outras sessões são encerradas.'
          : 'Sua conta entra só com o Google e ainda não tem senha.'
      }
    >
      {!hasPassword ? (
        <CreatePasswordByEmail email={email} />
      ) : formOpen ? (
        <ChangePasswordForm onDone={() => onFormOpenChange(false)} />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => onFormOpenChange(true)}>
          Alterar senha
        </Button>
      )}
    </SecuritySection>
  )
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils()
  const change = trpc.account.changePassword.useMutation()
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword })
      toast.success('Senha alterada!', { description: 'As outras sessões foram encerradas.' })
      // The session list shrank, and the password just proven opens the reauthentication window.
      void utils.account.security.invalidate()
      form.reset()
      onDone()
    } catch (error) {
      showPasswordRefusal(error, {
        form,
        field: 'currentPassword',
        wrongPassword: 'A senha atual não confere.',
        title: 'Erro ao alterar a senha',
      })
    }
  }, toastFirstError)

  const newPasswordHint = `Mínimo de ${PASSWORD_MIN} caracteres`
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={change.isPending || undefined}>
      {FIELDS.map((field) => (
        <PasswordField
          key={field.name}
          label={field.label}
          hint={field.name === 'newPassword' ? newPasswordHint : undefined}
          autoComplete={field.autoComplete}
          autoFocus={field.name === 'currentPassword'}
          {...boundField(form, field.name, `password-${field.name}`)}
        />
      ))}
      <FormActions
        onCancel={onDone}
        cancelDisabled={change.isPending}
        cancelVariant="ghost"
        submitLabel={change.isPending ? 'Salvando...' : 'Salvar nova senha'}
        submitDisabled={change.isPending}
        submitSize="default"
      />
    </form>
  )
}

/** A Google-only account gets a password through the reset link, proving it owns the address. */
function CreatePasswordByEmail({ email }: { email: string }) {
  const request = trpc.auth.requestPasswordReset.useMutation({
    onSuccess: () =>
      toast.success('Link enviado!', {
        description: `Enviamos para ${email} um link para você criar uma senha.`,
      }),
    onError: (error) => toastError(error, 'Erro ao enviar link'),
  })
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        Com uma senha, você pode entrar mesmo sem o Google, desvincular a conta Google e excluir a conta.
      </p>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={request.isPending}
        onClick={() => request.mutate({ email })}
      >
        {request.isPending ? 'Enviando...' : 'Criar senha por e-mail'}
      </Button>
    </div>
  )
}
