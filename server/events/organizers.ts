import type { Database } from '../db/client'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'
import { findEvent } from './queries'
import { isPublicStatus } from './visibility'

/** The event's organizer, or a moderator (or administrator) of the event's own community. */
export function managesEvent(
  viewer: CurrentUser | null,
  event: { organizerId: number; communityId: number },
) {
  if (!viewer?.approved || viewer.communityId !== event.communityId) return false
  return (
    viewer.id === event.organizerId || viewer.roles.includes('moderator') || viewer.roles.includes('admin')
  )
}

/**
 * An event whose attendee list and door the viewer runs. Another community's event is not found;
 * a member of the same community who does not run it is told so.
 */
export function managedEvent(db: Database, viewer: CurrentUser, id: number) {
  const event = findEvent(db, id)
  if (!event || event.communityId !== viewer.communityId) throw appError('EVENT_NOT_FOUND')
  if (!managesEvent(viewer, event)) {
    // An event still out of the public eye is not even confirmed to exist.
    throw isPublicStatus(event.status) ? appError('EVENT_ORGANIZERS_ONLY') : appError('EVENT_NOT_FOUND')
  }
  return event
}
