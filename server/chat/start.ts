import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rowWhere } from '../db/rows'
import { conversations, listings, profiles } from '../db/schema'
import { ensureListingDeal } from '../deals/context'
import { appError } from '../errors'
import { isLiveListing } from '../listings/visibility'
import { sameUsername } from '../people/auth/accounts'
import type { CurrentUser } from '../people/auth/identity'
import { blockedBetween } from '../safety/blocks'
import { assertMayPublish } from '../semesters/standing'

/**
 * 'Enviar mensagem' on a listing (or a profile): reuses the pair's conversation when it exists. From a
 * listing, it opens the thread on that listing's deal (the open one, or a new one), never moving another
 * deal's context. Only a live listing of the member's community, and an approved member of it, can be
 * reached; a blocked pair finds nobody.
 */
export function startConversation(
  db: Database,
  user: Pick<CurrentUser, 'id' | 'communityId'>,
  input: { listingId?: number | undefined; username?: string | undefined },
): { conversationId: number; dealId: number | null } {
  let otherId: number | undefined
  let listingId: number | null = null
  let sellerId: number | null = null
  if (input.listingId !== undefined) {
    const listing = db
      .select({ id: listings.id, sellerId: listings.sellerId, communityId: listings.communityId })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), isLiveListing))
      .get()
    if (
      !listing ||
      listing.communityId !== user.communityId ||
      blockedBetween(db, user.id, listing.sellerId)
    ) {
      throw appError('LISTING_NOT_FOUND')
    }
    otherId = listing.sellerId
    listingId = listing.id
    sellerId = listing.sellerId
  } else if (input.username) {
    otherId = db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(sameUsername(input.username))
      .get()?.userId
  }
  if (otherId === user.id) {
    throw appError('CHAT_WITH_SELF')
  }
  const other = otherId ? rowWhere(db, profiles, 'userId', otherId, ['approved', 'communityId']) : undefined
  if (
    !otherId ||
    !other?.approved ||
    other.communityId !== user.communityId ||
    blockedBetween(db, user.id, otherId)
  ) {
    throw appError('PERSON_NOT_FOUND')
  }
  const [participantOne, participantTwo] = user.id < otherId ? [user.id, otherId] : [otherId, user.id]
  // An egresso keeps talking in the conversations they have, and starts no new one.
  const existing = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.participantOne, participantOne), eq(conversations.participantTwo, participantTwo)),
    )
    .get()
  if (!existing) assertMayPublish(db, user)
  const conversation = db
    .insert(conversations)
    .values({ communityId: user.communityId ?? -1, participantOne, participantTwo, listingId })
    .onConflictDoUpdate({
      target: [conversations.participantOne, conversations.participantTwo],
      // The listing the conversation started from stays; each listing asked about gets its own deal.
      set: { participantOne },
    })
    .returning({
      id: conversations.id,
      participantOne: conversations.participantOne,
      participantTwo: conversations.participantTwo,
    })
    .get()
  const dealId =
    listingId !== null && sellerId !== null
      ? ensureListingDeal(db, conversation, { id: listingId, sellerId })
      : null
  return { conversationId: conversation.id, dealId }
}
