import type { IncomingMessage } from 'node:http'
import { and, eq, isNull } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Role } from '../../shared/domain'
import type { SecretBox } from '../auth/secret-box'
import {
  readSessionToken,
  serializeSessionCookie,
  type ValidatedSession,
  validateSessionToken,
} from '../auth/session'
import type { Database } from '../db/client'
import { profiles, userRoles, users } from '../db/schema'
import type { RateLimits } from '../http/rate-limits'
import type { Mailer } from '../mail/mailer'
import type { EventBus } from '../realtime/bus'
import type { ImageStorage } from '../uploads/storage'

/** Long-lived parts of the app that every request may use. */
export type AppServices = {
  db: Database
  mailer: Mailer
  bus: EventBus
  logger: Logger
  rateLimits: RateLimits
  /** Encrypts secrets stored in the database (TOTP keys). */
  secrets: SecretBox
  storage: ImageStorage
  /** Origin for links in e-mails, e.g. https://vupt.app */
  publicUrl: string
  secureCookies: boolean
  defaultCommunitySlug: string
}

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
}

export type RequestMeta = {
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
  /** WebSocket calls only: open subscriptions of this connection, to cap them. */
  subscriptions?: { active: number }
}

export type ContextInner = {
  services: AppServices
  session: ValidatedSession | null
  user: CurrentUser | null
  request: RequestMeta
}

/** The pure context: tests build it directly, the HTTP and WebSocket adapters wrap it. */
export function createContextInner(input: ContextInner): ContextInner & AppServices {
  return { ...input.services, ...input }
}
export type Context = ReturnType<typeof createContextInner>

export function loadCurrentUser(db: Database, userId: number): CurrentUser | null {
  const row = db
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
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .get()
  if (!row) return null
  const roles = db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .all()
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
  }
}

/**
 * Who is behind a session. A session still owing its second factor has no user: it is anonymous
 * everywhere except the second-factor step and sign-out, which read the session itself.
 */
export function identityOf(
  db: Database,
  session: ValidatedSession | null,
): Pick<ContextInner, 'session' | 'user'> {
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
): Pick<ContextInner, 'session' | 'user'> {
  const token = readSessionToken(req.headers.cookie)
  if (!token) return { session: null, user: null }
  const session = validateSessionToken(services.db, token)
  if (!session) return { session: null, user: null }
  if (session.renewed && setCookie) {
    setCookie(serializeSessionCookie(token, session.expiresAt, services.secureCookies))
  }
  return identityOf(services.db, session)
}

/** The current session and user behind a WebSocket connection's token (null when it no longer holds). */
export function refreshIdentity(
  db: Database,
  token: string | null | undefined,
): Pick<ContextInner, 'session' | 'user'> {
  return identityOf(db, token ? validateSessionToken(db, token) : null)
}

export function requestIp(req: IncomingMessage & { ip?: string }): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null
}
