import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { InputField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import type { secondFactorFormSchema } from '@/features/account/account-schemas'
import { boundField } from '@/lib/bound-field'
import { appCodeOf } from '@/lib/errors'
import { toastFirstError } from '@/lib/form-errors'
import { lazyResolver } from '@/lib/lazy-resolver'
import { toast, toastError } from '@/lib/toast'
import { reconnectRealtime, trpc } from '@/lib/trpc'

type CodeInput = z.input<typeof secondFactorFormSchema>
type Code = z.output<typeof secondFactorFormSchema>

const codeCheck = lazyResolver(async () => {
  const [{ zodResolver }, { secondFactorFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@/features/account/account-schemas'),
  ])
  return zodResolver(secondFactorFormSchema)
})

/**
 * The second step of signing in, while the session is pending (`auth.twoFactorPending`): a code from
 * the authenticator app or a recovery code. 'Usar outra conta' abandons the pending session.
 */
export function TwoFactorStep({ onVerified }: { onVerified: () => void }) {
  const utils = trpc.useUtils()
  const verify = trpc.auth.verifyTwoFactor.useMutation()
  const signOut = trpc.auth.signOut.useMutation()
  // Recovery codes have letters: the numeric keypad would hide them on a phone.
  const [recovery, setRecovery] = useState(false)
  useEffect(codeCheck.preload, [])
  const form = useForm<CodeInput, unknown, Code>({
    resolver: codeCheck.resolver,
    defaultValues: { code: '' },
  })
  const hint = recovery
    ? 'Digite um dos códigos de recuperação que você guardou (ex.: k3m9-x2qa-7hvd).'
    : 'Digite o código de 6 dígitos do seu app autenticador.'

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ code })
      // Before the viewer is refreshed: live updates must subscribe on a socket of the full session.
      reconnectRealtime()
      await utils.auth.me.invalidate()
      utils.auth.twoFactorPending.setData(undefined, { pending: false })
      toast.success('Login realizado! Vupt! 🎉', { description: 'Bem-vindo(a) de volta!' })
      onVerified()
    } catch (err) {
      if (appCodeOf(err) === 'UNAUTHENTICATED') {
        // The pending session expired or ended: back to e-mail and password.
        utils.auth.twoFactorPending.setData(undefined, { pending: false })
      } else {
        form.setFocus('code', { shouldSelect: true })
      }
      toastError(err, 'Erro ao verificar o código')
    }
  }, toastFirstError)

  const switchAccount = async () => {
    try {
      await signOut.mutateAsync()
    } catch {
      // Whatever the server says, the pending session is not going to be finished from here.
    }
    utils.auth.twoFactorPending.setData(undefined, { pending: false })
  }

  const busy = verify.isPending || signOut.isPending
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby="two-factor-heading">
      <div className="grid gap-1">
        <h2 id="two-factor-heading" className="font-semibold text-xl">
          Verificação em duas etapas
        </h2>
        <p className="text-muted-foreground text-sm">
          Sua conta está protegida por um segundo passo. Confirme que é você para terminar de entrar.
        </p>
      </div>
      <InputField
        label="Código de verificação"
        hint={hint}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
        {...boundField(form, 'code', 'two-factor-code')}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {verify.isPending ? 'Verificando...' : 'Verificar'}
      </Button>
      <Button
        type="button"
        variant="link"
        className="justify-self-center"
        onClick={() => {
          setRecovery((value) => !value)
          form.setFocus('code')
        }}
      >
        {recovery ? 'Usar o código do app autenticador' : 'Usar um código de recuperação'}
      </Button>
      <Button type="button" variant="ghost" disabled={busy} onClick={() => void switchAccount()}>
        {signOut.isPending ? 'Saindo...' : 'Usar outra conta'}
      </Button>
    </form>
  )
}
