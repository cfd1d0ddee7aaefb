import { routes } from '@shared/routes'
import { ClipboardListIcon, PencilIcon, ScanLineIcon } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button-link'
import { CancelEventDialog } from '@/features/events/cancel-event-dialog'
import type { EventDetail } from '@/features/events/event-types'

/** The event page's tools for its organizer and the community's staff: edit, roster, check-in, cancel. */
export function OrganizerTools({
  event,
  approved,
  started,
}: {
  event: EventDetail
  approved: boolean
  started: boolean
}) {
  return (
    <>
      {event.canEdit ? (
        <ButtonLink href={routes.editEvent(event.id)} variant="outline" className="w-full">
          <PencilIcon aria-hidden="true" />
          Editar evento
        </ButtonLink>
      ) : null}
      {event.canManage && approved ? (
        <>
          <ButtonLink href={routes.eventRoster(event.id)} variant="outline" className="w-full">
            <ClipboardListIcon aria-hidden="true" />
            Lista de presença
          </ButtonLink>
          <ButtonLink href={routes.eventCheckIn(event.id)} variant="outline" className="w-full">
            <ScanLineIcon aria-hidden="true" />
            Check-in
          </ButtonLink>
        </>
      ) : null}
      {event.isOrganizer && approved && !started ? (
        <CancelEventDialog eventId={event.id} eventTitle={event.title} />
      ) : null}
    </>
  )
}
