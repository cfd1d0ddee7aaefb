import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { ModerationStatus } from '../../../shared/domain'
import { memberCommunityId } from '../../communities/scope'
import type { Database } from '../../db/client'
import { listings, profiles } from '../../db/schema'
import type { CurrentUser } from '../../people/auth/identity'
import { memberNameColumns } from '../../people/profiles/member-columns'

/** The listings of the moderator's community, newest first, all of them or those in one moderation state. */
export function listingsForModeration(
  db: Database,
  moderator: CurrentUser,
  filter: 'all' | ModerationStatus,
) {
  const conditions: (SQL | undefined)[] = [eq(listings.communityId, memberCommunityId(moderator))]
  if (filter !== 'all') conditions.push(eq(listings.moderationStatus, filter))
  return db
    .select({
      id: listings.id,
      title: listings.title,
      priceCents: listings.priceCents,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
      removalReason: listings.removalReason,
      createdAt: listings.createdAt,
      seller: memberNameColumns,
    })
    .from(listings)
    .innerJoin(profiles, eq(profiles.userId, listings.sellerId))
    .where(and(...conditions))
    .orderBy(desc(listings.createdAt))
    .limit(200)
    .all()
}
