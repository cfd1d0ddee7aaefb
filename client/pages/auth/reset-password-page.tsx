import { zodResolver } from '@hookform/resolvers/zod'
import { passwordSchema } from '@shared/schemas/auth'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useLocation, useSearch } from 'wouter'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toastError } from '@/lib/errors'
import { toastFirstError } from '@/lib/form-errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const formSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    error: 'As senhas não coincidem',
    path: ['confirmation'],
  })

export function ResetPasswordPage() {
  usePageTitle('Nova senha')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [, navigate] = useLocation()
  const reset = trpc.auth.resetPassword.useMutation()
  const form = useForm<z.infer<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmation: '' },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password })
      toast.success('Senha redefinida!', { description: 'Entre com a sua nova senha.' })
      navigate('/auth', { replace: true })
    } catch (error) {
      toastError(error, { title: 'Erro ao redefinir senha', description: 'Tente novamente mais tarde.' })
    }
  }, toastFirstError)

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Criar nova senha</h1>
          </CardTitle>
          <CardDescription>Escolha uma senha com pelo menos 6 caracteres.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormField label="Nova senha" htmlFor="reset-password" error={errors.password?.message}>
              <Input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                required
                {...fieldAriaProps('reset-password', { error: errors.password?.message })}
                {...form.register('password')}
              />
            </FormField>
            <FormField
              label="Confirme a nova senha"
              htmlFor="reset-confirmation"
              error={errors.confirmation?.message}
            >
              <Input
                id="reset-confirmation"
                type="password"
                autoComplete="new-password"
                required
                {...fieldAriaProps('reset-confirmation', { error: errors.confirmation?.message })}
                {...form.register('confirmation')}
              />
            </FormField>
            <Button type="submit" disabled={reset.isPending || !token}>
              {reset.isPending ? 'Salvando...' : 'Salvar nova senha'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}

export default ResetPasswordPage
