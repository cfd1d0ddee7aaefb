import { REAUTH_WINDOW_MS } from '../../../shared/schemas/account'
import { rowWhere } from '../../db/rows'
import { users } from '../../db/schema'
import { appError } from '../../errors'
import { consumeAll, resetKey } from '../../rate-limits'
import type { MemberScope } from '../auth/identity'
import { verifyPassword } from '../auth/password'
import { acceptSecondFactor } from '../auth/second-factor'
import { markAuthenticated } from '../auth/session'

/** Sensitive changes need the password proven in the last 10 minutes (or just now, in the same call). */
export function requireRecentAuth(scope: MemberScope) {
  if (Date.now() - scope.session.authenticatedAt.getTime() > REAUTH_WINDOW_MS) {
    throw appError('REAUTH_REQUIRED')
  }
}

/** The account's password, within its attempt limit; a right one opens the window of requireRecentAuth. */
export async function checkPassword(scope: MemberScope, password: string) {
  const key = String(scope.user.id)
  await consumeAll([[scope.rateLimits.reauthByUser, key]])
  const row = rowWhere(scope.db, users, 'id', scope.user.id, ['passwordHash'])
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
    throw appError('WRONG_PASSWORD')
  }
  await resetKey(scope.rateLimits.reauthByUser, key)
  markAuthenticated(scope.db, scope.session.id)
}

/** A current authenticator code or an unused recovery code, within the account's attempt limit. */
export async function checkSecondFactor(scope: MemberScope, code: string) {
  const key = String(scope.user.id)
  await consumeAll([[scope.rateLimits.twoFactorByUser, key]])
  if (!acceptSecondFactor(scope.db, scope.secrets, scope.user.id, code))
    throw appError('INVALID_TWO_FACTOR_CODE')
  await resetKey(scope.rateLimits.twoFactorByUser, key)
}

/** Proves the password again, opening a 10-minute window for sensitive changes. */
export async function reauthenticate(scope: MemberScope, password: string) {
  await checkPassword(scope, password)
  return { ok: true as const }
}
