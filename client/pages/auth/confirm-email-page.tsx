import { useEffect, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useViewer } from '@/lib/auth'
import { describeError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const MISSING_TOKEN = {
  title: 'Link inválido ou expirado',
  description: 'Peça a troca de e-mail de novo em Minha Conta → Segurança e privacidade.',
}

/** `/confirmar-email?token=`: the link sent to the new address of an e-mail change (public). */
export function ConfirmEmailPage() {
  usePageTitle('Confirmar novo e-mail')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const { viewer } = useViewer()
  const utils = trpc.useUtils()
  const confirm = trpc.account.confirmEmailChange.useMutation({
    onSuccess: () => {
      void utils.auth.me.invalidate()
      void utils.account.security.invalidate()
    },
  })
  const started = useRef(false)

  useEffect(() => {
    // The link is single-use: confirm once, even if React renders twice.
    if (started.current || !token) return
    started.current = true
    confirm.mutate({ token })
  }, [token, confirm])

  const failure = !token || confirm.isError
  const error = confirm.error ? describeError(confirm.error, MISSING_TOKEN.title) : MISSING_TOKEN
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>
              {confirm.isSuccess
                ? 'E-mail alterado!'
                : failure
                  ? error.title
                  : 'Confirmando seu novo e-mail...'}
            </h1>
          </CardTitle>
          <CardDescription>
            {confirm.isSuccess
              ? `A partir de agora, você entra no Vupt com ${confirm.data.email}.`
              : failure
                ? error.description
                : 'Só um instante.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {confirm.isPending ? (
            <Spinner className="text-2xl text-primary" />
          ) : viewer ? (
            <Button asChild>
              <Link href="/minha-conta/seguranca">Ir para Segurança e privacidade</Link>
            </Button>
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

export default ConfirmEmailPage
