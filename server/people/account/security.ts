/** Minha Conta → Segurança: how the account signs in, its password, Google and its sessions. */
import Bowser from 'bowser'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { REAUTH_WINDOW_MS } from '../../../shared/schemas/account'
import type { Database } from '../../db/client'
import { oauthAccounts, recoveryCodes, sessions, users } from '../../db/schema'
import { appError } from '../../errors'
import type { MemberScope } from '../auth/identity'
import { revokeEmailChangeLinks } from '../auth/mailbox'
import { hashPassword } from '../auth/password'
import { invalidateSession, invalidateUserSessions, serializeBlankSessionCookie } from '../auth/session'
import { passkeysOf } from './passkeys'
import { checkPassword, requireRecentAuth } from './reauth'

/** A short, stable handle for a session that is not its database key. */
const sessionHandle = (id: string) => id.slice(0, 16)

export function describeDevice(userAgent: string | null) {
  if (!userAgent) return 'Dispositivo desconhecido'
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? 'Navegador'
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
  const kind =
    parsed.platform.type === 'mobile'
      ? 'celular'
      : parsed.platform.type === 'tablet'
        ? 'tablet'
        : 'computador'
  return `${browser} em ${os || 'sistema desconhecido'} (${kind})`
}

function signInMethods(db: Database, userId: number) {
  const user = db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()
  const google = db
    .select({ email: oauthAccounts.email })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, 'google')))
    .get()
  return { hasPassword: Boolean(user?.passwordHash), google: google ?? null }
}

/** Everything about how this account signs in. */
export function accountSecurity(scope: MemberScope) {
  const { db, user, session } = scope
  const methods = signInMethods(db, user.id)
  const codesLeft =
    db
      .select({ total: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
      .get()?.total ?? 0
  const list = db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.twoFactorPending, false)))
    .orderBy(desc(sessions.lastUsedAt))
    .all()
  return {
    email: user.email,
    hasPassword: methods.hasPassword,
    google: methods.google,
    twoFactorEnabled: user.twoFactorEnabled,
    recoveryCodesLeft: codesLeft,
    passkeys: passkeysOf(db, user.id),
    recentlyAuthenticated: Date.now() - session.authenticatedAt.getTime() <= REAUTH_WINDOW_MS,
    sessions: list.map((row) => ({
      id: sessionHandle(row.id),
      device: describeDevice(row.userAgent),
      lastUsedAt: row.lastUsedAt,
      createdAt: row.createdAt,
      current: row.id === session.id,
    })),
  }
}

export async function changePassword(scope: MemberScope, currentPassword: string, newPassword: string) {
  await checkPassword(scope, currentPassword)
  scope.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, scope.user.id))
    .run()
  // Every other device has to sign in with the new password; a pending e-mail change is dropped.
  invalidateUserSessions(scope.db, scope.user.id, scope.session.id)
  revokeEmailChangeLinks(scope.db, scope.user.id)
  return { ok: true as const }
}

/** Unlinks Google, unless it is the only way left to sign in. */
export function unlinkGoogle(scope: MemberScope) {
  requireRecentAuth(scope)
  const methods = signInMethods(scope.db, scope.user.id)
  if (!methods.google) throw appError('GOOGLE_NOT_LINKED')
  if (!methods.hasPassword) {
    throw appError('PASSWORD_NEEDED_TO_UNLINK')
  }
  scope.db
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, scope.user.id), eq(oauthAccounts.provider, 'google')))
    .run()
  return { ok: true as const }
}

/** Ends one of the member's sessions (another device), named by its handle. */
export function endSession(scope: MemberScope, handle: string) {
  const { db, user, session, request } = scope
  const target = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), sql`substr(${sessions.id}, 1, 16) = ${handle}`))
    .get()
  if (!target) throw appError('SESSION_NOT_FOUND')
  invalidateSession(db, target.id)
  if (target.id === session.id) request.setCookie?.(serializeBlankSessionCookie(scope.secureCookies))
  return { ok: true as const, current: target.id === session.id }
}

/** 'Sair de todos os dispositivos': every session, this one included. */
export function endAllSessions(scope: MemberScope) {
  invalidateUserSessions(scope.db, scope.user.id)
  revokeEmailChangeLinks(scope.db, scope.user.id)
  scope.request.setCookie?.(serializeBlankSessionCookie(scope.secureCookies))
  return { ok: true as const }
}
