/** From sign-up to a complete account: the form, the confirmation link (or its claim), the profile. */
import { and, eq } from 'drizzle-orm'
import { routes } from '../../../shared/routes'
import {
  type CompleteProfileInput,
  institutionalEmailMessage,
  isInstitutionalEmail,
  type SignUpInput,
} from '../../../shared/schemas/auth'
import { memberUrl } from '../../communities/links'
import { chooseCourse, memberCourseOf, setMemberCourse } from '../../courses/legacy'
import { isConstraintError } from '../../db/errors'
import { rowWhere } from '../../db/rows'
import { communities, profiles, users } from '../../db/schema'
import { appError } from '../../errors'
import { verificationMail } from '../../mail/templates'
import { consumeAll, resetKey } from '../../rate-limits'
import { publishAdminChange } from '../../safety/moderation/badges'
import { createAccount, findUserByEmail, usernameTaken } from './accounts'
import { linkOwner, spendLink, spendLinkPoint } from './email-links'
import { consumeEmailToken, issueEmailToken, peekEmailToken } from './email-tokens'
import { clientKey, type MemberScope, type RequestScope } from './identity'
import { proveMailbox } from './mailbox'
import { hashPassword, verifyPassword } from './password'
import { startSession } from './sign-in'

async function sendVerification(scope: RequestScope, userId: number, email: string, name: string) {
  const token = issueEmailToken(scope.db, userId, 'verify_email', email)
  const url = memberUrl(scope, userId, routes.verifyEmail({ token }))
  await scope.mailer.send(verificationMail(email, name, url))
}

/** A new account of an active community, signed in at once and waiting for approval. */
export async function signUp(scope: RequestScope, input: SignUpInput) {
  const { db } = scope
  await consumeAll([
    [scope.rateLimits.signUpBurstByIp, clientKey(scope.request)],
    [scope.rateLimits.signUpByIp, clientKey(scope.request)],
    [scope.rateLimits.signUpByEmail, input.email],
  ])
  const community = db
    .select()
    .from(communities)
    .where(and(eq(communities.slug, input.communitySlug), eq(communities.active, true)))
    .get()
  if (!community) throw appError('COMMUNITY_NOT_FOUND')
  if (!isInstitutionalEmail(input.email, community.emailDomain)) {
    throw appError('NOT_INSTITUTIONAL_EMAIL', institutionalEmailMessage(community.emailDomain))
  }
  if (await findUserByEmail(db, input.email)) throw appError('EMAIL_TAKEN')
  if (usernameTaken(db, input.username)) throw appError('USERNAME_TAKEN')
  const course = chooseCourse(db, community.id, input.course)

  let userId: number
  try {
    userId = await createAccount(db, {
      email: input.email,
      password: input.password,
      fullName: input.fullName,
      username: input.username,
      ...course,
      matricula: input.matricula,
      communityId: community.id,
    })
  } catch (error) {
    // Two sign-ups racing for the same e-mail or username.
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'users.email')) throw appError('EMAIL_TAKEN')
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'username')) throw appError('USERNAME_TAKEN')
    throw error
  }
  startSession(scope, userId)
  publishAdminChange(scope.bus, community.id)
  await sendVerification(scope, userId, input.email, input.fullName)
  scope.logger.info({ userId, community: community.slug }, 'nova conta aguardando aprovação')
  return { ok: true as const }
}

/** Another confirmation link, for an account still waiting for one. */
export async function resendVerification(scope: MemberScope) {
  const { user } = scope
  if (user.emailVerified) throw appError('ALREADY_VERIFIED')
  await consumeAll([
    [scope.rateLimits.mailByIp, clientKey(scope.request)],
    [scope.rateLimits.mailByAccount, user.email],
  ])
  await sendVerification(scope, user.id, user.email, user.fullName)
  return { ok: true as const }
}

/**
 * The confirmation link, answered with the password chosen at sign-up: whoever holds both the mailbox
 * and the password is the person who signed up. Signs that browser in.
 */
export async function verifyEmail(scope: RequestScope, input: { token: string; password: string }) {
  const { db } = scope
  await spendLinkPoint(scope)
  const user = linkOwner(scope, peekEmailToken(db, input.token, 'verify_email'))
  if (!user) throw appError('INVALID_TOKEN')
  if (!user.emailVerifiedAt) {
    await consumeAll([[scope.rateLimits.reauthByUser, String(user.id)]])
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
      throw appError('WRONG_SIGN_UP_PASSWORD')
    }
    await resetKey(scope.rateLimits.reauthByUser, String(user.id))
  }
  // Spent only now: a wrong password leaves the link usable (and open to "Não criei esta conta").
  if (!consumeEmailToken(db, input.token, 'verify_email')) throw appError('INVALID_TOKEN')
  if (!user.emailVerifiedAt) {
    db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).run()
    if (scope.session?.userId !== user.id) {
      startSession(scope, user.id, { twoFactorPending: user.totpEnabledAt !== null })
    }
  }
  scope.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
  return { ok: true as const, email: user.email }
}

/**
 * "Não criei esta conta": the mailbox's owner got a confirmation link for a sign-up they did not make.
 * The address is theirs: the claim is wiped (see proveMailbox) and they choose their own password.
 */
export async function claimAccount(scope: RequestScope, input: { token: string; password: string }) {
  const { db } = scope
  const user = await spendLink(scope, input.token, 'verify_email')
  const { tookOver } = proveMailbox(db, user.id, { passwordHash: await hashPassword(input.password) })
  if (tookOver) scope.logger.warn({ userId: user.id }, 'cadastro não confirmado assumido pelo dono do e-mail')
  startSession(scope, user.id)
  scope.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
  return { ok: true as const, email: user.email }
}

/** The fields sign-up did not ask, filled in once approved. */
export function completeProfile(scope: MemberScope, input: CompleteProfileInput) {
  const { db, user } = scope
  if (usernameTaken(db, input.username, user.id)) throw appError('USERNAME_TAKEN')
  // Spec: the community of the e-mail's domain, else the default one.
  const domain = user.email.split('@')[1] ?? ''
  const community =
    db.select({ id: communities.id }).from(communities).where(eq(communities.emailDomain, domain)).get() ??
    rowWhere(db, communities, 'slug', scope.defaultCommunitySlug, ['id'])
  const communityId = community?.id ?? user.communityId
  const course = chooseCourse(db, communityId, input.course, memberCourseOf(db, user.id))
  try {
    db.transaction(() => {
      db.update(profiles)
        .set({ username: input.username, university: input.university, communityId })
        .where(eq(profiles.userId, user.id))
        .run()
      setMemberCourse(db, user.id, course)
    })
  } catch (error) {
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'username')) throw appError('USERNAME_TAKEN')
    throw error
  }
  scope.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
  return { ok: true as const }
}
