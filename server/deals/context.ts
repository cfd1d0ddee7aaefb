import { eq } from 'drizzle-orm'
import type { AppErrorCode } from '../../shared/errors'
import type { CurrentUser } from '../auth/identity'
import { sendableConversation } from '../chat/messages'
import type { Database } from '../db/client'
import { listings } from '../db/schema'
import { appError } from '../errors'

/**
 * The conversation's deal context for a participant who may act in it now (not blocked): the listing of
 * the member's community it is about, sold by one of the two, and who buys. Anything else is `refusal`.
 */
export function dealContext(db: Database, user: CurrentUser, conversationId: number, refusal: AppErrorCode) {
  const conversation = sendableConversation(db, user.id, conversationId)
  const listing = conversation.listingId
    ? db
        .select({
          id: listings.id,
          title: listings.title,
          sellerId: listings.sellerId,
          communityId: listings.communityId,
          status: listings.status,
          moderationStatus: listings.moderationStatus,
          hold: listings.hold,
        })
        .from(listings)
        .where(eq(listings.id, conversation.listingId))
        .get()
    : undefined
  const participants = [user.id, conversation.otherId]
  if (!listing || !participants.includes(listing.sellerId) || listing.communityId !== user.communityId) {
    throw appError('BAD_REQUEST', refusal)
  }
  const buyerId = listing.sellerId === user.id ? conversation.otherId : user.id
  return { conversation, listing, buyerId, sellerId: listing.sellerId }
}
