import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { listings, profiles } from '../../db/schema'
import { profileReviews } from '../../deals/reputation'
import { appError } from '../../errors'
import { isLiveListing, selectListingCards } from '../../listings/visibility'
import { blockedBetween } from '../../safety/blocks'
import { sameUsername } from '../auth/accounts'
import type { CurrentUser } from '../auth/identity'
import { profileColumns } from './member-columns'

/** A member's public profile with their live listings; only within the same community. */
export function publicProfile(db: Database, viewer: CurrentUser, username: string) {
  const profile = db
    .select({
      userId: profiles.userId,
      ...profileColumns,
      communityId: profiles.communityId,
      approved: profiles.approved,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(sameUsername(username))
    .get()
  if (
    !profile?.approved ||
    profile.communityId !== viewer.communityId ||
    blockedBetween(db, viewer.id, profile.userId)
  ) {
    throw appError('PROFILE_NOT_FOUND')
  }
  const ownListings = selectListingCards(db, viewer.id)
    .where(and(eq(listings.sellerId, profile.userId), isLiveListing))
    .orderBy(desc(listings.createdAt))
    .all()
  const { communityId: _community, approved: _approved, ...publicFields } = profile
  return {
    ...publicFields,
    isMe: profile.userId === viewer.id,
    listings: ownListings,
    reviews: profileReviews(db, viewer, profile.userId),
  }
}
