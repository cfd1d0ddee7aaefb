/** Changing the account's e-mail: a link to the new address, answered with the account's password. */
import { eq } from 'drizzle-orm'
import { routes } from '../../../shared/routes'
import { institutionalEmailMessage, isInstitutionalEmail } from '../../../shared/schemas/auth'
import { memberLinkBelongsHere, memberUrl } from '../../communities/links'
import { memberCommunity } from '../../communities/scope'
import { rowWhere } from '../../db/rows'
import { users } from '../../db/schema'
import { appError } from '../../errors'
import { emailChangedNotice, emailChangeMail } from '../../mail/templates'
import { consumeAll, resetKey } from '../../rate-limits'
import { findUserByEmail } from '../auth/accounts'
import { spendLinkPoint } from '../auth/email-links'
import { consumeEmailToken, issueEmailToken, peekEmailToken } from '../auth/email-tokens'
import type { MemberScope, RequestScope } from '../auth/identity'
import { verifyPassword } from '../auth/password'
import { requireRecentAuth } from './reauth'

/** Sends a confirmation link to the new address (same institutional domain) and tells the old one. */
export async function requestEmailChange(scope: MemberScope, newEmail: string) {
  const { db, user } = scope
  requireRecentAuth(scope)
  await consumeAll([[scope.rateLimits.mailByAccount, user.email]])
  const community = memberCommunity(db, user)
  if (!isInstitutionalEmail(newEmail, community.emailDomain)) {
    throw appError('NOT_INSTITUTIONAL_EMAIL', institutionalEmailMessage(community.emailDomain))
  }
  if (newEmail === user.email) {
    throw appError('SAME_EMAIL')
  }
  if (await findUserByEmail(db, newEmail)) throw appError('EMAIL_TAKEN')
  const token = issueEmailToken(db, user.id, 'change_email', newEmail)
  const url = memberUrl(scope, user.id, routes.confirmEmail({ token }))
  await scope.mailer.send(emailChangeMail(newEmail, url))
  await scope.mailer.send(emailChangedNotice(user.email, newEmail))
  return { ok: true as const }
}

/**
 * The link from the new address: it may be opened on another device, and is answered with the
 * account's password (the mailbox alone could be anyone's), within the account's attempt limit. An
 * account without a password confirms signed in to it in that browser.
 */
export async function confirmEmailChange(scope: RequestScope, input: { token: string; password: string }) {
  const { db } = scope
  await spendLinkPoint(scope)
  const pending = peekEmailToken(db, input.token, 'change_email')
  const owner = pending ? rowWhere(db, users, 'id', pending.userId, ['deletedAt', 'passwordHash']) : undefined
  if (
    !pending ||
    !owner ||
    owner.deletedAt ||
    !memberLinkBelongsHere(scope, pending.userId, scope.request.community)
  ) {
    throw appError('INVALID_TOKEN')
  }
  const key = String(pending.userId)
  if (owner.passwordHash) {
    await consumeAll([[scope.rateLimits.reauthByUser, key]])
    if (!(await verifyPassword(owner.passwordHash, input.password))) {
      throw appError('WRONG_PASSWORD')
    }
    await resetKey(scope.rateLimits.reauthByUser, key)
  } else if (scope.user?.id !== pending.userId) {
    throw appError('EMAIL_CHANGE_SIGN_IN_REQUIRED')
  }
  // Spent only now: a wrong password leaves the link usable.
  const token = consumeEmailToken(db, input.token, 'change_email')
  if (!token) throw appError('INVALID_TOKEN')
  const taken = await findUserByEmail(db, token.email)
  if (taken && taken.id !== token.userId) throw appError('EMAIL_TAKEN')
  db.update(users)
    .set({ email: token.email, emailVerifiedAt: new Date() })
    .where(eq(users.id, token.userId))
    .run()
  scope.bus.publish('account', token.userId, { userId: token.userId, reason: 'profile' })
  return { ok: true as const, email: token.email }
}
