import type { IncomingMessage } from 'node:http'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '../../shared/domain'
import type { Database } from '../db/client'
import { preparedQuery } from '../db/prepared'
import { profiles, userRoles, users } from '../db/schema'
import { activeSuspension, type Suspension } from '../safety/sanctions'
import type { AppServices } from '../services'
import { recordSessionUse, sessionUseRecordDue } from './access-records'
import {
  readSessionToken,
  serializeSessionCookie,
  type ValidatedSession,
  validateSessionToken,
} from './session'

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

/** Resolves the session cookie of an HTTP request or WebSocket upgrade. */
export function resolveSession(
  services: AppServices,
  req: IncomingMessage,
  setCookie?: (serialized: string) => void,
  /** The client address when the caller computes it itself (the WebSocket, behind trusted proxies). */
  ip?: string | null,
): Identity {
  const token = readSessionToken(req.headers.cookie)
  if (!token) return { session: null, user: null }
  const session = validateSessionToken(services.db, token)
  if (!session) return { session: null, user: null }
  recordSessionUse(services.db, session, ip === undefined ? requestIp(req) : ip)
  if (session.renewed && setCookie) {
    setCookie(serializeSessionCookie(token, session.expiresAt, services.secureCookies))
  }
  return identityOf(services.db, session)
}

/**
 * Until when (ms) resolving the same session again would write nothing and find the same member, as
 * long as nothing writes to the database meanwhile; null without a session.
 */
export function identityQuietUntil({ session }: Identity): number | null {
  return session ? Math.min(session.quietUntil, sessionUseRecordDue(session)) : null
}

/** The current session and user behind a WebSocket connection's token (null when it no longer holds). */
export function refreshIdentity(db: Database, token: string | null | undefined): Identity {
  return identityOf(db, token ? validateSessionToken(db, token) : null)
}

export function requestIp(req: IncomingMessage & { ip?: string }): string | null {
  // A request built by hand (a script, a test) may have no socket.
  return req.ip ?? req.socket?.remoteAddress ?? null
}
