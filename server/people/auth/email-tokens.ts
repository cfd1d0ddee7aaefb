import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type EmailTokenPurpose, emailTokens } from '../../db/schema'
import { generateToken, hashToken } from './tokens'

const HOUR = 60 * 60 * 1000
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * HOUR,
  reset_password: 1 * HOUR,
  change_email: 24 * HOUR,
  // Mailed two weeks before a semester starts, and good until about the start.
  reverify_email: 14 * 24 * HOUR,
}

/** Issues a new single-use token; earlier ones of the same purpose stop working. */
export function issueEmailToken(
  db: Database,
  userId: number,
  purpose: EmailTokenPurpose,
  email: string,
): string {
  const token = generateToken()
  db.transaction((tx) => {
    tx.delete(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
      .run()
    tx.insert(emailTokens)
      .values({
        id: hashToken(token),
        userId,
        purpose,
        email,
        expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
      })
      .run()
  })
  return token
}

/** Spends a token: returns its row once, or null when unknown, used or expired. */
export function consumeEmailToken(db: Database, token: string, purpose: EmailTokenPurpose) {
  const id = hashToken(token)
  return db.transaction((tx) => {
    const row = tx
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose)))
      .get()
    if (!row) return null
    tx.delete(emailTokens).where(eq(emailTokens.id, id)).run()
    if (row.expiresAt.getTime() <= Date.now()) return null
    return row
  })
}

/** Reads a live token without spending it (a step that may still fail, like a wrong password). */
export function peekEmailToken(db: Database, token: string, purpose: EmailTokenPurpose) {
  const row = db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.id, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .get()
  return row && row.expiresAt.getTime() > Date.now() ? row : null
}
