/**
 * Confirming the hand-off: at the meeting the seller's screen shows a short code and its QR code, and the
 * buyer types or scans it. The code is derived from the meeting id under the server's key (an HMAC), so
 * the seller reopening the page sees the same code while the database keeps only its SHA-256, written
 * when the seller first opens it: before that, no code confirms the meeting. It works once (the meeting
 * becomes `confirmada`), only for that meeting, only until the meeting lapses, and wrong codes are
 * counted per buyer and per meeting.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { renderSVG } from 'uqr'
import {
  HANDOFF_ALPHABET,
  HANDOFF_CODE_LENGTH,
  HANDOFF_OPENS_BEFORE_MS,
  handoffLinkPath,
  MEETING_LAPSE_AFTER_MS,
  type MeetingView,
  readHandoffCode,
} from '../../shared/meetings'
import { routes } from '../../shared/routes'
import { communityUrl } from '../communities/links'
import { communities, meetingSpots, meetings } from '../db/schema'
import { appError } from '../errors'
import { notify } from '../notifications/notify'
import type { CurrentUser } from '../people/auth/identity'
import type { SecretBox } from '../people/auth/secret-box'
import { consumeAll, type LimiterKey, refundAll } from '../rate-limits'
import { concludeDeal } from './conclude'
import {
  type MeetingServices,
  meetingMovedOn,
  meetingTimeText,
  moveMeeting,
  participantMeeting,
  publishMeeting,
} from './meetings'

/** The meeting's code: the same every time it is asked for, unguessable without the server's key. */
export function handoffCode(secrets: SecretBox, meetingId: number): string {
  const bytes = secrets.digest(`handoff:${meetingId}`)
  let code = ''
  // 32 letters divide 256 evenly: each byte's remainder is uniform.
  for (let i = 0; i < HANDOFF_CODE_LENGTH; i++) {
    code += HANDOFF_ALPHABET[(bytes[i] ?? 0) % HANDOFF_ALPHABET.length]
  }
  return code
}

const sha256 = (code: string) => createHash('sha256').update(code).digest('hex')

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

const lapsesAt = (scheduledAt: Date) => scheduledAt.getTime() + MEETING_LAPSE_AFTER_MS

/** The QR code's link, under the community of the meeting's spot: the page opens where the meeting lives. */
function handoffLink(
  { db, publicUrl }: Pick<MeetingServices, 'db' | 'publicUrl'>,
  spotId: number,
  meetingId: number,
  code: string,
): string {
  const spot = db
    .select({ slug: communities.slug })
    .from(meetingSpots)
    .innerJoin(communities, eq(communities.id, meetingSpots.communityId))
    .where(eq(meetingSpots.id, spotId))
    .get()
  if (!spot) throw appError('MEETING_NOT_FOUND')
  return communityUrl(publicUrl, spot.slug, handoffLinkPath(meetingId, code))
}

/**
 * The seller's code for an agreed meeting, from two hours before its time until it lapses: the code, its
 * QR code (drawn here, as the event ticket's is) and until when it is valid.
 */
export function openHandoffCode(
  services: Pick<MeetingServices, 'db' | 'secrets' | 'publicUrl'>,
  user: CurrentUser,
  meetingId: number,
  now = new Date(),
) {
  const { db, secrets } = services
  const row = participantMeeting(db, user.id, meetingId)
  if (row.sellerId !== user.id) throw appError('HANDOFF_SELLER_ONLY')
  if (row.status === 'confirmada') throw appError('HANDOFF_ALREADY_CONFIRMED')
  if (row.status !== 'combinada' || !row.scheduledAt) throw meetingMovedOn(row.status)
  if (now.getTime() < row.scheduledAt.getTime() - HANDOFF_OPENS_BEFORE_MS) {
    throw appError('HANDOFF_NOT_YET')
  }
  if (now.getTime() >= lapsesAt(row.scheduledAt)) throw appError('HANDOFF_LAPSED')
  const code = handoffCode(secrets, row.id)
  if (!row.handoffCodeHash) {
    db.update(meetings)
      .set({ handoffCodeHash: sha256(code) })
      .where(and(eq(meetings.id, row.id), isNull(meetings.handoffCodeHash)))
      .run()
  }
  return {
    meetingId: row.id,
    code,
    qrSvg: renderSVG(handoffLink(services, row.spotId, row.id, code)),
    validUntil: new Date(lapsesAt(row.scheduledAt)),
  }
}

/**
 * The buyer confirms the hand-off with the seller's code (typed, or the QR code's link). Wrong codes
 * count against the buyer and against the meeting, so neither one buyer nor many can search for it.
 */
export async function confirmHandoff(
  services: MeetingServices,
  user: CurrentUser,
  input: { meetingId: number; code: string },
  now = new Date(),
): Promise<MeetingView> {
  const { db, rateLimits } = services
  const row = participantMeeting(db, user.id, input.meetingId)
  if (row.buyerId !== user.id) throw appError('HANDOFF_BUYER_ONLY')
  if (row.status === 'confirmada') throw appError('HANDOFF_ALREADY_CONFIRMED')
  if (row.status !== 'combinada' || !row.scheduledAt) throw meetingMovedOn(row.status)
  if (now.getTime() >= lapsesAt(row.scheduledAt)) throw appError('HANDOFF_LAPSED')

  // Spent before comparing, so codes sent at once are never compared past the limit; the right one is refunded.
  const guesses: LimiterKey[] = [
    [rateLimits.handoffGuessesByMeeting, String(row.id)],
    [rateLimits.handoffGuessesByUser, String(user.id)],
  ]
  await consumeAll(guesses, () => appError('HANDOFF_TOO_MANY'))
  const scanned = readHandoffCode(input.code)
  if (scanned.meetingId !== null && scanned.meetingId !== row.id) {
    throw appError('HANDOFF_CODE_OTHER_MEETING')
  }
  // Until the seller opens the code there is no hash, and nothing typed can match.
  if (!row.handoffCodeHash || !sameHash(sha256(scanned.code), row.handoffCodeHash)) {
    throw appError('HANDOFF_CODE_WRONG')
  }
  await refundAll(guesses)
  // Conditional on still agreed: two taps at once confirm it once.
  moveMeeting(
    db,
    row.id,
    ['combinada'],
    { status: 'confirmada', confirmedAt: now, updatedAt: now },
    'HANDOFF_ALREADY_CONFIRMED',
  )
  concludeDeal(services, row, now)
  const view = publishMeeting(services.bus, db, row.id)
  notify(services, {
    userId: row.sellerId,
    kind: 'handoff_confirmed',
    title: 'Entrega confirmada',
    body: `${view.listingTitle ? `"${view.listingTitle}", ` : ''}${meetingTimeText(row.scheduledAt)}. Se vendeu, marque o anúncio como vendido.`,
    link: routes.conversation(row.conversationId),
    email: { kind: 'handoff_confirmed', about: `meeting:${row.id}` },
  })
  return view
}
