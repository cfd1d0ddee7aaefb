import type { SignInInput } from '../../../shared/schemas/auth'
import { appError } from '../../errors'
import { assertNotBlocked, consumeAll, consumeEscalating, resetKey } from '../../rate-limits'
import { findUserByEmail } from './accounts'
import { clientKey, type RequestScope } from './identity'
import { knownDeviceFor, serializeDeviceCookie } from './known-device'
import { verifyDecoy, verifyPassword } from './password'
import { acceptSecondFactor } from './second-factor'
import { createSession, markSecondFactor, serializeSessionCookie } from './session'

/** A new session for the account, its cookie set on the response. */
export function startSession(
  scope: RequestScope,
  userId: number,
  options: { twoFactorPending?: boolean; secondFactor?: boolean } = {},
) {
  const { token, expiresAt } = createSession(scope.db, userId, {
    userAgent: scope.request.userAgent,
    ip: scope.request.ip,
    twoFactorPending: options.twoFactorPending,
    secondFactor: options.secondFactor,
  })
  scope.request.setCookie?.(serializeSessionCookie(token, expiresAt, scope.secureCookies))
}

export async function signIn(scope: RequestScope, input: SignInInput) {
  const { rateLimits, request } = scope
  const email = input.email.trim().toLowerCase()
  // A browser that signed in to this account before has attempts of its own (see known-device.ts).
  const device = knownDeviceFor(scope.secrets, request.cookieHeader, email)
  const accountLimit = device
    ? ([rateLimits.signInByDevice, `${email}|${device}`] as const)
    : ([rateLimits.signInByAccount, email] as const)
  await assertNotBlocked(rateLimits.signInFailuresByIp, clientKey(request))
  await consumeAll([[rateLimits.signInByIp, clientKey(request)], [...accountLimit]])
  const user = await findUserByEmail(scope.db, email)
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDecoy(input.password)
  if (!user || !valid || user.deletedAt) {
    await consumeEscalating(rateLimits.signInFailuresByIp, rateLimits.signInStrikesByIp, clientKey(request))
    throw appError('INVALID_CREDENTIALS')
  }
  await resetKey(...accountLimit)
  const twoFactorRequired = user.totpEnabledAt !== null
  startSession(scope, user.id, { twoFactorPending: twoFactorRequired })
  request.setCookie?.(serializeDeviceCookie(scope.secrets, email, scope.secureCookies))
  return { ok: true as const, twoFactorRequired }
}

/** Second step of signing in: a code from the authenticator app, or a recovery code. */
export async function verifyTwoFactor(scope: RequestScope, code: string) {
  const { session } = scope
  if (!session?.twoFactorPending) throw appError('UNAUTHENTICATED')
  const key = String(session.userId)
  await consumeAll([[scope.rateLimits.twoFactorByUser, key]])
  if (!acceptSecondFactor(scope.db, scope.secrets, session.userId, code))
    throw appError('INVALID_TWO_FACTOR_CODE')
  // The right code forgives the wrong ones: an admin signing in often is not an attacker.
  await resetKey(scope.rateLimits.twoFactorByUser, key)
  markSecondFactor(scope.db, session.id)
  return { ok: true as const }
}
