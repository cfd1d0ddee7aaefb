import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowWhere } from '../../db/rows'
import { recoveryCodes, users } from '../../db/schema'
import type { SecretBox } from './secret-box'
import { hashRecoveryCode, matchTotpStep } from './two-factor'

/**
 * Accepts a current authenticator code (once: its step is remembered) or an unused recovery code
 * (spent on use). Returns whether the code was good.
 */
export function acceptSecondFactor(db: Database, secrets: SecretBox, userId: number, code: string): boolean {
  const user = rowWhere(db, users, 'id', userId, ['totpKey', 'totpLastStep', 'totpEnabledAt'])
  if (!user?.totpKey || !user.totpEnabledAt) return false
  const step = matchTotpStep(secrets.open(user.totpKey), code, user.totpLastStep)
  if (step !== null) {
    db.update(users).set({ totpLastStep: step }).where(eq(users.id, userId)).run()
    return true
  }
  const spent = db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run()
  return spent.changes > 0
}
