import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { routes } from '../../shared/routes'
import { eventAttendees, events, eventWaitlist } from '../db/schema'
import { notify } from '../notifications/notify'
import type { AppServices } from '../services'
import { announcePromotions, dropFromEvent } from './waitlist'

type Released = { eventId: number; userId: number; title: string; promoted: number[] }

/**
 * A block between two members applies to the seats taken before it as it applies at RSVP time, both
 * ways: on each approved event of one that has not started, the other loses their seat, ticket or place
 * on the waitlist, the list moves up, and who lost a seat is told (without the reason: a block is
 * silent).
 */
export function releaseSeatsAcrossBlock(services: AppServices, one: number, two: number, now = new Date()) {
  const { db } = services
  const released = db.transaction(() => {
    const upcoming = db
      .select({ id: events.id, organizerId: events.organizerId, title: events.title })
      .from(events)
      .where(
        and(
          inArray(events.organizerId, [one, two]),
          eq(events.status, 'aprovado'),
          gt(events.startsAt, now),
          or(
            sql`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id}
              and ${eventAttendees.userId} in (${one}, ${two}))`,
            sql`exists (select 1 from ${eventWaitlist} where ${eventWaitlist.eventId} = ${events.id}
              and ${eventWaitlist.userId} in (${one}, ${two}))`,
          ),
        ),
      )
      .all()
    const out: Released[] = []
    for (const event of upcoming) {
      const memberId = event.organizerId === one ? two : one
      const { seated, promoted } = dropFromEvent(db, event.id, event.organizerId, memberId)
      if (seated) out.push({ eventId: event.id, userId: memberId, title: event.title, promoted })
    }
    return out
  })
  for (const seat of released) {
    notifySeatCancelled(services, seat.eventId, seat.userId, seat.title)
    announcePromotions(services, seat.eventId, seat.promoted)
  }
}

/** The member's seat was cancelled by the app (not by them): in the app, with no reason given. */
export function notifySeatCancelled(services: AppServices, eventId: number, userId: number, title: string) {
  notify(services, {
    userId,
    kind: 'event_seat_cancelled',
    title: `Sua presença em "${title}" foi cancelada`,
    body: 'Você não está mais na lista deste evento, e seu ingresso deixou de valer.',
    link: routes.event(eventId),
  })
}
