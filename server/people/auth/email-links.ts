/** What every link mailed to a member checks before it acts. */
import { eq } from 'drizzle-orm'
import { memberLinkBelongsHere } from '../../communities/links'
import { type EmailTokenPurpose, users } from '../../db/schema'
import { appError } from '../../errors'
import { consumeAll } from '../../rate-limits'
import { consumeEmailToken, peekEmailToken } from './email-tokens'
import { clientKey, type RequestScope } from './identity'

/** Every check of a token from an e-mail link costs the address a point, valid or not. */
export const spendLinkPoint = (scope: RequestScope) =>
  consumeAll([[scope.rateLimits.linkTokensByIp, clientKey(scope.request)]])

/** The account behind an e-mail link, or null when the link no longer proves anything. */
export function linkOwner(scope: RequestScope, token: { userId: number; email: string } | null) {
  if (!token) return null
  const user = scope.db.select().from(users).where(eq(users.id, token.userId)).get()
  // A link sent to an address the account no longer uses (or a deleted account) proves nothing.
  if (!user || user.deletedAt || user.email !== token.email) return null
  // Opened under another community's prefix, the link was aimed at someone else's machine.
  return memberLinkBelongsHere(scope, user.id, scope.request.community) ? user : null
}

/** A link whose token is spent at once, whatever follows: the account behind it, or INVALID_TOKEN. */
export async function spendLink(scope: RequestScope, token: string, purpose: EmailTokenPurpose) {
  await spendLinkPoint(scope)
  const user = linkOwner(scope, peekEmailToken(scope.db, token, purpose))
  if (!user || !consumeEmailToken(scope.db, token, purpose)) throw appError('INVALID_TOKEN')
  return user
}
