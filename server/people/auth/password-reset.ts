import { routes } from '../../../shared/routes'
import { memberUrl } from '../../communities/links'
import { passwordResetMail } from '../../mail/templates'
import { consumeAll } from '../../rate-limits'
import { findUserByEmail } from './accounts'
import { spendLink } from './email-links'
import { issueEmailToken } from './email-tokens'
import { clientKey, type RequestScope } from './identity'
import { proveMailbox } from './mailbox'
import { hashPassword } from './password'

/** 'Esqueci minha senha': a reset link to the address, if an account uses it. */
export async function requestPasswordReset(scope: RequestScope, email: string) {
  await consumeAll([
    [scope.rateLimits.mailByIp, clientKey(scope.request)],
    [scope.rateLimits.mailByAccount, email],
  ])
  const user = await findUserByEmail(scope.db, email)
  // The answer is the same whether or not the account exists, and so is its timing: the mail goes
  // out after the response, never before it.
  if (user && !user.deletedAt) {
    const token = issueEmailToken(scope.db, user.id, 'reset_password', user.email)
    const url = memberUrl(scope, user.id, routes.resetPassword({ token }))
    setImmediate(() => {
      scope.mailer.send(passwordResetMail(user.email, url)).catch((error: unknown) => {
        scope.logger.error(
          { err: error, userId: user.id },
          'falha ao enviar o e-mail de redefinição de senha',
        )
      })
    })
  }
  return { ok: true as const }
}

/** A reset link proves the mailbox: see proveMailbox for what an unconfirmed account loses. */
export async function resetPassword(scope: RequestScope, input: { token: string; password: string }) {
  const { db } = scope
  const user = await spendLink(scope, input.token, 'reset_password')
  const passwordHash = await hashPassword(input.password)
  // Whoever knew the old password is signed out everywhere, and pending links stop working.
  const { tookOver } = proveMailbox(db, user.id, { passwordHash })
  if (tookOver) scope.logger.warn({ userId: user.id }, 'cadastro não confirmado assumido pelo dono do e-mail')
  scope.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
  return { ok: true as const }
}
