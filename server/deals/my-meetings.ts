/** "Minhas entregas" and the calendar file of one meeting: what a member reads of their own meetings. */
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { createEvent } from 'ics'
import { MEETING_LAPSE_AFTER_MS, type MeetingView } from '../../shared/meetings'
import { toMultiLine, toSingleLine } from '../../shared/schemas/text'
import type { Database } from '../db/client'
import { listings, meetingSpots, meetings, profiles } from '../db/schema'
import { otherSide, toMeetingView, viewColumns, viewQuery } from './meetings'

export type MyMeeting = MeetingView & {
  counterpart: { id: number; fullName: string; username: string | null }
}

/**
 * "Minhas entregas": the member's meetings still ahead (open proposals, and agreed ones until they lapse)
 * and the latest past ones. Proposals replaced by a newer one are left out: they are only history.
 */
export function myMeetings(db: Database, userId: number, now = new Date()) {
  const rows = db
    .select({ ...viewColumns, counterpartName: profiles.fullName, counterpartUsername: profiles.username })
    .from(meetings)
    .innerJoin(meetingSpots, eq(meetingSpots.id, meetings.spotId))
    .leftJoin(listings, eq(listings.id, meetings.listingId))
    .leftJoin(
      profiles,
      eq(
        profiles.userId,
        sql`case when ${meetings.sellerId} = ${userId} then ${meetings.buyerId} else ${meetings.sellerId} end`,
      ),
    )
    .where(
      and(
        or(eq(meetings.sellerId, userId), eq(meetings.buyerId, userId)),
        or(sql`${meetings.status} <> 'cancelada'`, sql`${meetings.cancelReason} is not null`),
      ),
    )
    .orderBy(desc(meetings.id))
    .limit(100)
    .all()
  const upcoming: MyMeeting[] = []
  const past: MyMeeting[] = []
  for (const row of rows) {
    const view: MyMeeting = {
      ...toMeetingView(row),
      counterpart: {
        id: otherSide(row.meeting, userId),
        fullName: row.counterpartName ?? 'Membro do Vupt',
        username: row.counterpartUsername,
      },
    }
    const open =
      row.meeting.status === 'proposta' ||
      (row.meeting.status === 'combinada' &&
        (row.meeting.scheduledAt?.getTime() ?? 0) + MEETING_LAPSE_AFTER_MS > now.getTime())
    ;(open ? upcoming : past).push(view)
  }
  const when = (view: MeetingView) => new Date(view.scheduledAt ?? view.proposedTimes[0] ?? 0).getTime()
  upcoming.sort((a, b) => when(a) - when(b))
  return { upcoming, past: past.slice(0, 50) }
}

/**
 * 'Adicionar à agenda': an RFC 5545 file of an agreed (or confirmed) meeting, for its two participants
 * only; null for anyone else and for a meeting with no time yet.
 */
export function meetingCalendarFile(
  db: Database,
  userId: number,
  meetingId: number,
  /** Minhas entregas under the member's community (memberUrl). */
  deliveriesUrl: string,
): string | null {
  const row = viewQuery(db).where(eq(meetings.id, meetingId)).get()
  if (!row || (row.meeting.sellerId !== userId && row.meeting.buyerId !== userId)) return null
  const { meeting, spot, listingTitle } = row
  if (!meeting.scheduledAt || !['combinada', 'confirmada'].includes(meeting.status)) return null
  const what = listingTitle ? toSingleLine(listingTitle) : 'um anúncio'
  // Cleaned again, as the event calendar does: the ics package escapes LF but not a lone CR.
  const { error, value } = createEvent({
    uid: `entrega-${meeting.id}@vupt`,
    title: toSingleLine(`Entrega no Vupt: ${what}`),
    description: toMultiLine(
      `Ponto de encontro: ${spot.name} (${spot.description}).\nNa hora, quem vende mostra o código da entrega e quem compra confirma no Vupt.`,
    ),
    location: toSingleLine(`${spot.name} - ${spot.description}`),
    url: deliveriesUrl,
    start: meeting.scheduledAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: 30 },
    status: 'CONFIRMED',
    productId: 'vupt/entregas',
  })
  if (error || !value) throw error ?? new Error(`calendário vazio para a entrega ${meeting.id}`)
  return value
}
