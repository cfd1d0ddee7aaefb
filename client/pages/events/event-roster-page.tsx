import { routes } from '@shared/routes'
import { EVENT_CAPACITY_MAX } from '@shared/schemas/event'
import { DownloadIcon, ScanLineIcon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { PageHeader } from '@/components/page-header'
import { SkeletonStack } from '@/components/skeleton-stack'
import { InputField } from '@/components/text-fields'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { useEventRouteId } from '@/features/events/event-route-id'
import { BackToEvent, EventStaffPageFailed } from '@/features/events/event-staff-page'
import { hasStarted } from '@/features/events/event-time'
import type { RouterOutputs } from '@/lib/api-types'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

type Roster = RouterOutputs['events']['roster']

/** `/evento/:id/presencas`: who is confirmed and who waits, for the organizer and the community's moderators. */
export function EventRosterPage() {
  usePageTitle('Lista de presença')
  const id = useEventRouteId()
  const roster = trpc.events.roster.useQuery({ id }, { enabled: id > 0, retry: false })
  const event = trpc.events.byId.useQuery({ id }, { enabled: id > 0 })
  const utils = trpc.useUtils()
  const [exporting, setExporting] = useState(false)

  const exportCsv = async () => {
    setExporting(true)
    try {
      const { csv, filename } = await utils.events.rosterCsv.fetch({ id }, { staleTime: 0 })
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
      const link = document.createElement('a')
      link.href = url
      link.download = filename
      link.click()
      URL.revokeObjectURL(url)
    } catch (error) {
      void toastError(error, 'Erro ao exportar a lista')
    } finally {
      setExporting(false)
    }
  }

  if (roster.error) {
    return (
      <EventStaffPageFailed
        id={id}
        title="Lista de presença"
        error={roster.error}
        fallback="Erro ao carregar a lista de presença"
        className="max-w-3xl"
      />
    )
  }

  const details = event.data
  const canChangeCapacity =
    details?.isOrganizer && details.status === 'aprovado' && !hasStarted(details.startsAt)

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <BackToEvent id={id} />
      <PageHeader
        title="Lista de presença"
        description={roster.data?.title}
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={routes.eventCheckIn(id)} variant="outline">
              <ScanLineIcon aria-hidden="true" />
              Check-in
            </ButtonLink>
            <Button type="button" onClick={() => void exportCsv()} disabled={exporting || !roster.data}>
              <DownloadIcon aria-hidden="true" />
              {exporting ? 'Exportando...' : 'Exportar CSV'}
            </Button>
          </div>
        }
      />

      {canChangeCapacity ? (
        <CapacityForm id={id} current={details.maxParticipants} confirmed={details.attendeesCount} />
      ) : null}

      {roster.data ? (
        <RosterLists roster={roster.data} />
      ) : (
        <>
          <LoadingStatus>Carregando lista de presença...</LoadingStatus>
          <SkeletonStack className="grid gap-2" shapes={['h-12 w-full', 'h-12 w-full', 'h-12 w-full']} />
        </>
      )}
    </div>
  )
}

function RosterLists({ roster }: { roster: Roster }) {
  const present = roster.confirmed.filter((person) => person.checkedInAt).length
  return (
    <>
      <section aria-labelledby="confirmados" className="grid gap-3">
        <h2 id="confirmados" className="font-semibold text-xl">
          Confirmados ({roster.confirmed.length})
          <span className="ml-2 font-normal text-base text-muted-foreground">{present} presentes</span>
        </h2>
        {roster.confirmed.length === 0 ? (
          <p className="text-muted-foreground">Ninguém confirmou presença ainda.</p>
        ) : (
          <ol className="grid gap-2">
            {roster.confirmed.map((person) => (
              <li
                key={person.position}
                className="flex items-center justify-between gap-3 rounded-lg border p-3"
              >
                <PersonName person={person} />
                {person.checkedInAt ? <Badge>Presente</Badge> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="espera" className="grid gap-3">
        <h2 id="espera" className="font-semibold text-xl">
          Lista de espera ({roster.waiting.length})
        </h2>
        {roster.waiting.length === 0 ? (
          <p className="text-muted-foreground">Ninguém na lista de espera.</p>
        ) : (
          <ol className="grid gap-2">
            {roster.waiting.map((person) => (
              <li key={person.position} className="flex items-center gap-3 rounded-lg border p-3">
                <span className="font-semibold text-muted-foreground tabular-nums">{person.position}º</span>
                <PersonName person={person} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}

/** The organizer changes the number of places; places opened go at once to the first on the list. */
function CapacityForm({ id, current, confirmed }: { id: number; current: number | null; confirmed: number }) {
  const utils = trpc.useUtils()
  const setCapacity = trpc.events.setCapacity.useMutation()
  const [value, setValue] = useState(current === null ? '' : String(current))
  const [error, setError] = useState<string | undefined>()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const places = value.trim() === '' ? null : Number(value)
    if (places !== null && (!Number.isInteger(places) || places < 1 || places > EVENT_CAPACITY_MAX)) {
      setError('Número deve ser positivo')
      return
    }
    setError(undefined)
    try {
      await setCapacity.mutateAsync({ id, maxParticipants: places })
      toast.success('Vagas atualizadas')
      void utils.events.roster.invalidate({ id })
      void utils.events.byId.invalidate({ id })
    } catch (failure) {
      void toastError(failure, 'Erro ao atualizar as vagas')
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 rounded-xl border p-4">
      <InputField
        id="capacity"
        label="Vagas"
        hint={`Deixe vazio para não ter limite. Hoje há ${confirmed} ${confirmed === 1 ? 'confirmado' : 'confirmados'}; as vagas novas vão para a lista de espera, na ordem.`}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        className="max-w-40"
      />
      <Button type="submit" variant="outline" className="w-fit" disabled={setCapacity.isPending}>
        {setCapacity.isPending ? 'Salvando...' : 'Salvar vagas'}
      </Button>
    </form>
  )
}

/** A name on the roster, with the @username under it when the member has one. */
function PersonName({ person }: { person: { fullName: string; username: string | null } }) {
  return (
    <span className="min-w-0">
      <span className="block truncate font-medium">{person.fullName}</span>
      {person.username ? (
        <span className="block truncate text-muted-foreground text-sm">@{person.username}</span>
      ) : null}
    </span>
  )
}

export default EventRosterPage
