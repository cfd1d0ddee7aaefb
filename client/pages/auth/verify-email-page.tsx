import { useEffect, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { describeError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

export function VerifyEmailPage() {
  usePageTitle('Confirmar e-mail')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const utils = trpc.useUtils()
  const verify = trpc.auth.verifyEmail.useMutation({ onSuccess: () => utils.auth.me.invalidate() })
  const started = useRef(false)

  useEffect(() => {
    // The link is single-use: confirm once, even if React renders twice.
    if (started.current || !token) return
    started.current = true
    verify.mutate({ token })
  }, [token, verify])

  const failure = !token || verify.isError
  const error = describeError(verify.error, {
    title: 'Link inválido ou expirado',
    description: 'Peça um novo link e tente novamente.',
  })
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>
              {verify.isSuccess ? 'E-mail confirmado!' : failure ? error.title : 'Confirmando seu e-mail...'}
            </h1>
          </CardTitle>
          <CardDescription>
            {verify.isSuccess
              ? 'Obrigado! Agora um administrador vai revisar sua conta. Você será avisado(a) quando ela for aprovada.'
              : failure
                ? 'Entre na sua conta para pedir um novo link de confirmação.'
                : 'Só um instante.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {verify.isPending ? (
            <Spinner className="text-2xl text-primary" />
          ) : (
            <Button asChild>
              <Link href="~/">Ir para o início</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

export default VerifyEmailPage
