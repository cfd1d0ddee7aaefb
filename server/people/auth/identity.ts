import type { IncomingMessage } from 'node:http'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/domain'
import type { Database } from '../../db/client'
import { dataVersionOf } from '../../db/data-version'
import { preparedQuery } from '../../db/prepared'
import { passkeys, profiles, userRoles, users } from '../../db/schema'
import { activeSuspension, type Suspension } from '../../safety/sanctions'
import type { AppServices } from '../../services'
import { recordSessionUse, sessionUseRecordDue } from './access-records'
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
  /** Has at least one passkey: signing in with it is both factors (see server/auth/passkeys.ts). */
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

/** Sessions and members remembered, at most, before the oldest is forgotten. */
const REMEMBERED_MAX = 10_000

/**
 * Identities already resolved, kept in memory while the database stays as it was: any write (by this
 * process or another on the same file) forgets them all, as the answer cache does. So a sign-out, a
 * session revoked, rotated or renewed, a new password, a suspension, a change of roles, approval,
 * community or profile, a deleted account: the next request reads the database again, on every
 * instance. A session is kept per id only while resolving it again would write nothing
 * (`identityQuietUntil`), and a member (for a session of theirs never resolved before) only until a
 * suspension in force ends.
 */
type RememberedIdentities = {
  dataVersion: () => string
  version: string
  sessions: Map<string, { identity: Identity; until: number }>
  members: Map<number, { user: CurrentUser | null; until: number }>
}

const rememberedByDatabase = new WeakMap<Database, RememberedIdentities>()

function rememberedOf(db: Database): RememberedIdentities {
  let remembered = rememberedByDatabase.get(db)
  if (!remembered) {
    remembered = {
      dataVersion: dataVersionOf(db.$client),
      version: '',
      sessions: new Map(),
      members: new Map(),
    }
    rememberedByDatabase.set(db, remembered)
  }
  const version = remembered.dataVersion()
  if (version !== remembered.version) {
    remembered.version = version
    remembered.sessions.clear()
    remembered.members.clear()
  }
  return remembered
}

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value)
  if (map.size > REMEMBERED_MAX) map.delete(map.keys().next().value as K)
}

/** The member behind a session, from memory when nothing was written since it was read. */
function rememberedMember(
  db: Database,
  remembered: RememberedIdentities,
  userId: number,
): CurrentUser | null {
  const known = remembered.members.get(userId)
  if (known && Date.now() < known.until) return known.user
  const user = loadCurrentUser(db, userId)
  const until = user?.suspension ? user.suspension.endsAt.getTime() : Number.POSITIVE_INFINITY
  remember(remembered.members, userId, { user, until })
  return user
}

/**
 * The identity behind a session token, from memory when it was resolved since the last write and
 * resolving it again would still write nothing. `validated` runs on a session read from the database
 * (to record its use, to send a renewed cookie). With `keep` false what is read is not kept: the calls
 * of a WebSocket use what HTTP requests keep, but keeping one identity per open socket would be memory
 * on every one of thousands of them.
 */
function identityOfToken(
  db: Database,
  token: string,
  { keep, validated }: { keep: boolean; validated?: (session: ValidatedSession) => void },
): Identity {
  const remembered = rememberedOf(db)
  const id = hashToken(token)
  const known = remembered.sessions.get(id)
  if (known && Date.now() < known.until) return known.identity
  const version = remembered.version
  const session = validateSessionToken(db, token)
  if (!session) return { session: null, user: null }
  validated?.(session)
  const user = keep ? rememberedMember(db, remembered, session.userId) : loadCurrentUser(db, session.userId)
  const identity: Identity = !user
    ? { session: null, user: null }
    : session.twoFactorPending
      ? { session, user: null }
      : { session, user }
  // Kept only when resolving wrote nothing: a session touched, renewed or recorded is read again.
  if (keep && identity.session && remembered.dataVersion() === version) {
    const quietUntil = identityQuietUntil(identity) ?? 0
    const until = Math.min(quietUntil, user?.suspension?.endsAt.getTime() ?? quietUntil)
    remember(remembered.sessions, id, { identity, until })
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
  return identityOfToken(services.db, token, {
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
export function refreshIdentity(db: Database, token: string | null | undefined): Identity {
  return token ? identityOfToken(db, token, { keep: false }) : { session: null, user: null }
}

export function requestIp(req: IncomingMessage & { ip?: string }): string | null {
  // A request built by hand (a script, a test) may have no socket.
  return req.ip ?? req.socket?.remoteAddress ?? null
}
