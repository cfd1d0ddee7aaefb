/** The scheduled job of meetings: the reminder an hour before, and the quiet end of what can no longer happen. */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { MEETING_LAPSE_AFTER_MS, MEETING_REMINDER_BEFORE_MS } from '../../shared/meetings'
import { routes } from '../../shared/routes'
import { meetings } from '../db/schema'
import { notify } from '../notifications/notify'
import type { AppServices } from '../services'
import { type MeetingServices, meetingTimeText, meetingView, publishMeeting, spotLabel } from './meetings'
import { releaseLapsedReservations } from './reservations'

/** Agreed meetings an hour or less ahead get their reminder, once each (reminderSentAt). */
export function sendMeetingReminders(services: MeetingServices, now = new Date()): number {
  const { db } = services
  const due = db
    .update(meetings)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(meetings.status, 'combinada'),
        isNull(meetings.reminderSentAt),
        lte(meetings.scheduledAt, new Date(now.getTime() + MEETING_REMINDER_BEFORE_MS)),
        sql`${meetings.scheduledAt} > ${now.getTime()}`,
      ),
    )
    .returning({ id: meetings.id })
    .all()
  for (const { id } of due) {
    const view = meetingView(db, id)
    for (const userId of [view.sellerId, view.buyerId]) {
      notify(services, {
        userId,
        kind: 'meeting_reminder',
        title: 'Sua entrega é daqui a pouco',
        body: `${spotLabel(view)}, ${meetingTimeText(view.scheduledAt ?? now)}.${
          userId === view.sellerId
            ? ' Abra o código da entrega para quem compra confirmar.'
            : ' Confirme a entrega com o código de quem vende.'
        }`,
        link: routes.myDeliveries(),
        email: { kind: 'meeting_reminder', about: `meeting:${id}` },
      })
    }
  }
  return due.length
}

/**
 * Quietly ends what can no longer happen: an agreed meeting 24 hours past its time without a confirmed
 * hand-off, and a proposal whose times have all passed. Both open threads hear it; nobody is notified.
 */
export function lapseMeetings(services: Pick<AppServices, 'db' | 'bus'>, now = new Date()): number {
  const { db, bus } = services
  const lapsed = db
    .update(meetings)
    .set({ status: 'expirada', updatedAt: now })
    .where(
      and(
        eq(meetings.status, 'combinada'),
        lte(meetings.scheduledAt, new Date(now.getTime() - MEETING_LAPSE_AFTER_MS)),
      ),
    )
    .returning({ id: meetings.id })
    .all()
  const stale = db
    .select({ id: meetings.id, times: meetings.proposedTimes })
    .from(meetings)
    .where(eq(meetings.status, 'proposta'))
    .all()
    .filter((row) => row.times.every((time) => time <= now.getTime()))
    .map((row) => row.id)
  const expired = stale.length
    ? db
        .update(meetings)
        .set({ status: 'expirada', updatedAt: now })
        .where(and(eq(meetings.status, 'proposta'), inArray(meetings.id, stale)))
        .returning({ id: meetings.id })
        .all()
    : []
  for (const { id } of [...lapsed, ...expired]) publishMeeting(bus, db, id)
  return lapsed.length + expired.length
}

export const MEETING_SWEEP_EVERY_MS = 5 * 60 * 1000

/** One turn of the scheduled job (once across instances, under the job lock): idempotent. */
export function runMeetingSweep(services: MeetingServices, now = new Date()) {
  const reminded = sendMeetingReminders(services, now)
  const lapsed = lapseMeetings(services, now)
  return { reminded, lapsed, released: releaseLapsedReservations(services.db, now) }
}
