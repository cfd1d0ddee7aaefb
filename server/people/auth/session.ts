import { stringifySetCookie } from 'cookie'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { preparedQuery } from '../../db/prepared'
import { sessions } from '../../db/schema'
import { recordSignIn } from './access-records'
import { cookiesOf } from './cookies'
import { generateToken, hashToken } from './tokens'

export const SESSION_COOKIE = 'vupt_session'
const DAY = 24 * 60 * 60 * 1000
export const SESSION_LIFETIME_MS = 30 * DAY
/** A session used with less than this left is extended to a full lifetime again. */
const RENEW_BELOW_MS = 15 * DAY
/** lastUsedAt is written at most this often, so reads don't turn every request into a write. */
const TOUCH_EVERY_MS = 5 * 60 * 1000

export type SessionMeta = {
  userAgent?: string | null
  ip?: string | null
  /** Password checked, two-factor code still owed: the session can only finish signing in. */
  twoFactorPending?: boolean
  /** The second factor was proven while creating it (a code given in the same step). */
  secondFactor?: boolean
}

export function createSession(db: Database, userId: number, meta: SessionMeta = {}) {
  const token = generateToken()
  const now = new Date()
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
  db.insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      expiresAt,
      lastUsedAt: now,
      authenticatedAt: now,
      twoFactorPending: meta.twoFactorPending ?? false,
      secondFactorAt: meta.secondFactor ? now : null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
      accessRecordedAt: now,
    })
    .run()
  // Every new session is a sign-in (password, Google, sign-up, a new password).
  recordSignIn(db, userId, meta.ip ?? null, now)
  return { token, expiresAt }
}

export type ValidatedSession = {
  id: string
  userId: number
  expiresAt: Date
  authenticatedAt: Date
  twoFactorPending: boolean
  /** When this session proved the second factor; null if it never did. */
  secondFactorAt: Date | null
  /** True when the expiry moved: the cookie must be sent again. */
  renewed: boolean
  /** When this session's use was last recorded in access_records. */
  accessRecordedAt: Date | null
  /**
   * Until this moment (ms), validating the token again writes nothing and gives the same session, as
   * long as nothing else writes to the database: it neither expires, nor is renewed, nor is touched.
   */
  quietUntil: number
}

const sessionById = preparedQuery((db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
)

export function validateSessionToken(db: Database, token: string): ValidatedSession | null {
  const id = hashToken(token)
  const row = sessionById(db).get({ id })
  if (!row) return null
  const now = Date.now()
  if (row.expiresAt.getTime() <= now) {
    db.delete(sessions).where(eq(sessions.id, id)).run()
    return null
  }
  let expiresAt = row.expiresAt
  let renewed = false
  if (expiresAt.getTime() - now < RENEW_BELOW_MS) {
    expiresAt = new Date(now + SESSION_LIFETIME_MS)
    renewed = true
    db.update(sessions)
      .set({ expiresAt, lastUsedAt: new Date(now) })
      .where(eq(sessions.id, id))
      .run()
  } else if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    db.update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.id, id))
      .run()
  }
  const lastUsedAt =
    renewed || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS ? now : row.lastUsedAt.getTime()
  return {
    id,
    userId: row.userId,
    expiresAt,
    authenticatedAt: row.authenticatedAt,
    twoFactorPending: row.twoFactorPending,
    secondFactorAt: row.secondFactorAt,
    renewed,
    accessRecordedAt: row.accessRecordedAt,
    quietUntil: Math.min(expiresAt.getTime() - RENEW_BELOW_MS, lastUsedAt + TOUCH_EVERY_MS),
  }
}

/** The password (or a Google sign-in) was just proven in this session. */
export function markAuthenticated(db: Database, sessionId: string): void {
  db.update(sessions).set({ authenticatedAt: new Date() }).where(eq(sessions.id, sessionId)).run()
}

/** A code from the authenticator (or a recovery code) was just proven in this session. */
export function markSecondFactor(db: Database, sessionId: string): void {
  const now = new Date()
  db.update(sessions)
    .set({ authenticatedAt: now, secondFactorAt: now, twoFactorPending: false })
    .where(eq(sessions.id, sessionId))
    .run()
}

export function invalidateSession(db: Database, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run()
}

/** Ends every session of the user, or every one but the current. */
export function invalidateUserSessions(db: Database, userId: number, exceptSessionId?: string): void {
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId)
  db.delete(sessions).where(condition).run()
}

export function serializeSessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    expires: expiresAt,
    secure,
  })
}

export function serializeBlankSessionCookie(secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 0,
    secure,
  })
}

export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined
  return cookiesOf(cookieHeader)[SESSION_COOKIE] || undefined
}
