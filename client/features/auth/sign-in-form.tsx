import type { SignInInput } from '@shared/schemas/auth'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { EmailField, PasswordField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { lazyResolver } from '@/lib/lazy-resolver'
import { TRY_LATER_DESCRIPTION, toast, toastError } from '@/lib/toast'
import { reconnectRealtime, trpc } from '@/lib/trpc'
import { PasskeySignIn } from './passkey-sign-in'
import { TwoFactorStep } from './two-factor-step'

const signInCheck = lazyResolver(async () => {
  const [{ zodResolver }, { signInSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@shared/schemas/auth'),
  ])
  return zodResolver(signInSchema)
})

const resetCheck = lazyResolver(async () => {
  const [{ zodResolver }, { requestPasswordResetSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@shared/schemas/auth'),
  ])
  return zodResolver(requestPasswordResetSchema)
})

/**
 * E-mail and password, or a passkey (PasskeySignIn); with two-factor on, the form turns into TwoFactorStep until the code is given.
 * The step shows whenever the session owes its second factor (`auth.twoFactorPending`), so it also
 * appears straight away after a Google sign-in or a reload.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [forgot, setForgot] = useState(false)
  const utils = trpc.useUtils()
  const signIn = trpc.auth.signIn.useMutation()
  const twoFactor = trpc.auth.twoFactorPending.useQuery()
  useEffect(signInCheck.preload, [])
  const form = useForm<SignInInput>({
    resolver: signInCheck.resolver,
    defaultValues: { email: '', password: '' },
  })

  if (twoFactor.data?.pending) return <TwoFactorStep onVerified={onSignedIn} />
  if (forgot)
    return <ForgotPasswordForm defaultEmail={form.getValues('email')} onBack={() => setForgot(false)} />

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn.mutateAsync(values)
      if (result.twoFactorRequired) {
        // The password was right, but the session waits for the code: no welcome yet.
        utils.auth.twoFactorPending.setData(undefined, { pending: true })
        form.resetField('password')
        return
      }
      // Before the viewer is refreshed: live updates must subscribe on a socket opened with the new cookie.
      reconnectRealtime()
      await utils.auth.me.invalidate()
      toast.success('Login realizado! Vupt! 🎉', { description: 'Bem-vindo(a) de volta!' })
      onSignedIn()
    } catch (error) {
      toastError(error, 'Erro ao fazer login', { failure: TRY_LATER_DESCRIPTION })
    }
  }, toastFirstError)

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Entrar">
      <EmailField
        label="Email"
        placeholder="voce@univille.br"
        // 'webauthn': where the browser has it, the field's autofill also offers this site's passkeys.
        autoComplete="username webauthn"
        {...boundField(form, 'email', 'signin-email')}
      />
      <PasswordField
        label="Senha"
        autoComplete="current-password"
        {...boundField(form, 'password', 'signin-password')}
      />
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? 'Entrando...' : 'Entrar'}
      </Button>
      <PasskeySignIn onSignedIn={onSignedIn} />
      <Button type="button" variant="link" className="justify-self-center" onClick={() => setForgot(true)}>
        Esqueceu a senha?
      </Button>
    </form>
  )
}

function ForgotPasswordForm({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const request = trpc.auth.requestPasswordReset.useMutation()
  const form = useForm<{ email: string }>({
    resolver: resetCheck.resolver,
    defaultValues: { email: defaultEmail },
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values)
      toast.success('Link enviado!', {
        description: 'Se houver uma conta com esse e-mail, você receberá um link para redefinir a senha.',
      })
      onBack()
    } catch (err) {
      toastError(err, 'Erro ao enviar link')
    }
  }, toastFirstError)

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Redefinir senha">
      <p className="text-muted-foreground text-sm">
        Informe seu e-mail institucional. Enviaremos um link para você criar uma nova senha.
      </p>
      <EmailField label="Email" {...boundField(form, 'email', 'forgot-email')} />
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? 'Enviando...' : 'Enviar link de redefinição'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Voltar para o login
      </Button>
    </form>
  )
}
