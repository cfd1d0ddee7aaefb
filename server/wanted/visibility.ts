import { and, eq, gt, type SQL } from 'drizzle-orm'
import { memberCommunityId } from '../communities/scope'
import { liveWantedCondition, wantedPosts } from '../db/schema'
import type { CurrentUser } from '../people/auth/identity'
import { notBlockedWith } from '../safety/blocks'

/**
 * In a query: the wanted post is on the board (open, not removed, not expired). Anybody but its
 * poster and the staff sees only these.
 */
export const isLiveWanted = (now: Date): SQL =>
  and(liveWantedCondition(wantedPosts), gt(wantedPosts.expiresAt, now)) as SQL

/** In a query: a live post of the member's own community, its poster not blocked either way. */
export const wantedVisibleTo = (user: CurrentUser, now: Date): SQL =>
  and(
    eq(wantedPosts.communityId, memberCommunityId(user)),
    isLiveWanted(now),
    notBlockedWith(user.id, wantedPosts.posterId),
  ) as SQL

/** The state a poster reads in 'Meus pedidos'. */
export type WantedState = 'aberto' | 'encerrado' | 'expirado' | 'removido'

export function wantedState(
  row: { status: 'open' | 'closed'; moderationStatus: 'active' | 'removed'; expiresAt: Date },
  now: Date,
): WantedState {
  if (row.moderationStatus === 'removed') return 'removido'
  if (row.status === 'closed') return 'encerrado'
  return row.expiresAt.getTime() <= now.getTime() ? 'expirado' : 'aberto'
}
