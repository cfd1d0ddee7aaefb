import type { EventStatus } from '@shared/domain'
import { routes } from '@shared/routes'
import { CalendarDaysIcon, CheckIcon, ExternalLinkIcon, MapPinIcon, UserIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { UploadThumbnail } from '@/components/page/upload-thumbnail'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { RejectEventDialog, type RejectionTarget } from '@/features/admin/reject-event-dialog'
import { changeCallbacks } from '@/features/admin/removal-callbacks'
import { EventStatusBadge } from '@/features/events/event-status-badge'
import type { RouterOutputs } from '@/lib/api-types'
import { formatDateTime, isoDateTime } from '@/lib/dates'
import { trpc } from '@/lib/trpc'
import { whenClosed } from '@/lib/when-closed'
import { adminPage } from './admin-frame'
import { FilteredList } from './filtered-list'

type Tab = Extract<EventStatus, 'pendente' | 'aprovado' | 'rejeitado'>
type ModeratedEvent = RouterOutputs['events']['moderation'][number]

const TABS: { value: Tab; label: string; empty: string }[] = [
  { value: 'pendente', label: 'Pendentes', empty: 'Nenhum evento aguarda aprovação.' },
  { value: 'aprovado', label: 'Aprovados', empty: 'Nenhum evento aprovado ainda.' },
  { value: 'rejeitado', label: 'Rejeitados', empty: 'Nenhum evento foi rejeitado.' },
]

/** `/admin/eventos`: the event approval queue, for administrators and moderators. */
export const AdminEventsPage = adminPage(
  { title: 'Eventos', description: 'Aprove ou rejeite os eventos propostos pela comunidade.' },
  EventsAdmin,
)

function EventsAdmin() {
  const utils = trpc.useUtils()
  const [tab, setTab] = useState<Tab>('pendente')
  const [rejecting, setRejecting] = useState<RejectionTarget | null>(null)
  const events = trpc.events.moderation.useQuery({ status: tab })

  const approve = trpc.events.approve.useMutation(
    changeCallbacks({
      successMessage: 'Evento aprovado com sucesso!',
      errorTitle: 'Erro ao aprovar evento',
      refresh: () =>
        Promise.all([
          utils.events.moderation.invalidate(),
          utils.events.list.invalidate(),
          utils.admin.dashboard.summary.invalidate(),
          utils.admin.badges.counts.invalidate(),
        ]),
    }),
  )

  return (
    <>
      <FilteredList
        tabs={TABS}
        value={tab}
        onValueChange={setTab}
        label="Situação dos eventos"
        query={events}
        items="eventos"
        rowClassName="h-36"
        empty={{ icon: <CalendarDaysIcon aria-hidden="true" />, title: 'Nenhum evento aqui' }}
      >
        {(event) => (
          <EventRow
            key={event.id}
            event={event}
            approving={approve.isPending && approve.variables?.id === event.id}
            onApprove={() => approve.mutate({ id: event.id })}
            onReject={() => setRejecting({ id: event.id, title: event.title })}
          />
        )}
      </FilteredList>
      <RejectEventDialog event={rejecting} onOpenChange={whenClosed(() => setRejecting(null))} />
    </>
  )
}

function EventRow({
  event,
  approving,
  onApprove,
  onReject,
}: {
  event: ModeratedEvent
  approving: boolean
  onApprove: () => void
  onReject: () => void
}) {
  const pending = event.status === 'pendente'
  return (
    <li className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[8rem_1fr]">
      {event.imageUrl ? (
        <UploadThumbnail
          src={event.imageUrl}
          className="aspect-video w-full rounded-md bg-muted object-cover sm:aspect-square"
        />
      ) : (
        <div
          aria-hidden="true"
          className="hidden aspect-square w-full items-center justify-center rounded-md bg-muted text-muted-foreground sm:flex"
        >
          <CalendarDaysIcon className="size-8" />
        </div>
      )}
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="break-words font-semibold text-lg leading-tight">{event.title}</h2>
          <EventStatusBadge status={event.status} />
        </div>
        <ul className="grid gap-1 text-muted-foreground text-sm">
          <li className="flex items-center gap-2">
            <CalendarDaysIcon className="size-4 shrink-0" aria-hidden="true" />
            <time dateTime={isoDateTime(event.startsAt)}>
              {formatDateTime(event.startsAt, event.timeZone)}
            </time>
          </li>
          <li className="flex items-center gap-2">
            <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{event.location}</span>
          </li>
          <li className="flex items-center gap-2">
            <UserIcon className="size-4 shrink-0" aria-hidden="true" />
            <span>
              Organizado por {event.organizer.fullName}
              {event.organizer.username ? ` (@${event.organizer.username})` : ''}
            </span>
          </li>
        </ul>
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm">{event.description}</p>
        {event.status === 'rejeitado' && event.rejectionReason ? (
          <p className="text-sm">
            <span className="font-medium">Motivo da rejeição:</span> {event.rejectionReason}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {pending ? (
            <>
              <Button
                onClick={onApprove}
                disabled={approving}
                aria-busy={approving || undefined}
                aria-label={`Aprovar evento ${event.title}`}
              >
                <CheckIcon aria-hidden="true" />
                {approving ? 'Aprovando...' : 'Aprovar'}
              </Button>
              <Button
                variant="outline"
                tone="destructive"
                onClick={onReject}
                disabled={approving}
                aria-label={`Rejeitar evento ${event.title}`}
              >
                <XIcon aria-hidden="true" />
                Rejeitar
              </Button>
            </>
          ) : null}
          <ButtonLink href={routes.event(event.id)} variant="link" size="flush" className="sm:ml-auto">
            <ExternalLinkIcon aria-hidden="true" />
            Ver página do evento<span className="sr-only"> {event.title}</span>
          </ButtonLink>
        </div>
      </div>
    </li>
  )
}

export default AdminEventsPage
