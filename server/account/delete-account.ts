import { eq, inArray, sql } from 'drizzle-orm'
import type { MemberScope } from '../auth/identity'
import { serializeBlankSessionCookie } from '../auth/session'
import { removeChatPhotosOf } from '../chat/photos'
import { memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import {
  emailTokens,
  eventAttendees,
  eventRsvpNotices,
  events,
  eventTickets,
  eventWaitlist,
  favorites,
  listingImages,
  listings,
  listingVupts,
  notificationEmails,
  oauthAccounts,
  passkeys,
  profiles,
  pushPreferences,
  pushSubscriptions,
  recoveryCodes,
  sessions,
  userRoles,
  users,
  wantedJoins,
  wantedPosts,
} from '../db/schema'
import { assertNotLastAdmin } from '../members/last-admin'
import { logModeration } from '../moderation/log'
import { releaseUpload, releaseUploads } from '../uploads/attach'
import { checkPassword } from './reauth'

/**
 * Deletes an account, by the user or an administrator. Policy: the person's listings, events,
 * Procura-se posts (with the matches found for them), favorites, Vupts, RSVPs, roles, sessions,
 * passkeys and linked identities are removed, counters on other people's listings and events are
 * corrected, and the e-mail is freed. Messages they sent stay in the other person's conversation, shown as from
 * 'Conta removida', without the photos they carried: the user row remains as an anonymous tombstone
 * with no e-mail, name or password.
 */
export function deleteAccount(db: Database, userId: number): void {
  db.transaction((tx) => {
    // Counters on other people's content move with the rows that feed them.
    const vupted = tx
      .select({ listingId: listingVupts.listingId })
      .from(listingVupts)
      .where(eq(listingVupts.userId, userId))
      .all()
      .map((row) => row.listingId)
    if (vupted.length > 0) {
      tx.update(listings)
        .set({ vuptsCount: sql`max(${listings.vuptsCount} - 1, 0)` })
        .where(inArray(listings.id, vupted))
        .run()
    }
    const attending = tx
      .select({ eventId: eventAttendees.eventId })
      .from(eventAttendees)
      .where(eq(eventAttendees.userId, userId))
      .all()
      .map((row) => row.eventId)
    if (attending.length > 0) {
      tx.update(events)
        .set({ attendeesCount: sql`max(${events.attendeesCount} - 1, 0)` })
        .where(inArray(events.id, attending))
        .run()
    }

    // Pictures that only this account used go back to the orphan sweep.
    const avatar = tx
      .select({ uploadId: profiles.avatarUploadId })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .get()
    releaseUpload(tx, avatar?.uploadId, 'avatar')
    for (const event of tx
      .select({ uploadId: events.imageUploadId })
      .from(events)
      .where(eq(events.organizerId, userId))
      .all()) {
      releaseUpload(tx, event.uploadId, 'event')
    }

    const photos = tx
      .select({ uploadId: listingImages.uploadId })
      .from(listingImages)
      .innerJoin(listings, eq(listings.id, listingImages.listingId))
      .where(eq(listings.sellerId, userId))
      .all()
      .flatMap((row) => (row.uploadId ? [row.uploadId] : []))

    tx.delete(listingVupts).where(eq(listingVupts.userId, userId)).run()
    tx.delete(eventAttendees).where(eq(eventAttendees.userId, userId)).run()
    tx.delete(eventRsvpNotices).where(eq(eventRsvpNotices.userId, userId)).run()
    tx.delete(eventWaitlist).where(eq(eventWaitlist.userId, userId)).run()
    tx.delete(eventTickets).where(eq(eventTickets.userId, userId)).run()
    tx.delete(notificationEmails).where(eq(notificationEmails.userId, userId)).run()
    tx.delete(favorites).where(eq(favorites.userId, userId)).run()
    tx.delete(listings).where(eq(listings.sellerId, userId)).run()
    tx.delete(events).where(eq(events.organizerId, userId)).run()
    tx.delete(wantedPosts).where(eq(wantedPosts.posterId, userId)).run()
    // Each 'Eu também' of the account leaves the count of the post it joined (the triggers see to it).
    tx.delete(wantedJoins).where(eq(wantedJoins.userId, userId)).run()
    tx.delete(sessions).where(eq(sessions.userId, userId)).run()
    // No push reaches the devices of a deleted account.
    tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).run()
    tx.delete(pushPreferences).where(eq(pushPreferences.userId, userId)).run()
    // No link sent before the deletion may act on the tombstone, and no secret of it is kept.
    tx.delete(emailTokens).where(eq(emailTokens.userId, userId)).run()
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run()
    tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId)).run()
    tx.delete(passkeys).where(eq(passkeys.userId, userId)).run()
    tx.delete(userRoles).where(eq(userRoles.userId, userId)).run()
    if (photos.length > 0) releaseUploads(tx, photos)
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
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .run()
  })
}

/** Self-service deletion (LGPD), confirmed with the password; the last administrator cannot leave. */
export async function deleteOwnAccount(scope: MemberScope, password: string) {
  const { db, user } = scope
  await checkPassword(scope, password)
  assertNotLastAdmin(db, memberCommunityId(user), user.id, 'LAST_ADMIN_SELF_DELETE')
  deleteAccount(db, user.id)
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
