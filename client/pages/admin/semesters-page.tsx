import { CalendarRangeIcon, UserCheckIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { ItemRow } from '@/components/item-row'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import {
  ExtendDeadlineDialog,
  type ExtendTarget,
  SemesterFormDialog,
  type SemesterRow,
} from '@/features/admin/semester-dialogs'
import { formatDate, formatDayLongMonth } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'
import { AdminListSection, CrudButtons, type RemovalTexts, useAdminCrud } from './admin-crud'
import { adminPage } from './admin-frame'

/** A list's loading, failure and empty states (the calendar and the pending members). */
function ListStates<T>({
  query,
  label,
  errorTitle,
  empty,
  isEmpty,
  children,
}: {
  query: { data: T | undefined; isError: boolean; isFetching: boolean; refetch: () => unknown }
  label: string
  errorTitle: string
  empty: ReactNode
  isEmpty: (data: T) => boolean
  children: (data: T) => ReactNode
}) {
  if (query.data !== undefined) {
    return isEmpty(query.data) ? (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-4 text-muted-foreground text-sm">
        {empty}
      </p>
    ) : (
      children(query.data)
    )
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-2 rounded-lg border border-dashed p-4 text-sm"
      >
        <p className="font-medium">{errorTitle}</p>
        <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? 'Carregando...' : 'Tentar novamente'}
        </Button>
      </div>
    )
  }
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      <Skeleton className="h-14" />
      <Skeleton className="h-14" />
    </div>
  )
}

/** A calendar day ('2027-02-01') as the page writes dates; noon keeps it the same day in any zone. */
const day = (value: string) => formatDate(`${value}T12:00:00`)

/** `/admin/semestres`: the community's semester calendar and who still owes this semester's confirmation. */
export const AdminSemestersPage = adminPage(
  {
    title: 'Semestres',
    description: 'O calendário da universidade e a confirmação do e-mail institucional a cada semestre.',
    access: 'admin',
  },
  Semesters,
)

function Semesters() {
  return (
    <div className="grid gap-10">
      <Calendar />
      <Pending />
    </div>
  )
}

const REMOVAL: RemovalTexts<SemesterRow> = {
  title: 'Remover este semestre?',
  describe: (semester) =>
    `“${semester.name}” sai do calendário, com os prazos estendidos dele. Esta ação não pode ser desfeita.`,
  confirmLabel: 'Remover',
  busyLabel: 'Removendo...',
  successMessage: 'Semestre removido!',
  errorTitle: 'Erro ao remover',
}

function Calendar() {
  const utils = trpc.useUtils()
  const crud = useAdminCrud(trpc.admin.semesters.delete.useMutation, REMOVAL, () =>
    utils.admin.semesters.invalidate(),
  )
  const semesters = trpc.admin.semesters.list.useQuery()
  return (
    <AdminListSection id="calendario" title="Calendário" newItem="Novo semestre" onNew={() => crud.create()}>
      <ListStates
        query={semesters}
        label="Carregando semestres..."
        errorTitle="Erro ao carregar semestres"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <>
            <CalendarRangeIcon aria-hidden="true" className="size-4" />
            Nenhum semestre no calendário.
          </>
        }
      >
        {(rows) => (
          <ul className="grid gap-2">
            {rows.map((semester) => (
              <ItemRow key={semester.id}>
                <div className="grid gap-0.5">
                  <p className="font-medium">{semester.name}</p>
                  <p className="text-muted-foreground text-sm">
                    {day(semester.startsOn)} a {day(semester.endsOn)}
                  </p>
                </div>
                <CrudButtons
                  crud={crud}
                  item={semester}
                  name={`semestre ${semester.name}`}
                  remove="Remover"
                />
              </ItemRow>
            ))}
          </ul>
        )}
      </ListStates>
      <SemesterFormDialog {...crud.form} />
      {crud.question}
    </AdminListSection>
  )
}

function Pending() {
  const pending = trpc.admin.semesters.pending.useQuery()
  const [extending, setExtending] = useState<ExtendTarget>(null)
  return (
    <section aria-labelledby="pendentes" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="pendentes" className="font-semibold text-lg">
          Confirmações pendentes
        </h2>
        <p className="text-muted-foreground text-sm">
          {pending.data?.semester
            ? `Membros que ainda não confirmaram o e-mail institucional para o semestre ${pending.data.semester.name}.`
            : 'Os pedidos de confirmação saem duas semanas antes de cada semestre.'}
        </p>
      </div>
      <ListStates
        query={pending}
        label="Carregando confirmações pendentes..."
        errorTitle="Erro ao carregar confirmações pendentes"
        isEmpty={(data) => data.members.length === 0}
        empty={
          <>
            <UserCheckIcon aria-hidden="true" className="size-4" />
            Ninguém com confirmação pendente.
          </>
        }
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.members.map((member) => (
              <ItemRow key={member.userId}>
                <div className="grid min-w-0 gap-0.5">
                  <p className="truncate font-medium">
                    {member.fullName}
                    {member.username ? (
                      <span className="font-normal text-muted-foreground"> @{member.username}</span>
                    ) : null}
                  </p>
                  <p className="truncate text-muted-foreground text-sm">{member.email}</p>
                  <p className="text-sm">
                    {member.alumniSince
                      ? `Egresso desde ${formatDayLongMonth(member.alumniSince)}`
                      : `Prazo: ${formatDayLongMonth(member.deadline)}`}
                    {member.noticed ? '' : ' · aviso ainda não enviado'}
                  </p>
                </div>
                <Button
                  variant="outline"
                  className="sm:shrink-0"
                  onClick={() => setExtending({ userId: member.userId, fullName: member.fullName })}
                  aria-label={`Estender prazo de ${member.fullName}`}
                >
                  Estender prazo
                </Button>
              </ItemRow>
            ))}
          </ul>
        )}
      </ListStates>
      <ExtendDeadlineDialog target={extending} onOpenChange={whenClosed(() => setExtending(null))} />
    </section>
  )
}

export default AdminSemestersPage
