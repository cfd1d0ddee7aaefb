import { routes } from '@shared/routes'
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useSearch } from 'wouter'
import { CardPage } from '@/components/card-page'
import { ButtonLink } from '@/components/ui/button-link'
import { Spinner } from '@/components/ui/spinner'
import { useViewer } from '@/lib/auth'
import { describeError } from '@/lib/errors'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

/**
 * `/reconfirmar-email?token=`: the semester's link, opened from the institutional mailbox. Opening it is
 * the one click: it confirms the member it was sent to, signed in or not, on whatever device.
 */
export function ReverifyEmailPage() {
  usePageTitle('Confirmar e-mail institucional')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const { viewer } = useViewer()
  const utils = trpc.useUtils()
  const confirm = trpc.semesters.confirm.useMutation({
    onSuccess: () => void utils.semesters.standing.invalidate(),
  })
  const sent = useRef(false)
  useEffect(() => {
    // Once per page: a second call would only find the link spent.
    if (!token || sent.current) return
    sent.current = true
    confirm.mutate({ token })
  }, [token, confirm])

  const next = viewer ? (
    <ButtonLink href={routes.myAccount()}>Ir para Minha Conta</ButtonLink>
  ) : (
    <ButtonLink href={routes.auth()}>Entrar no Vupt</ButtonLink>
  )

  let icon = <Spinner aria-hidden="true" />
  let title = 'Confirmando seu e-mail...'
  let description = 'Só um instante.'
  if (!token || confirm.isError) {
    const failure = confirm.error
      ? describeError(confirm.error, 'Erro ao confirmar o e-mail')
      : { title: 'Link inválido ou expirado', description: 'Peça um novo link em Minha Conta.' }
    icon = <XCircleIcon aria-hidden="true" className="size-8 text-destructive" />
    title = failure.title
    description = failure.description ?? ''
  } else if (confirm.isSuccess) {
    icon = <CheckCircle2Icon aria-hidden="true" className="size-8 text-emerald-600" />
    title = 'E-mail institucional confirmado!'
    description = `Obrigado! ${confirm.data.email} continua confirmado neste semestre: você pode publicar normalmente, e anúncios pausados voltaram ao ar.`
  }

  return (
    <CardPage
      title={title}
      description={description}
      icon={icon}
      announce
      contentClassName="flex flex-wrap gap-2"
    >
      {confirm.isPending ? null : next}
    </CardPage>
  )
}

export default ReverifyEmailPage
