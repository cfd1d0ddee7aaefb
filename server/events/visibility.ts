import { inArray } from 'drizzle-orm'
import type { EventStatus } from '../../shared/domain'
import { events } from '../db/schema'

/**
 * Events in the public eye: approved ones, and approved ones called off (so whoever planned to go
 * learns it). Pending and rejected events are seen only by their organizer and the staff.
 */
export const PUBLIC_EVENT_STATUSES = ['aprovado', 'cancelado'] as const satisfies readonly EventStatus[]

/** In a query: the event is public. */
export const isPublicEvent = inArray(events.status, [...PUBLIC_EVENT_STATUSES])

/** For a row already in hand: the same rule. */
export const isPublicStatus = (status: EventStatus): boolean =>
  (PUBLIC_EVENT_STATUSES as readonly EventStatus[]).includes(status)
