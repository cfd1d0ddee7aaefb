import { REPORT_REASON_LABELS, REPORT_RESOLUTION_LABELS, REPORT_TARGET_LABELS } from '@shared/safety'
import type { ReactNode } from 'react'
import { QueryStates, type StatefulQuery } from '@/components/query-states'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** A Minha Conta section listing what `query` loads, with its own loading, failure and empty texts. */
function QuerySection<T>({
  id,
  title,
  description,
  query,
  loads,
  empty,
  children,
}: {
  id: string
  title: string
  description: string
  query: StatefulQuery<T>
  /** What is loading, in the plural ('bloqueios'), for the loading and failure texts. */
  loads: string
  /** What the section says when there is nothing to list. */
  empty?: string
  children: (data: T) => ReactNode
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-5">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      <QueryStates
        query={query}
        loading={
          <div role="status" aria-label={`Carregando ${loads}`} className="grid gap-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        }
        failed={<p className="text-destructive text-sm">{`Erro ao carregar ${loads}.`}</p>}
        empty={empty === undefined ? undefined : <p className="text-muted-foreground text-sm">{empty}</p>}
      >
        {children}
      </QueryStates>
    </section>
  )
}

/** Minha Conta: the people the member blocked, with undo. */
export function BlockedMembersSection() {
  const utils = trpc.useUtils()
  const blocked = trpc.safety.blocked.useQuery()
  const unblock = trpc.safety.unblock.useMutation({
    onSuccess: () => void utils.invalidate(),
    onError: (error) => toastError(error, 'Erro ao desbloquear'),
  })
  return (
    <QuerySection
      id="bloqueados"
      title="Pessoas bloqueadas"
      description="Vocês não trocam mensagens nem veem os anúncios e o perfil um do outro. Quem foi bloqueado não é avisado."
      query={blocked}
      loads="bloqueios"
      empty="Você não bloqueou ninguém."
    >
      {(people) => (
        <ul className="grid gap-2">
          {people.map((person) => (
            <li key={person.userId} className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate">
                {person.fullName}
                {person.username ? <span className="text-muted-foreground"> @{person.username}</span> : null}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate({ userId: person.userId })}
                aria-label={`Desbloquear ${person.fullName}`}
              >
                Desbloquear
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  )
}

/** Minha Conta: the member's reports and what became of each. */
export function MyReportsSection() {
  const reports = trpc.safety.myReports.useQuery()
  return (
    <QuerySection
      id="denuncias"
      title="Minhas denúncias"
      description="Acompanhe o que você denunciou. A moderação analisa cada denúncia em até 24 horas."
      query={reports}
      loads="denúncias"
      empty="Você ainda não fez nenhuma denúncia."
    >
      {(made) => (
        <ul className="grid gap-2">
          {made.map((report) => (
            <li key={report.id} className="grid gap-0.5 rounded-md border p-3 text-sm">
              <span className="font-medium">
                {REPORT_TARGET_LABELS[report.targetType]}: {report.title}
              </span>
              <span className="text-muted-foreground">
                {REPORT_REASON_LABELS[report.reason]} · {formatDate(report.createdAt)}
              </span>
              <span>
                {report.status === 'open'
                  ? 'Em análise'
                  : report.resolution
                    ? REPORT_RESOLUTION_LABELS[report.resolution]
                    : 'Analisada'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  )
}
