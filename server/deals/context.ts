import type { AppErrorCode } from '../../shared/errors'
import type { CurrentUser } from '../auth/identity'
import { sendableConversation } from '../chat/messages'
import type { Database } from '../db/client'
import { appError } from '../errors'
import { listingSaleState } from '../listings/visibility'

/** The listing a conversation is about (none for a conversation without one), as a deal reads it. */
export function conversationListing(db: Database, listingId: number | null) {
  if (!listingId) return undefined
  return listingSaleState(db, listingId)
}

/**
 * The conversation's deal context for a participant who may act in it now (not blocked): the listing of
 * the member's community it is about, sold by one of the two, and who buys. Anything else is `refusal`.
 */
export function dealContext(db: Database, user: CurrentUser, conversationId: number, refusal: AppErrorCode) {
  const conversation = sendableConversation(db, user.id, conversationId)
  const listing = conversationListing(db, conversation.listingId)
  const participants = [user.id, conversation.otherId]
  if (!listing || !participants.includes(listing.sellerId) || listing.communityId !== user.communityId) {
    throw appError('BAD_REQUEST', refusal)
  }
  const buyerId = listing.sellerId === user.id ? conversation.otherId : user.id
  return { conversation, listing, buyerId, sellerId: listing.sellerId }
}
