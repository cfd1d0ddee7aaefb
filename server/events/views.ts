import type { EventTab } from '../../shared/schemas/event'
import type { CurrentUser } from '../auth/identity'
import type { Database } from '../db/client'
import { attendedBy, findEvent, isGoing, listApprovedEvents } from './queries'
import { eventNotFound } from './rules'
import { isPublicStatus } from './visibility'

type EventRow = NonNullable<ReturnType<typeof findEvent>>

const canModerate = (user: CurrentUser | null) =>
  Boolean(user?.roles.includes('admin') || user?.roles.includes('moderator'))

/** What a list shows of an event: not the moderation's reason, nor the community and organizer keys. */
const listed = ({
  rejectionReason: _reason,
  communityId: _community,
  organizerId: _organizer,
  ...event
}: EventRow) => event

/** Public list: approved events of the community, by tab and search. */
export const publicEventList = (db: Database, communityId: number, tab: EventTab, q?: string) =>
  listApprovedEvents(db, communityId, tab, q).map(listed)

/** The events the member will attend (or attended), approved or called off since. */
export const attendingList = (db: Database, userId: number) => attendedBy(db, userId).map(listed)

/** Public detail of an approved event; the organizer and moderators also see it before approval. */
export function eventDetail(db: Database, viewer: CurrentUser | null, id: number) {
  const event = findEvent(db, id)
  if (!event) throw eventNotFound()
  const isOrganizer = viewer?.id === event.organizerId
  const sameCommunity = viewer?.approved ? viewer.communityId === event.communityId : true
  const visible = sameCommunity && (isPublicStatus(event.status) || isOrganizer || canModerate(viewer))
  if (!visible) throw eventNotFound()
  const { communityId: _community, organizerId: _organizer, rejectionReason, ...rest } = event
  return {
    ...rest,
    // The reason is for the organizer (and moderators), not the public.
    rejectionReason: isOrganizer || canModerate(viewer) ? rejectionReason : null,
    isOrganizer,
    canEdit: isOrganizer && event.status === 'pendente',
    isGoing: isGoing(db, event.id, viewer?.id),
  }
}
