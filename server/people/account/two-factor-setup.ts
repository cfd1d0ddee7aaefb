/** Minha Conta → Segurança: turning two-factor on and off, and its recovery codes. */
import { eq } from 'drizzle-orm'
import { recoveryCodes, users } from '../../db/schema'
import { appError } from '../../errors'
import type { MemberScope } from '../auth/identity'
import { invalidateUserSessions, markSecondFactor } from '../auth/session'
import { enrolmentDetails, generateRecoveryCodes, generateTotpKey, matchTotpStep } from '../auth/two-factor'
import { checkSecondFactor, requireRecentAuth } from './reauth'

/** Step 1: a new secret, shown as a QR code; nothing changes until a code confirms it. */
export function beginTwoFactor(scope: MemberScope) {
  requireRecentAuth(scope)
  if (scope.user.twoFactorEnabled) {
    throw appError('TWO_FACTOR_ALREADY_ENABLED')
  }
  const key = generateTotpKey()
  scope.db
    .update(users)
    .set({ totpKey: scope.secrets.seal(key), totpLastStep: null })
    .where(eq(users.id, scope.user.id))
    .run()
  return enrolmentDetails(key, scope.user.email)
}

/** Step 2: a code from the app turns it on; the recovery codes are returned this once. */
export function confirmTwoFactor(scope: MemberScope, code: string) {
  const { db, user, session } = scope
  requireRecentAuth(scope)
  const row = db.select({ totpKey: users.totpKey }).from(users).where(eq(users.id, user.id)).get()
  if (!row?.totpKey || user.twoFactorEnabled) {
    throw appError('TWO_FACTOR_RESTART')
  }
  const step = matchTotpStep(scope.secrets.open(row.totpKey), code, null)
  if (step === null) throw appError('INVALID_TWO_FACTOR_CODE')
  const { codes, hashes } = generateRecoveryCodes()
  db.transaction((tx) => {
    tx.update(users).set({ totpEnabledAt: new Date(), totpLastStep: step }).where(eq(users.id, user.id)).run()
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run()
    tx.insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ userId: user.id, codeHash })))
      .run()
  })
  // This session just gave a code; every other one signed in without it and must do so again.
  markSecondFactor(db, session.id)
  invalidateUserSessions(db, user.id, session.id)
  return { recoveryCodes: codes }
}

/** New codes replace the old ones; a current code (or an unused recovery code) is asked first. */
export async function regenerateRecoveryCodes(scope: MemberScope, code: string) {
  const { db, user } = scope
  requireRecentAuth(scope)
  if (!user.twoFactorEnabled) throw appError('TWO_FACTOR_NOT_ENABLED')
  await checkSecondFactor(scope, code)
  const { codes, hashes } = generateRecoveryCodes()
  db.transaction((tx) => {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run()
    tx.insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ userId: user.id, codeHash })))
      .run()
  })
  return { recoveryCodes: codes }
}

/** Turning it off takes a current code (or a recovery code) on top of the recent password. */
export async function disableTwoFactor(scope: MemberScope, code: string) {
  const { db, user } = scope
  requireRecentAuth(scope)
  await checkSecondFactor(scope, code)
  db.transaction((tx) => {
    tx.update(users)
      .set({ totpKey: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id))
      .run()
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run()
  })
  return { ok: true as const }
}
