import { and, asc, count, desc, eq, ne, sum } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import {
  communities,
  listings,
  liveListingCounts,
  liveSellerCounts,
  mainCategories,
  memberCourses,
  subcategories,
} from '../db/schema'
import { notBlockedWith } from '../safety/blocks'
import { isLiveListing, selectListingCards } from './visibility'

/**
 * Main categories with their subcategories and the count of live listings of the community in each,
 * from the counts the triggers keep.
 */
export function categoriesWithCounts(db: Database, communityId: number) {
  const mains = db.select().from(mainCategories).orderBy(asc(mainCategories.position)).all()
  const subs = db.select().from(subcategories).orderBy(asc(subcategories.name)).all()
  const counts = db
    .select({ mainCategoryId: liveListingCounts.mainCategoryId, total: liveListingCounts.listings })
    .from(liveListingCounts)
    .where(eq(liveListingCounts.communityId, communityId))
    .all()
  return mains.map((main) => ({
    id: main.id,
    slug: main.slug,
    name: main.name,
    description: main.description,
    icon: main.icon,
    activeListings: counts.find((row) => row.mainCategoryId === main.id)?.total ?? 0,
    subcategories: subs
      .filter((sub) => sub.mainCategoryId === main.id)
      .map((sub) => ({ id: sub.id, name: sub.name, icon: sub.icon, description: sub.description })),
  }))
}

/** How many listings of the community are live, from the counts the triggers keep. */
export function liveListingsOf(db: Database, communityId: number): number {
  const live = db
    .select({ listings: sum(liveListingCounts.listings).mapWith(Number) })
    .from(liveListingCounts)
    .where(eq(liveListingCounts.communityId, communityId))
    .get()
  return live?.listings ?? 0
}

/** The landing page's three figures, from the counts the triggers keep (not a scan of the listings). */
export function landingStats(db: Database, communityId: number) {
  const sellers = db
    .select({ total: count() })
    .from(liveSellerCounts)
    .where(eq(liveSellerCounts.communityId, communityId))
    .get()
  const activeCommunities = db
    .select({ total: count() })
    .from(communities)
    .where(eq(communities.active, true))
    .get()
  return {
    listings: liveListingsOf(db, communityId),
    sellers: sellers?.total ?? 0,
    communities: activeCommunities?.total ?? 0,
  }
}

/** 'Em destaque': the six most viewed live listings, newest first among equals. */
export function featuredListings(db: Database, communityId: number, viewerId: number | null | undefined) {
  return selectListingCards(db, viewerId)
    .where(
      and(eq(listings.communityId, communityId), isLiveListing, notBlockedWith(viewerId, listings.sellerId)),
    )
    .orderBy(desc(listings.views), desc(listings.createdAt))
    .limit(6)
    .all()
}

/** Meus Produtos: every own listing, whatever its status, with the moderation outcome. */
export function listingsOfSeller(db: Database, sellerId: number) {
  return selectListingCards(db, sellerId, {
    status: listings.status,
    views: listings.views,
    listedAt: listings.listedAt,
    moderationStatus: listings.moderationStatus,
    removalReason: listings.removalReason,
    hold: listings.hold,
    expiresAt: listings.expiresAt,
  })
    .where(eq(listings.sellerId, sellerId))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .all()
}

/**
 * 'Do meu curso': the newest live listings of the member's community tagged with the member's course,
 * their own left out; none for a member without a course from the list.
 */
export function myCourseListings(db: Database, member: { id: number; communityId: number }, limit: number) {
  const own = rowWhere(db, memberCourses, 'userId', member.id, ['courseId'])
  if (!own?.courseId) return { courseId: null, items: [] }
  const items = selectListingCards(db, member.id)
    .where(
      and(
        eq(listings.communityId, member.communityId),
        eq(listings.courseId, own.courseId),
        isLiveListing,
        ne(listings.sellerId, member.id),
        notBlockedWith(member.id, listings.sellerId),
      ),
    )
    .orderBy(desc(listings.listedAt), desc(listings.id))
    .limit(limit)
    .all()
  return { courseId: own.courseId, items }
}
