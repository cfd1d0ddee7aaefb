import { and, eq } from 'drizzle-orm'
import { EMAIL_KINDS, type EmailKind } from '../../shared/safety'
import { communityUrl, linkBelongsHere, memberLinkCommunity } from '../communities/links'
import type { Database } from '../db/client'
import { emailOptOuts } from '../db/schema'
import { isSealed } from '../people/auth/secret-box'
import type { AppServices } from '../services'

/**
 * One-click unsubscribe: the token is the community, the member and the e-mail kind, sealed with the
 * server's key (authenticated encryption), so it cannot be forged or pointed at someone else. Member ids
 * are per database: the community says which one the id belongs to.
 */
export function unsubscribeToken(
  services: Pick<AppServices, 'secrets' | 'db' | 'defaultCommunitySlug'>,
  userId: number,
  kind: EmailKind,
): string {
  // Sealed values are base64url parts joined by dots: safe in a URL as they are.
  return services.secrets.seal(`unsubscribe:${memberLinkCommunity(services, userId)}:${userId}:${kind}`)
}

export function unsubscribeUrl(
  services: Pick<AppServices, 'secrets' | 'db' | 'publicUrl' | 'defaultCommunitySlug'>,
  userId: number,
  kind: EmailKind,
): string {
  const token = unsubscribeToken(services, userId, kind)
  return communityUrl(
    services.publicUrl,
    memberLinkCommunity(services, userId),
    `/descadastrar?token=${token}`,
  )
}

/**
 * The member and kind a token names, or null for anything that is not one of ours, and for a token of a
 * community this request is not for: another community's prefix, one this instance does not serve, or
 * one the member no longer belongs to.
 */
export function readUnsubscribeToken(
  services: Pick<AppServices, 'secrets' | 'db' | 'defaultCommunitySlug' | 'ownedCommunities'>,
  token: string,
  requestCommunity: string | undefined,
): { userId: number; kind: EmailKind } | null {
  // open() hands anything unsealed back as it is: only a sealed value can be ours.
  if (token.length > 512 || !isSealed(token)) return null
  let plain: string
  try {
    plain = services.secrets.open(token)
  } catch {
    return null
  }
  const match = /^unsubscribe:(?:([a-z0-9-]{1,50}):)?(\d+):([a-z_]+)$/.exec(plain)
  const kind = match?.[3] as EmailKind | undefined
  if (!match || !kind || !EMAIL_KINDS.includes(kind)) return null
  const userId = Number(match[2])
  // Tokens mailed before they named a community hold only for an instance serving every community,
  // whose one database the id can only mean.
  const community =
    match[1] ?? (services.ownedCommunities ? undefined : memberLinkCommunity(services, userId))
  if (!community || !linkBelongsHere(services, community, requestCommunity)) return null
  if (memberLinkCommunity(services, userId) !== community) return null
  return { userId, kind }
}

export function setEmailOptOut(db: Database, userId: number, kind: EmailKind, off: boolean): void {
  if (off) {
    db.insert(emailOptOuts).values({ userId, kind }).onConflictDoNothing().run()
  } else {
    db.delete(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)))
      .run()
  }
}
