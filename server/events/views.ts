import type { EventStatus } from '../../shared/domain'
import type { EventTab } from '../../shared/schemas/event'
import type { CurrentUser } from '../people/auth/identity'
import type { AppServices } from '../services'
import type { ImageStorage } from '../uploads/storage'
import { renditionsOf } from '../uploads/urls'
import { managesEvent } from './organizers'
import { attendedBy, findEvent, isGoing, listApprovedEvents, moderationQueue, waitingFor } from './queries'
import { eventNotFound } from './rules'
import { isPublicStatus } from './visibility'
import { waitlistLength, waitlistPosition } from './waitlist'

/** What the views read: the database, and the storage that names the cover's renditions. */
type EventViewServices = Pick<AppServices, 'db' | 'storage'>

type EventRow = NonNullable<ReturnType<typeof findEvent>>

/**
 * The event with its picture's renditions (card, phone, full; see renditionsOf) instead of the upload's
 * keys: a phone loads the cover at its own size, not the 1600 px one.
 */
function withRenditions<Row extends Pick<EventRow, 'image'>>(
  storage: ImageStorage,
  { image, ...event }: Row,
) {
  return { ...event, imageRenditions: image ? renditionsOf(storage, image) : null }
}

const canModerate = (user: CurrentUser | null) =>
  Boolean(user?.roles.includes('admin') || user?.roles.includes('moderator'))

/** What a list shows of an event: not the moderation's reason, nor the community and organizer keys. */
const listed = (
  storage: ImageStorage,
  { rejectionReason: _reason, communityId: _community, organizerId: _organizer, ...event }: EventRow,
) => withRenditions(storage, event)

/** Public list: approved events of the community, by tab and search. */
export const publicEventList = (
  { db, storage }: EventViewServices,
  communityId: number,
  tab: EventTab,
  q?: string,
) => listApprovedEvents(db, communityId, tab, q).map((event) => listed(storage, event))

/** A community's events in one status, for its moderators (with the reason and the organizer's key). */
export const moderationList = (
  { db, storage }: EventViewServices,
  communityId: number,
  status: EventStatus,
) => moderationQueue(db, communityId, status).map((event) => withRenditions(storage, event))

/**
 * The events the member will attend (or attended), approved or called off since, each with the member's
 * ticket code; and the events where they wait for a place, with their position.
 */
export const attendingList = ({ db, storage }: EventViewServices, userId: number) =>
  attendedBy(db, userId).map(({ ticketCode, ...event }) => ({ ...listed(storage, event), ticketCode }))

export const waitingList = ({ db, storage }: EventViewServices, userId: number) =>
  waitingFor(db, userId).map((event) => ({
    ...listed(storage, event),
    waitlistPosition: waitlistPosition(db, event.id, userId),
  }))

/** Public detail of an approved event; the organizer and moderators also see it before approval. */
export function eventDetail({ db, storage }: EventViewServices, viewer: CurrentUser | null, id: number) {
  const event = findEvent(db, id)
  if (!event) throw eventNotFound()
  const isOrganizer = viewer?.id === event.organizerId
  const sameCommunity = viewer?.approved ? viewer.communityId === event.communityId : true
  const visible = sameCommunity && (isPublicStatus(event.status) || isOrganizer || canModerate(viewer))
  if (!visible) throw eventNotFound()
  const { communityId: _community, organizerId: _organizer, rejectionReason, ...rest } = event
  return {
    ...withRenditions(storage, rest),
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
