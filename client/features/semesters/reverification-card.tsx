import { MailCheckIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, formatDayLongMonth } from '@/lib/dates'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** 'Confirmar meu e-mail': sends the link to the member's institutional address. */
export function RequestLinkButton({ size = 'default' }: { size?: 'default' | 'sm' }) {
  const request = trpc.semesters.requestLink.useMutation({
    onSuccess: ({ email }) =>
      toast.success('Link enviado', {
        description: `Abra o e-mail que mandamos para ${email} e toque no botão.`,
      }),
    onError: (error) => toastError(error, 'Erro ao enviar o link'),
  })
  return (
    <Button size={size} disabled={request.isPending} onClick={() => request.mutate()}>
      <MailCheckIcon aria-hidden="true" />
      {request.isPending ? 'Enviando...' : 'Confirmar meu e-mail'}
    </Button>
  )
}

/** Minha Conta: the semester on campus and where the member stands on this semester's confirmation. */
export function ReverificationCard() {
  const standing = trpc.semesters.standing.useQuery()
  const data = standing.data
  return (
    <section
      id="semestre"
      aria-labelledby="semestre-title"
      className="grid gap-3 rounded-xl border bg-card p-5"
    >
      <div className="grid gap-1">
        <h2 id="semestre-title" className="font-semibold text-lg">
          Semestre e e-mail institucional
        </h2>
        <p className="text-muted-foreground text-sm">
          A cada semestre, confirme que o e-mail da universidade ainda é seu para continuar publicando.
        </p>
      </div>
      {data ? (
        <div className="grid gap-3 text-sm">
          <p>
            {data.currentSemester ? (
              <>
                Semestre atual: <strong>{data.currentSemester.name}</strong> (
                {formatDate(`${data.currentSemester.startsOn}T12:00:00`)} a{' '}
                {formatDate(`${data.currentSemester.endsOn}T12:00:00`)})
              </>
            ) : (
              'Nenhum semestre em andamento no calendário da sua universidade.'
            )}
          </p>
          {data.state === 'confirmed' ? (
            <p className="text-emerald-700">E-mail confirmado para o semestre {data.semester?.name}.</p>
          ) : data.state === 'pending' && data.deadline ? (
            <>
              <p>
                Confirme seu e-mail institucional até <strong>{formatDayLongMonth(data.deadline)}</strong>{' '}
                para continuar publicando no semestre {data.semester?.name}.
              </p>
              <div>
                <RequestLinkButton />
              </div>
            </>
          ) : data.state === 'alumni' ? (
            <>
              <p>
                Você está como <strong>egresso</strong>: continua lendo e conversando, mas seus anúncios estão
                pausados e você não publica até confirmar o e-mail institucional.
              </p>
              <div>
                <RequestLinkButton />
              </div>
            </>
          ) : (
            <p className="text-muted-foreground">Nenhuma confirmação pendente.</p>
          )}
        </div>
      ) : standing.error ? (
        <p className="text-destructive text-sm">Erro ao carregar o semestre.</p>
      ) : (
        <div role="status" aria-label="Carregando o semestre" className="grid gap-2">
          <Skeleton className="h-5" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      )}
    </section>
  )
}
