import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { removeChatPhotosOf } from '../../chat/photos'
import { memberCommunityId } from '../../communities/scope'
import type { Database } from '../../db/client'
import { valuesWhere } from '../../db/rows'
import {
  eventAttendees,
  events,
  listingImages,
  listings,
  listingVupts,
  profiles,
  users,
} from '../../db/schema'
import { announceClosedDeals, type ClosedDeals, closeDealsOf } from '../../deals/departure'
import { announcePromotions, dropFromEvent } from '../../events/waitlist'
import { logModeration } from '../../safety/moderation/log'
import type { AppServices } from '../../services'
import { releaseUpload, releaseUploads } from '../../uploads/attach'
import type { MemberScope } from '../auth/identity'
import { serializeBlankSessionCookie } from '../auth/session'
import { assertNotLastAdmin } from '../members/last-admin'
import { checkPassword } from './reauth'

type Fate = 'erased' | 'anonymised' | 'kept'
type ColumnFate = {
  fate: Fate
  /** Why, in the words of decision 0039. */
  why: string
  /** Erased, but by the orphan sweep (which removes the files too), not by a DELETE here. */
  bySweep?: true
}

const erased = (why: string): ColumnFate => ({ fate: 'erased', why })
const anonymised = (why: string): ColumnFate => ({ fate: 'anonymised', why })
const kept = (why: string): ColumnFate => ({ fate: 'kept', why })

/**
 * What a deleted account leaves, decided for every column that names a member (by its table and column
 * in SQL): `erased` rows are deleted in the deletion's transaction, `anonymised` ones stay pointing at
 * the tombstone (no e-mail, no name: "Conta removida"), `kept` ones stay for the law. Decision 0039
 * says why; a test reads the schema and fails on a column not decided here.
 */
export const DELETION_POLICY: Record<string, Record<string, ColumnFate>> = {
  users: { id: anonymised('a tombstone without e-mail, password or secrets; nothing brings it back') },
  profiles: { user_id: anonymised('named "Conta removida", without username, bio, course or photo') },
  access_records: {
    user_id: kept('Marco Civil da Internet, art. 15: six months, then the purge job erases them'),
  },
  sessions: { user_id: erased('every device is signed out') },
  oauth_accounts: { user_id: erased('the Google link goes') },
  email_tokens: { user_id: erased('no link sent before may act on the tombstone') },
  recovery_codes: { user_id: erased('no secret of the account is kept') },
  user_roles: { user_id: erased('the roles end with the account') },
  reverifications: { user_id: erased('the semester checks end with the account') },
  alumni: { user_id: erased('the egresso state ends with the account') },
  listings: { seller_id: erased('the listings, their photos and the offers on them go') },
  live_seller_counts: { seller_id: erased('counts of the listings, which go') },
  uploads: {
    owner_id: {
      fate: 'erased',
      why: 'photos of what goes (listings, avatar, events, chat) go back to the orphan sweep, which erases the files; a banner an administrator uploaded stays on the portal',
      bySweep: true,
    },
  },
  listing_views: { viewer_id: erased('what the member viewed') },
  favorites: { user_id: erased("the favorites, with the counters of others' listings corrected") },
  listing_vupts: { user_id: erased("the Vupts, with the counters of others' listings corrected") },
  wanted_posts: { poster_id: erased('the Procura-se posts and their matches') },
  conversations: {
    participant_one: anonymised('the other side keeps the conversation, with "Conta removida"'),
    participant_two: anonymised('the other side keeps the conversation, with "Conta removida"'),
  },
  messages: {
    sender_id: anonymised(
      'the text stays in the other side\'s conversation, from "Conta removida"; the photos are erased',
    ),
  },
  offers: {
    buyer_id: anonymised(
      "answered offers stay in the other side's conversation; open ones close, with a notice",
    ),
    seller_id: anonymised("offers on the member's listings go with them"),
    made_by_id: anonymised('as buyer_id and seller_id'),
  },
  meetings: {
    seller_id: anonymised(
      "past hand-offs stay in the other side's history; open meetings are cancelled, with a notice",
    ),
    buyer_id: anonymised('as seller_id'),
    proposed_by_id: anonymised('as seller_id'),
    cancelled_by_id: anonymised('as seller_id'),
  },
  reviews: {
    reviewer_id: erased("the member's reviews leave the profiles and averages of others"),
    reviewee_id: erased("nobody sees the tombstone's profile; the member's replies are their text"),
  },
  member_ratings: { user_id: erased('the average of reviews, which go') },
  events: { organizer_id: erased("the member's events, with their attendance") },
  event_attendees: { user_id: erased("the seats are freed and each event's waitlist moves up") },
  event_waitlist: { user_id: erased('the places in line') },
  event_tickets: {
    user_id: erased('the tickets'),
    checked_in_by: anonymised("who a member let in at the door stays in the organizer's count"),
  },
  event_rsvp_notices: { user_id: erased("a bookkeeping row of the member's RSVPs") },
  blocks: {
    blocker_id: erased('a tombstone has nothing to see or hide'),
    blocked_id: erased('a tombstone has nothing to see or hide'),
  },
  reports: {
    reporter_id: anonymised('the moderation keeps the report and its outcome, from "Conta removida"'),
    target_user_id: anonymised('the record of what was reported and decided'),
    resolved_by: anonymised('the record of who decided, as "Conta removida"'),
  },
  sanctions: {
    user_id: erased('a warning or suspension ends with the account; the moderation log keeps the act'),
    moderator_id: anonymised('sanctions a moderator gave stay on the members who got them'),
  },
  moderation_log: { moderator_id: anonymised('the record of what the moderation did stays') },
  notifications: { user_id: erased("the member's notification centre") },
  notification_emails: { user_id: erased('the daily e-mail bookkeeping') },
  email_opt_outs: { user_id: erased('the e-mail preferences') },
  chat_digest_cursors: { user_id: erased('the chat digest bookkeeping') },
  deals: {
    seller_id: anonymised(
      'a deal stays in the other side\'s conversation, with "Conta removida"; its open offer and meeting end',
    ),
    buyer_id: anonymised('as seller_id'),
    activity_by_id: anonymised('as seller_id'),
  },
  passkeys: { user_id: erased('no way to sign in to the tombstone is kept') },
  push_subscriptions: { user_id: erased('no push reaches the devices of a deleted account') },
  push_preferences: { user_id: erased('the push settings') },
  wanted_joins: { user_id: erased("each 'Eu também' leaves the count of the request it joined") },
  member_courses: { user_id: erased("the member's course, with the profile") },
}

/** What happened in the deletion's transaction that others hear of once it is committed. */
export type AccountErased = { deals: ClosedDeals; promotions: { eventId: number; promoted: number[] }[] }

/**
 * Deletes an account inside the caller's transaction, by DELETION_POLICY: open meetings and offers
 * end, seats go to each event's waitlist, counters on others' content are corrected, the member's
 * reviews leave the averages, every `erased` column's rows go, and the user row becomes the tombstone.
 * Returns what to announce after the commit (announceAccountErased).
 */
export function eraseAccount(tx: Database, userId: number, now = new Date()): AccountErased {
  // First, while the listings still name them: the deals in the air end.
  const deals = closeDealsOf(tx, userId, now)

  // Counters on other people's content move with the rows that feed them.
  const vupted = valuesWhere(tx, listingVupts, 'userId', userId, 'listingId')
  if (vupted.length > 0) {
    tx.update(listings)
      .set({ vuptsCount: sql`max(${listings.vuptsCount} - 1, 0)` })
      .where(inArray(listings.id, vupted))
      .run()
  }

  // A seat on an event still to come goes to the first on its waitlist; a past one only leaves the count.
  const promotions: AccountErased['promotions'] = []
  const seats = tx
    .select({
      eventId: events.id,
      organizerId: events.organizerId,
      startsAt: events.startsAt,
      status: events.status,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.userId, userId), ne(events.organizerId, userId)))
    .all()
  for (const seat of seats) {
    if (seat.status === 'aprovado' && seat.startsAt.getTime() > now.getTime()) {
      const { promoted } = dropFromEvent(tx, seat.eventId, seat.organizerId, userId)
      if (promoted.length > 0) promotions.push({ eventId: seat.eventId, promoted })
    } else {
      tx.update(events)
        .set({ attendeesCount: sql`max(${events.attendeesCount} - 1, 0)` })
        .where(eq(events.id, seat.eventId))
        .run()
    }
  }

  // Pictures that only this account used go back to the orphan sweep.
  const avatar = tx
    .select({ uploadId: profiles.avatarUploadId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get()
  releaseUpload(tx, avatar?.uploadId, 'avatar')
  for (const uploadId of valuesWhere(tx, events, 'organizerId', userId, 'imageUploadId')) {
    releaseUpload(tx, uploadId, 'event')
  }
  const photos = tx
    .select({ uploadId: listingImages.uploadId })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(eq(listings.sellerId, userId))
    .all()
    .flatMap((row) => (row.uploadId ? [row.uploadId] : []))

  // Every `erased` column, by the policy (the triggers on reviews keep member_ratings).
  for (const [table, columns] of Object.entries(DELETION_POLICY)) {
    for (const [column, decided] of Object.entries(columns)) {
      if (decided.fate !== 'erased' || decided.bySweep) continue
      tx.run(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`)
    }
  }
  releaseUploads(tx, photos)
  removeChatPhotosOf(tx, userId)

  tx.update(profiles)
    .set({
      username: null,
      fullName: 'Conta removida',
      bio: null,
      university: null,
      course: null,
      matricula: null,
      avatarUrl: null,
      avatarUploadId: null,
      approved: false,
    })
    .where(eq(profiles.userId, userId))
    .run()
  tx.update(users)
    .set({
      email: `removida-${userId}@contas.invalid`,
      passwordHash: null,
      emailVerifiedAt: null,
      totpKey: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId))
    .run()
  return { deals, promotions }
}

/** After the commit: the other side of each deal that ended, and each member a freed seat went to. */
export function announceAccountErased(services: AppServices, erased: AccountErased) {
  announceClosedDeals(services, erased.deals)
  for (const { eventId, promoted } of erased.promotions) announcePromotions(services, eventId, promoted)
}

/** Deletes an account, by the user or an administrator (see DELETION_POLICY), and tells who must know. */
export function deleteAccount(services: AppServices, userId: number, now = new Date()): void {
  const erased = services.db.transaction(() => eraseAccount(services.db, userId, now))
  announceAccountErased(services, erased)
}

/** Self-service deletion (LGPD), confirmed with the password; the last administrator cannot leave. */
export async function deleteOwnAccount(scope: MemberScope, password: string) {
  const { db, user } = scope
  await checkPassword(scope, password)
  assertNotLastAdmin(db, memberCommunityId(user), user.id, 'LAST_ADMIN_SELF_DELETE')
  deleteAccount(scope, user.id)
  logModeration(db, {
    communityId: user.communityId,
    moderatorId: null,
    actionType: 'delete_account',
    targetType: 'user',
    targetId: user.id,
  })
  scope.request.setCookie?.(serializeBlankSessionCookie(scope.secureCookies))
  return { ok: true as const }
}
