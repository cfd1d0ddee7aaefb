import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { deals } from '../db/schema'

/** Opening the conversation sees its deal activity: nothing of it stays unread for this member. */
export function markDealsSeen(db: Database, userId: number, conversationId: number, now = new Date()) {
  db.update(deals)
    .set({ sellerSeenAt: now })
    .where(and(eq(deals.conversationId, conversationId), eq(deals.sellerId, userId)))
    .run()
  db.update(deals)
    .set({ buyerSeenAt: now })
    .where(and(eq(deals.conversationId, conversationId), eq(deals.buyerId, userId)))
    .run()
}

/** In a query: the deals of conversation `conversationId` with activity of the other side unseen by `userId`. */
export const unseenDealsCount = (conversationId: unknown, userId: number) =>
  sql<number>`(select count(*) from ${deals} where ${deals.conversationId} = ${conversationId}
    and ${deals.activityAt} is not null and ${deals.activityById} is not ${userId}
    and ${deals.activityAt} > coalesce(case when ${deals.sellerId} = ${userId} then ${deals.sellerSeenAt}
      else ${deals.buyerSeenAt} end, 0))`
