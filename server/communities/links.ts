import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { communities, profiles } from '../db/schema'
import type { AppServices } from '../services'

type LinkServices = Pick<AppServices, 'db' | 'publicUrl' | 'defaultCommunitySlug'>

/**
 * The community a member's e-mail links open under: their own, or the community of unprefixed routes
 * for an account that has none yet.
 */
export function memberLinkCommunity(
  { db, defaultCommunitySlug }: Pick<AppServices, 'db' | 'defaultCommunitySlug'>,
  userId: number,
): string {
  return memberCommunitySlug(db, userId) ?? defaultCommunitySlug
}

function memberCommunitySlug(db: Database, userId: number): string | null {
  return (
    db
      .select({ slug: communities.slug })
      .from(profiles)
      .innerJoin(communities, eq(communities.id, profiles.communityId))
      .where(eq(profiles.userId, userId))
      .get()?.slug ?? null
  )
}

/**
 * `${publicUrl}/${slug}${path}`. Behind a proxy that sends each community's paths to the machine owning
 * it (COMMUNITIES), only a link under the community's prefix reaches the database its token lives in.
 */
export function communityUrl(publicUrl: string, communitySlug: string, path: string): string {
  return `${publicUrl}/${communitySlug}${path}`
}

/** A link mailed to a member: `path` (a client route, with its query) under the member's community. */
export function memberUrl(services: LinkServices, userId: number, path: string): string {
  return communityUrl(services.publicUrl, memberLinkCommunity(services, userId), path)
}

/**
 * Whether a link made for a member of `linkCommunity` may act on this request: the instance serves that
 * community, and a request under a community's prefix (`requestCommunity`) names the same one. A link
 * opened under another community's prefix is someone else's address, never a way into this member.
 */
export function linkBelongsHere(
  { ownedCommunities }: Pick<AppServices, 'ownedCommunities'>,
  linkCommunity: string,
  requestCommunity: string | undefined,
): boolean {
  if (ownedCommunities && !ownedCommunities.includes(linkCommunity)) return false
  return requestCommunity === undefined || requestCommunity === linkCommunity
}

/** Whether a link mailed to the member `userId` may act on this request (see linkBelongsHere). */
export function memberLinkBelongsHere(
  services: Pick<AppServices, 'db' | 'defaultCommunitySlug' | 'ownedCommunities'>,
  userId: number,
  requestCommunity: string | undefined,
): boolean {
  return linkBelongsHere(services, memberLinkCommunity(services, userId), requestCommunity)
}
