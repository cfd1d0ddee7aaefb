import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowWhere } from '../../db/rows'
import {
  emailTokens,
  oauthAccounts,
  profiles,
  recoveryCodes,
  sessions,
  userRoles,
  users,
} from '../../db/schema'

export type MailboxProof = {
  /** The password the prover chose (a reset link), or null when they sign in another way (Google). */
  passwordHash: string | null
}

/**
 * Someone just proved they read the account's mailbox: a reset link, the "Não criei esta conta" step of
 * the confirmation link, Google, or the operator's ADMIN_EMAIL. While an address is unproven, whoever
 * signed up with it may be anyone who knows it, so an unconfirmed account is handed over clean:
 * password, two-factor, recovery codes, sessions, pending links, linked Google account, roles and
 * approval all go, and the e-mail counts as confirmed. A confirmed account only gets the new password
 * and loses its sessions and pending links. Returns whether an unconfirmed claim was taken over.
 */
export function proveMailbox(db: Database, userId: number, proof: MailboxProof): { tookOver: boolean } {
  return db.transaction((tx) => {
    const user = rowWhere(tx, users, 'id', userId, ['emailVerifiedAt', 'deletedAt'])
    if (!user || user.deletedAt) throw new Error(`conta ${userId} não existe`)
    const tookOver = user.emailVerifiedAt === null
    tx.delete(sessions).where(eq(sessions.userId, userId)).run()
    tx.delete(emailTokens).where(eq(emailTokens.userId, userId)).run()
    if (!tookOver) {
      if (proof.passwordHash)
        tx.update(users).set({ passwordHash: proof.passwordHash }).where(eq(users.id, userId)).run()
      return { tookOver }
    }
    tx.update(users)
      .set({
        passwordHash: proof.passwordHash,
        emailVerifiedAt: new Date(),
        totpKey: null,
        totpEnabledAt: null,
        totpLastStep: null,
      })
      .where(eq(users.id, userId))
      .run()
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run()
    tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId)).run()
    // An administrator may have approved (or promoted) what the claimant typed, not this person.
    tx.delete(userRoles).where(eq(userRoles.userId, userId)).run()
    tx.insert(userRoles).values({ userId, role: 'user' }).run()
    tx.update(profiles).set({ approved: false, approvedAt: null }).where(eq(profiles.userId, userId)).run()
    return { tookOver }
  })
}

/** Pending e-mail-change links of the account stop working (password changed, signed out everywhere). */
export function revokeEmailChangeLinks(db: Database, userId: number): void {
  db.delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change_email')))
    .run()
}
