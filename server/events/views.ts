import type { EventTab } from '../../shared/schemas/event'
import type { CurrentUser } from '../auth/identity'
import type { Database } from '../db/client'
import { managesEvent } from './organizers'
import { attendedBy, findEvent, isGoing, listApprovedEvents, waitingFor } from './queries'
import { eventNotFound } from './rules'
import { isPublicStatus } from './visibility'
import { waitlistLength, waitlistPosition } from './waitlist'

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

/**
 * The events the member will attend (or attended), approved or called off since, each with the member's
 * ticket code; and the events where they wait for a place, with their position.
 */
export const attendingList = (db: Database, userId: number) =>
  attendedBy(db, userId).map(({ ticketCode, ...event }) => ({ ...listed(event), ticketCode }))

export const waitingList = (db: Database, userId: number) =>
  waitingFor(db, userId).map((event) => ({
    ...listed(event),
    waitlistPosition: waitlistPosition(db, event.id, userId),
  }))

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
    waitlistPosition: waitlistPosition(db, event.id, viewer?.id),
    waitlistCount: waitlistLength(db, event.id),
    /** Organizer or moderator of the community: sees the attendee list and runs the check-in. */
    canManage: managesEvent(viewer, event),
  }
}
