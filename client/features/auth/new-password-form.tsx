import { zodResolver } from '@hookform/resolvers/zod'
import { passwordSchema } from '@shared/schemas/auth'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { PasswordField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'

const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    error: 'As senhas não coincidem',
    path: ['confirmation'],
  })
type NewPasswordForm = z.infer<typeof newPasswordFormSchema>

/** A new password typed twice: the reset link and "Não criei esta conta" both end here. */
export function NewPasswordForm({
  idPrefix,
  submitLabel,
  pending,
  disabled = false,
  onSubmit,
}: {
  idPrefix: string
  submitLabel: string
  pending: boolean
  disabled?: boolean
  onSubmit: (password: string) => Promise<void>
}) {
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmation: '' },
  })
  const submit = form.handleSubmit(({ password }) => onSubmit(password), toastFirstError)

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        {...boundField(form, 'password', `${idPrefix}-password`)}
      />
      <PasswordField
        label="Confirme a nova senha"
        autoComplete="new-password"
        {...boundField(form, 'confirmation', `${idPrefix}-confirmation`)}
      />
      <Button type="submit" disabled={pending || disabled}>
        {pending ? 'Salvando...' : submitLabel}
      </Button>
    </form>
  )
}
