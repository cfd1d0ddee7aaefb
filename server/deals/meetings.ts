/**
 * "Combinar entrega": a meeting at one of the community's safe spots. Either side of a deal proposes a spot
 * and one to three times, at least MEETING_MIN_LEAD_MS ahead; the other side picks one (`combinada`) or
 * proposes others. A deal has at most one meeting in the air: a new proposal replaces an open one, and an
 * agreed meeting is cancelled (with a reason both see) before another is proposed. Both are reminded an
 * hour before; a meeting never confirmed within 24 hours after its time lapses quietly.
 */
import { TZDate } from '@date-fns/tz'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { type MeetingStatus, WEEKDAY_BITS } from '../../shared/deals'
import type { AppErrorCode } from '../../shared/errors'
import {
  MEETING_DAYS_AHEAD_MAX,
  MEETING_MIN_LEAD_MS,
  MEETING_TIME_ZONE,
  type MeetingView,
} from '../../shared/meetings'
import { routes } from '../../shared/routes'
import { participantConversation, publishChat } from '../chat/conversations'
import { sendableConversation } from '../chat/messages'
import type { Database } from '../db/client'
import { listings, meetingSpots, meetings } from '../db/schema'
import { appError } from '../errors'
import { isLive } from '../listings/visibility'
import { notify } from '../notifications/notify'
import type { CurrentUser } from '../people/auth/identity'
import { consumeAll } from '../rate-limits'
import type { EventBus } from '../realtime/bus'
import { assertMayPublish } from '../semesters/standing'
import type { AppServices } from '../services'
import { dealContext, touchDeal } from './context'
import { spotColumns } from './meeting-spots'
import { releaseLapsedReservations } from './reservations'

type MeetingRow = typeof meetings.$inferSelect
type SpotRow = typeof meetingSpots.$inferSelect
export type MeetingServices = Pick<
  AppServices,
  'db' | 'bus' | 'mailer' | 'logger' | 'publicUrl' | 'secrets' | 'defaultCommunitySlug' | 'rateLimits'
>

const DAY_MS = 24 * 60 * 60 * 1000

const meetingNotFound = () => appError('MEETING_NOT_FOUND')

export const viewColumns = {
  meeting: meetings,
  spot: spotColumns,
  listingTitle: listings.title,
}

type ViewRow = {
  meeting: MeetingRow
  spot: MeetingView['spot']
  listingTitle: string | null
}

export function toMeetingView({ meeting, spot, listingTitle }: ViewRow): MeetingView {
  return {
    id: meeting.id,
    conversationId: meeting.conversationId,
    dealId: meeting.dealId ?? 0,
    listingId: meeting.listingId,
    listingTitle,
    sellerId: meeting.sellerId,
    buyerId: meeting.buyerId,
    proposedById: meeting.proposedById,
    spot,
    proposedTimes: [...meeting.proposedTimes].sort((a, b) => a - b).map((ms) => new Date(ms).toISOString()),
    status: meeting.status,
    scheduledAt: meeting.scheduledAt?.toISOString() ?? null,
    confirmedAt: meeting.confirmedAt?.toISOString() ?? null,
    cancelledById: meeting.cancelledById,
    cancelReason: meeting.cancelReason,
    createdAt: meeting.createdAt.toISOString(),
    updatedAt: meeting.updatedAt.toISOString(),
  }
}

export function viewQuery(db: Database) {
  return db
    .select(viewColumns)
    .from(meetings)
    .innerJoin(meetingSpots, eq(meetingSpots.id, meetings.spotId))
    .leftJoin(listings, eq(listings.id, meetings.listingId))
}

export function meetingView(db: Database, meetingId: number): MeetingView {
  const row = viewQuery(db).where(eq(meetings.id, meetingId)).get()
  if (!row) throw meetingNotFound()
  return toMeetingView(row)
}

/** Both sides' open threads get the meeting as it now stands. */
export function publishMeeting(bus: EventBus, db: Database, meetingId: number): MeetingView {
  const view = meetingView(db, meetingId)
  publishChat(bus, [view.sellerId, view.buyerId], {
    type: 'meeting',
    conversationId: view.conversationId,
    meeting: view,
  })
  return view
}

/**
 * The meeting, for one of its two participants only: anyone else learns nothing, not even that it exists.
 */
/**
 * The refusal for acting on a meeting that moved on: it names the state it is in now, so a tap on a
 * stale button says what happened; `fallback` when the state itself explains nothing (still proposed).
 */
export function meetingMovedOn(status: MeetingStatus, fallback: AppErrorCode = 'MEETING_CLOSED') {
  switch (status) {
    case 'combinada':
      return appError('MEETING_NOW_AGREED')
    case 'cancelada':
      return appError('MEETING_CANCELLED')
    case 'confirmada':
      return appError('MEETING_ALREADY_CONFIRMED')
    case 'expirada':
      return appError('MEETING_EXPIRED')
    default:
      return appError(fallback)
  }
}

/**
 * Moves a meeting on from one of the statuses `from`, only if it is still in one: of two taps at once,
 * one moves it and the other is refused with what the meeting became (`closed` if that says nothing).
 */
export function moveMeeting(
  db: Database,
  meetingId: number,
  from: readonly MeetingStatus[],
  changes: Partial<typeof meetings.$inferInsert> & { status: MeetingStatus },
  closed: AppErrorCode,
): void {
  const moved = db
    .update(meetings)
    .set(changes)
    .where(and(eq(meetings.id, meetingId), inArray(meetings.status, [...from])))
    .returning({ id: meetings.id })
    .get()
  if (!moved) {
    const now = db.select({ status: meetings.status }).from(meetings).where(eq(meetings.id, meetingId)).get()
    throw now ? meetingMovedOn(now.status, closed) : appError(closed)
  }
}

export function participantMeeting(db: Database, userId: number, meetingId: number): MeetingRow {
  const row = db.select().from(meetings).where(eq(meetings.id, meetingId)).get()
  if (!row || (row.sellerId !== userId && row.buyerId !== userId)) throw meetingNotFound()
  return row
}

/** One meeting as its two participants see it (the hand-off link's page); to anyone else, not found. */
export function meetingForParticipant(db: Database, userId: number, meetingId: number): MeetingView {
  participantMeeting(db, userId, meetingId)
  return meetingView(db, meetingId)
}

/** The deal context (see dealContext) of a deal whose listings are all still on sale. */
function meetingContext(
  db: Database,
  user: CurrentUser,
  target: { conversationId: number; dealId?: number | undefined },
) {
  const context = dealContext(db, user, target, 'MEETING_NOT_POSSIBLE')
  if (!context.listings.every(isLive)) throw appError('MEETING_NOT_POSSIBLE')
  return context
}

/** The spot as the community's clock sees `at`: open that weekday, at or after opening, before closing. */
export function spotOpenAt(spot: Pick<SpotRow, 'opensAt' | 'closesAt' | 'weekdays'>, at: number): boolean {
  const local = new TZDate(at, MEETING_TIME_ZONE)
  // getDay() counts from Sunday; the bits count from Monday.
  const bit = WEEKDAY_BITS[(local.getDay() + 6) % 7] ?? 0
  const clock = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`
  return (spot.weekdays & bit) !== 0 && clock >= spot.opensAt && clock < spot.closesAt
}

function assertProposableTimes(spot: SpotRow, times: readonly number[], now: Date) {
  for (const time of times) {
    if (time <= now.getTime()) throw appError('MEETING_TIME_PAST')
    // A meeting a minute ahead would open its code at once: a hand-off needs time to get there.
    if (time < now.getTime() + MEETING_MIN_LEAD_MS) throw appError('MEETING_TIME_TOO_SOON')
    if (time > now.getTime() + MEETING_DAYS_AHEAD_MAX * DAY_MS) {
      throw appError('MEETING_TIME_TOO_FAR')
    }
    if (!spotOpenAt(spot, time)) throw appError('MEETING_TIME_OUT_OF_HOURS')
  }
}

export const otherSide = (row: Pick<MeetingRow, 'sellerId' | 'buyerId'>, userId: number) =>
  row.sellerId === userId ? row.buyerId : row.sellerId

export const spotLabel = (view: MeetingView) => view.spot.name

/** "sex., 28/11 às 14:30" on the community's clock, for notifications and e-mails. */
export function meetingTimeText(at: Date | string | number): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: MEETING_TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(at))
    .replace(', ', ' às ')
}

/**
 * A proposal by either side. An open proposal of the conversation (by either side) is replaced: it ends
 * `cancelada` with no reason, which reads as "replaced by a newer proposal". An agreed meeting is not
 * replaced: it is cancelled first, with a reason.
 */
export async function proposeMeeting(
  services: MeetingServices,
  user: CurrentUser,
  input: { conversationId: number; dealId?: number | undefined; spotId: number; times: readonly number[] },
  now = new Date(),
): Promise<MeetingView> {
  const { db } = services
  const context = meetingContext(db, user, input)
  assertMayPublish(db, user)
  const spot = db.select().from(meetingSpots).where(eq(meetingSpots.id, input.spotId)).get()
  if (!spot || spot.retiredAt !== null || spot.communityId !== context.listing.communityId) {
    throw appError('MEETING_SPOT_UNAVAILABLE')
  }
  assertProposableTimes(spot, input.times, now)
  await consumeAll(
    [[services.rateLimits.meetingProposalsByConversation, String(context.conversation.id)]],
    () => appError('MEETING_TOO_MANY'),
  )
  const { created, replaced } = db.transaction((tx) => {
    const agreed = tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(and(eq(meetings.dealId, context.deal.id), eq(meetings.status, 'combinada')))
      .get()
    if (agreed) throw appError('MEETING_ALREADY_AGREED')
    const previous = tx
      .update(meetings)
      .set({ status: 'cancelada', cancelledById: user.id, cancelReason: null, updatedAt: now })
      .where(and(eq(meetings.dealId, context.deal.id), eq(meetings.status, 'proposta')))
      .returning({ id: meetings.id })
      .all()
    const row = tx
      .insert(meetings)
      .values({
        conversationId: context.conversation.id,
        dealId: context.deal.id,
        listingId: context.listing.id,
        sellerId: context.sellerId,
        buyerId: context.buyerId,
        spotId: spot.id,
        proposedById: user.id,
        proposedTimes: [...input.times].sort((a, b) => a - b),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: meetings.id })
      .get()
    return { created: row, replaced: previous }
  })
  touchDeal(db, context.deal.id, user.id, now)
  for (const old of replaced) publishMeeting(services.bus, db, old.id)
  const view = publishMeeting(services.bus, db, created.id)
  notify(services, {
    userId: context.conversation.otherId,
    kind: 'meeting_proposed',
    title: replaced.length > 0 ? 'Novos horários para a entrega' : 'Proposta de entrega',
    body: `${spotLabel(view)}: ${view.proposedTimes.map(meetingTimeText).join(', ')}. Escolha um horário na conversa.`,
    link: routes.conversation(view.conversationId),
    email: { kind: 'meeting_updates', about: `meeting-proposed:${view.conversationId}` },
  })
  return view
}

/** The side the proposal was made to picks one of its times, still ahead: the meeting is agreed. */
export function pickMeetingTime(
  services: MeetingServices,
  user: CurrentUser,
  input: { meetingId: number; time: number },
  now = new Date(),
): MeetingView {
  const { db } = services
  const row = participantMeeting(db, user.id, input.meetingId)
  sendableConversation(db, user.id, row.conversationId)
  if (row.status !== 'proposta') throw meetingMovedOn(row.status)
  if (row.proposedById === user.id) throw appError('MEETING_OWN_PROPOSAL')
  if (!row.proposedTimes.includes(input.time)) throw appError('MEETING_TIME_NOT_OFFERED')
  if (input.time <= now.getTime()) throw appError('MEETING_TIME_PAST')
  moveMeeting(
    db,
    row.id,
    ['proposta'],
    { status: 'combinada', scheduledAt: new Date(input.time), updatedAt: now },
    'MEETING_CLOSED',
  )
  if (row.dealId) touchDeal(db, row.dealId, user.id, now)
  const view = publishMeeting(services.bus, db, row.id)
  notify(services, {
    userId: row.proposedById,
    kind: 'meeting_agreed',
    title: 'Entrega combinada',
    body: `${spotLabel(view)}, ${meetingTimeText(input.time)}. Veja em Minhas entregas.`,
    link: routes.conversation(view.conversationId),
    email: { kind: 'meeting_updates', about: `meeting:${row.id}` },
  })
  return view
}

/**
 * Either side calls off a proposal or an agreed meeting, saying why; the reason shows to both, in the app.
 * Only the cancellation of an agreed meeting is also mailed, at most once a day per deal: a loop of
 * proposals and cancellations never becomes a stream of e-mails with a text the sender chose.
 */
export function cancelMeeting(
  services: MeetingServices,
  user: CurrentUser,
  input: { meetingId: number; reason: string },
  now = new Date(),
): MeetingView {
  const { db } = services
  const row = participantMeeting(db, user.id, input.meetingId)
  moveMeeting(
    db,
    row.id,
    ['proposta', 'combinada'],
    { status: 'cancelada', cancelledById: user.id, cancelReason: input.reason, updatedAt: now },
    'MEETING_CLOSED',
  )
  if (row.dealId) touchDeal(db, row.dealId, user.id, now)
  // Cancelling the agreed meeting ends the reservation it held.
  releaseLapsedReservations(db, now)
  const view = publishMeeting(services.bus, db, row.id)
  notify(services, {
    userId: otherSide(row, user.id),
    kind: 'meeting_cancelled',
    title: 'Entrega cancelada',
    body: `Motivo: ${input.reason}`,
    link: routes.conversation(view.conversationId),
    email:
      row.status === 'combinada'
        ? { kind: 'meeting_updates', about: `meeting-cancelled:deal:${row.dealId ?? `meeting-${row.id}`}` }
        : undefined,
  })
  return view
}

/**
 * The conversation's meetings (of one deal when `dealId` is given), newest first (the thread pins the
 * agreed one), for a participant.
 */
export function conversationMeetings(
  db: Database,
  userId: number,
  conversationId: number,
  dealId?: number,
): MeetingView[] {
  const conversation = participantConversation(db, userId, conversationId)
  return viewQuery(db)
    .where(
      and(
        eq(meetings.conversationId, conversation.id),
        dealId === undefined ? undefined : eq(meetings.dealId, dealId),
      ),
    )
    .orderBy(desc(meetings.id))
    .limit(20)
    .all()
    .map(toMeetingView)
}
