import { and, eq } from 'drizzle-orm'
import {
  completeProfileSchema,
  confirmSignUpSchema,
  institutionalEmailMessage,
  isInstitutionalEmail,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  twoFactorCodeSchema,
} from '../../shared/schemas/auth'
import { memberChipColumns } from '../account/profile'
import { createAccount, findUserByEmail, usernameTaken } from '../auth/accounts'
import { consumeEmailToken, issueEmailToken, peekEmailToken } from '../auth/email-tokens'
import type { CurrentUser } from '../auth/identity'
import { knownDeviceFor, serializeDeviceCookie } from '../auth/known-device'
import { proveMailbox } from '../auth/mailbox'
import { hashPassword, verifyDecoy, verifyPassword } from '../auth/password'
import { acceptSecondFactor } from '../auth/second-factor'
import {
  createSession,
  invalidateSession,
  markSecondFactor,
  serializeBlankSessionCookie,
  serializeSessionCookie,
} from '../auth/session'
import { memberLinkBelongsHere, memberUrl } from '../communities/links'
import type { Database } from '../db/client'
import { isConstraintError } from '../db/errors'
import { communities, profiles, users } from '../db/schema'
import { appError } from '../errors'
import { passwordResetMail, verificationMail } from '../mail/templates'
import { publishAdminChange } from '../moderation/badges'
import { assertNotBlocked, consumeAll, consumeEscalating, resetKey } from '../rate-limits'
import { BUS_GAP } from '../realtime/bus'
import {
  acquireSubscriptionSlot,
  type StreamScope,
  sessionStillValid,
  streamScope,
} from '../realtime/subscriptions'
import type { Context } from '../trpc/context'
import { approvedProcedure, publicProcedure, router, sessionProcedure } from '../trpc/init'

/** What the client knows about the signed-in user. */
function viewer(db: Database, user: CurrentUser) {
  const profile = db
    .select({
      ...memberChipColumns,
      university: profiles.university,
      course: profiles.course,
      communitySlug: communities.slug,
    })
    .from(profiles)
    .leftJoin(communities, eq(communities.id, profiles.communityId))
    .where(eq(profiles.userId, user.id))
    .get()
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    approved: user.approved,
    roles: user.roles,
    isAdmin: user.roles.includes('admin'),
    fullName: profile?.fullName ?? user.fullName,
    username: profile?.username ?? null,
    university: profile?.university ?? null,
    course: profile?.course ?? null,
    avatarUrl: profile?.avatarUrl ?? null,
    communitySlug: profile?.communitySlug ?? null,
    needsProfileCompletion: !profile?.username || !profile.university || !profile.course,
    twoFactorEnabled: user.twoFactorEnabled,
    suspension: user.suspension,
  }
}
export type Viewer = ReturnType<typeof viewer>

function startSession(ctx: Context, userId: number, options: { twoFactorPending?: boolean } = {}) {
  const { token, expiresAt } = createSession(ctx.db, userId, {
    userAgent: ctx.request.userAgent,
    ip: ctx.request.ip,
    twoFactorPending: options.twoFactorPending,
  })
  ctx.request.setCookie?.(serializeSessionCookie(token, expiresAt, ctx.secureCookies))
}

async function sendVerification(ctx: Context, userId: number, email: string, name: string) {
  const token = issueEmailToken(ctx.db, userId, 'verify_email', email)
  const url = memberUrl(ctx, userId, `/verificar-email?token=${token}`)
  await ctx.mailer.send(verificationMail(email, name, url))
}

const clientKey = (ctx: Context) => ctx.request.ip ?? 'desconhecido'

/** Every check of a token from an e-mail link costs the address a point, valid or not. */
const spendLinkPoint = (ctx: Context) => consumeAll([[ctx.rateLimits.linkTokensByIp, clientKey(ctx)]])

/** The account behind an e-mail link, or null when the link no longer proves anything. */
function linkOwner(ctx: Context, token: { userId: number; email: string } | null) {
  if (!token) return null
  const user = ctx.db.select().from(users).where(eq(users.id, token.userId)).get()
  // A link sent to an address the account no longer uses (or a deleted account) proves nothing.
  if (!user || user.deletedAt || user.email !== token.email) return null
  // Opened under another community's prefix, the link was aimed at someone else's machine.
  return memberLinkBelongsHere(ctx, user.id, ctx.request.community) ? user : null
}

export const authRouter = router({
  /** The signed-in member, or null (also while a two-factor code is still owed: see twoFactorPending). */
  me: publicProcedure.query(({ ctx }) =>
    ctx.user && !ctx.session?.twoFactorPending ? viewer(ctx.db, ctx.user) : null,
  ),

  twoFactorPending: publicProcedure.query(({ ctx }) => ({ pending: Boolean(ctx.session?.twoFactorPending) })),

  signUp: publicProcedure.input(signUpSchema).mutation(async ({ ctx, input }) => {
    await consumeAll([
      [ctx.rateLimits.signUpBurstByIp, clientKey(ctx)],
      [ctx.rateLimits.signUpByIp, clientKey(ctx)],
      [ctx.rateLimits.signUpByEmail, input.email],
    ])
    const community = ctx.db
      .select()
      .from(communities)
      .where(and(eq(communities.slug, input.communitySlug), eq(communities.active, true)))
      .get()
    if (!community) throw appError('NOT_FOUND', 'COMMUNITY_NOT_FOUND')
    if (!isInstitutionalEmail(input.email, community.emailDomain)) {
      throw appError(
        'BAD_REQUEST',
        'NOT_INSTITUTIONAL_EMAIL',
        institutionalEmailMessage(community.emailDomain),
      )
    }
    if (await findUserByEmail(ctx.db, input.email)) throw appError('CONFLICT', 'EMAIL_TAKEN')
    if (usernameTaken(ctx.db, input.username)) throw appError('CONFLICT', 'USERNAME_TAKEN')

    let userId: number
    try {
      userId = await createAccount(ctx.db, {
        email: input.email,
        password: input.password,
        fullName: input.fullName,
        username: input.username,
        course: input.course,
        matricula: input.matricula,
        communityId: community.id,
      })
    } catch (error) {
      // Two sign-ups racing for the same e-mail or username.
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'users.email'))
        throw appError('CONFLICT', 'EMAIL_TAKEN')
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'username'))
        throw appError('CONFLICT', 'USERNAME_TAKEN')
      throw error
    }
    startSession(ctx, userId)
    publishAdminChange(ctx.bus, community.id)
    await sendVerification(ctx, userId, input.email, input.fullName)
    ctx.logger.info({ userId, community: community.slug }, 'nova conta aguardando aprovação')
    return { ok: true as const }
  }),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const { rateLimits } = ctx
    const email = input.email.trim().toLowerCase()
    // A browser that signed in to this account before has attempts of its own (see known-device.ts).
    const device = knownDeviceFor(ctx.secrets, ctx.request.cookieHeader, email)
    const accountLimit = device
      ? ([rateLimits.signInByDevice, `${email}|${device}`] as const)
      : ([rateLimits.signInByAccount, email] as const)
    await assertNotBlocked(rateLimits.signInFailuresByIp, clientKey(ctx))
    await consumeAll([[rateLimits.signInByIp, clientKey(ctx)], [...accountLimit]])
    const user = await findUserByEmail(ctx.db, email)
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyDecoy(input.password)
    if (!user || !valid || user.deletedAt) {
      await consumeEscalating(rateLimits.signInFailuresByIp, rateLimits.signInStrikesByIp, clientKey(ctx))
      throw appError('BAD_REQUEST', 'INVALID_CREDENTIALS')
    }
    await resetKey(...accountLimit)
    const twoFactorRequired = user.totpEnabledAt !== null
    startSession(ctx, user.id, { twoFactorPending: twoFactorRequired })
    ctx.request.setCookie?.(serializeDeviceCookie(ctx.secrets, email, ctx.secureCookies))
    return { ok: true as const, twoFactorRequired }
  }),

  /** Second step of signing in: a code from the authenticator app, or a recovery code. */
  verifyTwoFactor: publicProcedure.input(twoFactorCodeSchema).mutation(async ({ ctx, input }) => {
    if (!ctx.session?.twoFactorPending) throw appError('UNAUTHORIZED', 'UNAUTHENTICATED')
    const key = String(ctx.session.userId)
    await consumeAll([[ctx.rateLimits.twoFactorByUser, key]])
    if (!acceptSecondFactor(ctx.db, ctx.secrets, ctx.session.userId, input.code))
      throw appError('BAD_REQUEST', 'INVALID_TWO_FACTOR_CODE')
    // The right code forgives the wrong ones: an admin signing in often is not an attacker.
    await resetKey(ctx.rateLimits.twoFactorByUser, key)
    markSecondFactor(ctx.db, ctx.session.id)
    return { ok: true as const }
  }),

  /** Public so that a session still owing its second factor can be abandoned too. */
  signOut: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id)
    ctx.request.setCookie?.(serializeBlankSessionCookie(ctx.secureCookies))
    return { ok: true as const }
  }),

  /**
   * The confirmation link, answered with the password chosen at sign-up: whoever holds both the mailbox
   * and the password is the person who signed up. Signs that browser in.
   */
  verifyEmail: publicProcedure.input(confirmSignUpSchema).mutation(async ({ ctx, input }) => {
    await spendLinkPoint(ctx)
    const user = linkOwner(ctx, peekEmailToken(ctx.db, input.token, 'verify_email'))
    if (!user) throw appError('BAD_REQUEST', 'INVALID_TOKEN')
    if (!user.emailVerifiedAt) {
      await consumeAll([[ctx.rateLimits.reauthByUser, String(user.id)]])
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
        throw appError('BAD_REQUEST', 'WRONG_SIGN_UP_PASSWORD')
      }
      await resetKey(ctx.rateLimits.reauthByUser, String(user.id))
    }
    // Spent only now: a wrong password leaves the link usable (and open to "Não criei esta conta").
    if (!consumeEmailToken(ctx.db, input.token, 'verify_email'))
      throw appError('BAD_REQUEST', 'INVALID_TOKEN')
    if (!user.emailVerifiedAt) {
      ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).run()
      if (ctx.session?.userId !== user.id) {
        startSession(ctx, user.id, { twoFactorPending: user.totpEnabledAt !== null })
      }
    }
    ctx.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
    return { ok: true as const, email: user.email }
  }),

  /**
   * "Não criei esta conta": the mailbox's owner got a confirmation link for a sign-up they did not make.
   * The address is theirs: the claim is wiped (see proveMailbox) and they choose their own password.
   */
  claimAccount: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    await spendLinkPoint(ctx)
    const user = linkOwner(ctx, peekEmailToken(ctx.db, input.token, 'verify_email'))
    if (!user || !consumeEmailToken(ctx.db, input.token, 'verify_email'))
      throw appError('BAD_REQUEST', 'INVALID_TOKEN')
    const { tookOver } = proveMailbox(ctx.db, user.id, { passwordHash: await hashPassword(input.password) })
    if (tookOver) ctx.logger.warn({ userId: user.id }, 'cadastro não confirmado assumido pelo dono do e-mail')
    startSession(ctx, user.id)
    ctx.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
    return { ok: true as const, email: user.email }
  }),

  resendVerification: sessionProcedure.mutation(async ({ ctx }) => {
    if (ctx.user.emailVerified) throw appError('BAD_REQUEST', 'ALREADY_VERIFIED')
    await consumeAll([
      [ctx.rateLimits.mailByIp, clientKey(ctx)],
      [ctx.rateLimits.mailByAccount, ctx.user.email],
    ])
    await sendVerification(ctx, ctx.user.id, ctx.user.email, ctx.user.fullName)
    return { ok: true as const }
  }),

  requestPasswordReset: publicProcedure.input(requestPasswordResetSchema).mutation(async ({ ctx, input }) => {
    await consumeAll([
      [ctx.rateLimits.mailByIp, clientKey(ctx)],
      [ctx.rateLimits.mailByAccount, input.email],
    ])
    const user = await findUserByEmail(ctx.db, input.email)
    // The answer is the same whether or not the account exists, and so is its timing: the mail goes
    // out after the response, never before it.
    if (user && !user.deletedAt) {
      const token = issueEmailToken(ctx.db, user.id, 'reset_password', user.email)
      const url = memberUrl(ctx, user.id, `/redefinir-senha?token=${token}`)
      setImmediate(() => {
        ctx.mailer.send(passwordResetMail(user.email, url)).catch((error: unknown) => {
          ctx.logger.error(
            { err: error, userId: user.id },
            'falha ao enviar o e-mail de redefinição de senha',
          )
        })
      })
    }
    return { ok: true as const }
  }),

  /** A reset link proves the mailbox: see proveMailbox for what an unconfirmed account loses. */
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    await spendLinkPoint(ctx)
    const user = linkOwner(ctx, peekEmailToken(ctx.db, input.token, 'reset_password'))
    if (!user || !consumeEmailToken(ctx.db, input.token, 'reset_password'))
      throw appError('BAD_REQUEST', 'INVALID_TOKEN')
    const passwordHash = await hashPassword(input.password)
    // Whoever knew the old password is signed out everywhere, and pending links stop working.
    const { tookOver } = proveMailbox(ctx.db, user.id, { passwordHash })
    if (tookOver) ctx.logger.warn({ userId: user.id }, 'cadastro não confirmado assumido pelo dono do e-mail')
    ctx.bus.publish('account', user.id, { userId: user.id, reason: 'profile' })
    return { ok: true as const }
  }),

  completeProfile: approvedProcedure.input(completeProfileSchema).mutation(({ ctx, input }) => {
    if (usernameTaken(ctx.db, input.username, ctx.user.id)) throw appError('CONFLICT', 'USERNAME_TAKEN')
    // Spec: the community of the e-mail's domain, else the default one.
    const domain = ctx.user.email.split('@')[1] ?? ''
    const community =
      ctx.db
        .select({ id: communities.id })
        .from(communities)
        .where(eq(communities.emailDomain, domain))
        .get() ??
      ctx.db
        .select({ id: communities.id })
        .from(communities)
        .where(eq(communities.slug, ctx.defaultCommunitySlug))
        .get()
    try {
      ctx.db
        .update(profiles)
        .set({
          username: input.username,
          university: input.university,
          course: input.course,
          communityId: community?.id ?? ctx.user.communityId,
        })
        .where(eq(profiles.userId, ctx.user.id))
        .run()
    } catch (error) {
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'username'))
        throw appError('CONFLICT', 'USERNAME_TAKEN')
      throw error
    }
    ctx.bus.publish('account', ctx.user.id, { userId: ctx.user.id, reason: 'profile' })
    return { ok: true as const }
  }),

  /** Tells the user's open pages that their account changed (approval, roles), without polling. */
  onAccountChange: sessionProcedure.subscription(({ ctx, signal }) =>
    accountChangeStream(streamScope(ctx), signal),
  ),
})

async function* accountChangeStream(
  { db, bus, request, userId }: StreamScope,
  signal: AbortSignal | undefined,
) {
  const release = acquireSubscriptionSlot(request)
  const stop = signal ?? new AbortController().signal
  try {
    for await (const message of bus.listen('account', userId, stop)) {
      if (!sessionStillValid(db, request)) break
      // After a gap the change is unknown: the page reads the account again, as for a profile change.
      yield { reason: message === BUS_GAP ? ('profile' as const) : message.reason }
    }
  } finally {
    release()
  }
}
