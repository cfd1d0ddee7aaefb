import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { communities } from '../db/schema'
import { appError } from '../errors'
import type { CurrentUser } from '../people/auth/identity'

/** What deciding a community needs: the database, who asks, and the community of unprefixed routes. */
export type CommunityScope = {
  db: Database
  user: CurrentUser | null
  defaultCommunitySlug: string
  /** COMMUNITIES: the only communities this instance serves; absent, all of them. */
  ownedCommunities?: readonly string[]
}

/**
 * The community whose content a caller sees: a member's own; for visitors (and members still waiting
 * for approval), the live community named in the URL, else the default one. An instance restricted to
 * some communities answers 404 for any other named one instead of showing its default.
 */
export function resolveCommunityId(
  { db, user, defaultCommunitySlug, ownedCommunities }: CommunityScope,
  slug?: string,
): number {
  if (user?.approved && user.communityId) return user.communityId
  if (slug && ownedCommunities && !ownedCommunities.includes(slug)) {
    throw appError('UNKNOWN_COMMUNITY')
  }
  const bySlug = (value: string) =>
    db
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.slug, value), eq(communities.active, true)))
      .get()
  const community = (slug ? bySlug(slug) : undefined) ?? bySlug(defaultCommunitySlug)
  if (!community) throw appError('UNKNOWN_COMMUNITY')
  return community.id
}

/** A member's own community; -1 (matching nothing) for an account that has none, so no query leaks. */
export const memberCommunityId = (user: CurrentUser): number => user.communityId ?? -1

/** The member's community row, or a refusal when the account has none (an incomplete sign-up). */
export function memberCommunity(db: Database, user: CurrentUser) {
  const community = user.communityId
    ? db.select().from(communities).where(eq(communities.id, user.communityId)).get()
    : undefined
  if (!community) throw appError('MEMBER_COMMUNITY_MISSING')
  return community
}
