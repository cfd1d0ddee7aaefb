import type { IncomingMessage } from 'node:http'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/domain'
import type { Database } from '../../db/client'
import { preparedQuery } from '../../db/prepared'
import { passkeys, profiles, userRoles, users } from '../../db/schema'
import { activeSuspension, type Suspension } from '../../safety/sanctions'
import type { AppServices } from '../../services'
import { recordSessionUse, sessionUseRecordDue } from './access-records'
import type { IdentityCache } from './identity-cache'
import {
  readSessionToken,
  serializeSessionCookie,
  type ValidatedSession,
  validateSessionToken,
} from './session'
import { hashToken } from './tokens'

/** What a call knows of the request or WebSocket connection it came on. */
export type RequestMeta = {
  /** HTTP calls only: the request's id (X-Request-Id), logged with any failure it causes. */
  requestId?: string
  ip: string | null
  userAgent: string | null
  /** The request's Cookie header (the known-device cookie of sign-in lives there). */
  cookieHeader?: string
  /** Sets a cookie on the response; absent on WebSocket calls. */
  setCookie?: (serialized: string) => void
  /**
   * WebSocket calls only: the session token of the upgrade. A connection outlives the moment it was
   * opened, so each call re-checks the session (it may have ended) and the user (they may have been approved).
   */
  sessionToken?: string | null
  /**
   * WebSocket calls only: open subscriptions of this connection, to cap them, and (`all`) of every
   * connection of the process, for the metrics.
   */
  subscriptions?: { active: number; all?: { active: number } }
  /**
   * HTTP calls only: the community whose prefix the request came under (`/univille/api/…`), absent
   * without one. A link mailed to a member acts only under the member's own community.
   */
  community?: string
}
/** Who is behind a request: the session and the member, both null for a visitor. */
export type Identity = { session: ValidatedSession | null; user: CurrentUser | null }

/** A request acted on by a domain, whoever serves it: the services, who is behind it, and the request. */
export type RequestScope = AppServices & Identity & { request: RequestMeta }
/** The same for a signed-in member: a live session and the member behind it. */
export type MemberScope = RequestScope & { user: CurrentUser; session: ValidatedSession }

/** The key rate limits count a client's address under. */
export const clientKey = (request: RequestMeta): string => request.ip ?? 'desconhecido'

export type CurrentUser = {
  id: number
  email: string
  emailVerified: boolean
  approved: boolean
  communityId: number | null
  roles: Role[]
  fullName: string
  username: string | null
  twoFactorEnabled: boolean
  /** Has at least one passkey: signing in with it is both factors (see server/people/auth/passkeys.ts). */
  hasPasskey: boolean
  /** Set while a moderator's suspension is in force: the member only sees why and until when. */
  suspension: Suspension | null
}

const memberById = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      totpEnabledAt: users.totpEnabledAt,
      hasPasskey: sql<number>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
      approved: profiles.approved,
      communityId: profiles.communityId,
      fullName: profiles.fullName,
      username: profiles.username,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    // A deleted account is a tombstone: nobody is behind it any more.
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare(),
)

const rolesOf = preparedQuery((db) =>
  db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, sql.placeholder('userId')))
    .prepare(),
)

export function loadCurrentUser(db: Database, userId: number): CurrentUser | null {
  const row = memberById(db).get({ userId })
  if (!row) return null
  const roles = rolesOf(db)
    .all({ userId })
    .map((r) => r.role)
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    approved: row.approved,
    communityId: row.communityId,
    roles,
    fullName: row.fullName,
    username: row.username,
    twoFactorEnabled: row.totpEnabledAt !== null,
    hasPasskey: row.hasPasskey === 1,
    suspension: activeSuspension(db, row.id),
  }
}

/**
 * Who is behind a session. A session still owing its second factor has no user: it is anonymous
 * everywhere except the second-factor step and sign-out, which read the session itself.
 */
export function identityOf(db: Database, session: ValidatedSession | null): Identity {
  if (!session) return { session: null, user: null }
  const user = loadCurrentUser(db, session.userId)
  if (!user) return { session: null, user: null }
  return session.twoFactorPending ? { session, user: null } : { session, user }
}

/** The member behind a session, from memory when nothing was written since it was read. */
function rememberedMember(db: Database, identities: IdentityCache, userId: number): CurrentUser | null {
  const known = identities.member(userId)
  if (known !== undefined) return known
  const user = loadCurrentUser(db, userId)
  const until = user?.suspension ? user.suspension.endsAt.getTime() : Number.POSITIVE_INFINITY
  identities.keepMember(userId, user, until)
  return user
}

/** What resolving a session needs: the database and the identities kept in memory. */
type IdentityServices = Pick<AppServices, 'db' | 'identities'>

/**
 * The identity behind a session token, from memory when it was resolved since the last write and
 * resolving it again would still write nothing. `validated` runs on a session read from the database
 * (to record its use, to send a renewed cookie). With `keep` false what is read is not kept: the calls
 * of a WebSocket use what HTTP requests keep, but keeping one identity per open socket would be memory
 * on every one of thousands of them.
 */
function identityOfToken(
  { db, identities }: IdentityServices,
  token: string,
  { keep, validated }: { keep: boolean; validated?: (session: ValidatedSession) => void },
): Identity {
  const id = hashToken(token)
  const known = identities.session(id)
  if (known) return known
  const version = identities.currentVersion()
  const session = validateSessionToken(db, token)
  if (!session) return { session: null, user: null }
  validated?.(session)
  const user = keep ? rememberedMember(db, identities, session.userId) : loadCurrentUser(db, session.userId)
  const identity: Identity = !user
    ? { session: null, user: null }
    : session.twoFactorPending
      ? { session, user: null }
      : { session, user }
  // Kept only when resolving wrote nothing: a session touched, renewed or recorded is read again.
  if (keep && identity.session) {
    const quietUntil = identityQuietUntil(identity) ?? 0
    const until = Math.min(quietUntil, user?.suspension?.endsAt.getTime() ?? quietUntil)
    identities.keepSession(id, identity, until, version)
  }
  return identity
}

/** Resolves the session cookie of an HTTP request or WebSocket upgrade. */
export function resolveSession(
  services: AppServices,
  req: IncomingMessage,
  setCookie?: (serialized: string) => void,
  /**
   * A WebSocket upgrade: the client address as it worked it out (behind trusted proxies). What it
   * reads is not kept in memory (see identityOfToken).
   */
  upgrade?: { ip: string | null },
): Identity {
  const token = readSessionToken(req.headers.cookie)
  if (!token) return { session: null, user: null }
  return identityOfToken(services, token, {
    keep: upgrade === undefined,
    validated: (session) => {
      recordSessionUse(services.db, session, upgrade ? upgrade.ip : requestIp(req))
      if (session.renewed && setCookie) {
        setCookie(serializeSessionCookie(token, session.expiresAt, services.secureCookies))
      }
    },
  })
}

/**
 * Until when (ms) resolving the same session again would write nothing and find the same member, as
 * long as nothing writes to the database meanwhile; null without a session.
 */
export function identityQuietUntil({ session }: Identity): number | null {
  return session ? Math.min(session.quietUntil, sessionUseRecordDue(session)) : null
}

/** The current session and user behind a WebSocket connection's token (null when it no longer holds). */
export function refreshIdentity(services: IdentityServices, token: string | null | undefined): Identity {
  return token ? identityOfToken(services, token, { keep: false }) : { session: null, user: null }
}

export function requestIp(req: IncomingMessage & { ip?: string }): string | null {
  // A request built by hand (a script, a test) may have no socket.
  return req.ip ?? req.socket?.remoteAddress ?? null
}
