import Bowser from 'bowser'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  changeEmailSchema,
  changePasswordSchema,
  passwordConfirmationSchema,
  REAUTH_WINDOW_MS,
  totpCodeSchema,
} from '../../shared/schemas/account'
import {
  confirmEmailChangeSchema,
  institutionalEmailMessage,
  isInstitutionalEmail,
  twoFactorCodeSchema,
} from '../../shared/schemas/auth'
import { deleteAccount } from '../account/delete-account'
import { exportAccountData } from '../account/export'
import { findUserByEmail } from '../auth/accounts'
import { consumeEmailToken, issueEmailToken, peekEmailToken } from '../auth/email-tokens'
import { revokeEmailChangeLinks } from '../auth/mailbox'
import { hashPassword, verifyPassword } from '../auth/password'
import { acceptSecondFactor } from '../auth/second-factor'
import {
  invalidateSession,
  invalidateUserSessions,
  markAuthenticated,
  markSecondFactor,
  serializeBlankSessionCookie,
} from '../auth/session'
import { enrolmentDetails, generateRecoveryCodes, generateTotpKey, matchTotpStep } from '../auth/two-factor'
import { memberLinkBelongsHere, memberUrl } from '../communities/links'
import { memberCommunity, memberCommunityId } from '../communities/scope'
import type { Database } from '../db/client'
import { oauthAccounts, recoveryCodes, sessions, users } from '../db/schema'
import { appError } from '../errors'
import { emailChangedNotice, emailChangeMail } from '../mail/templates'
import { assertNotLastAdmin } from '../members/last-admin'
import { logModeration } from '../moderation/log'
import { consumeAll, resetKey } from '../rate-limits'
import type { SignedInCtx } from '../trpc/context'
import { publicProcedure, router, signedInProcedure } from '../trpc/init'

/** Sensitive changes need the password proven in the last 10 minutes (or just now, in the same call). */
function requireRecentAuth(ctx: SignedInCtx) {
  if (Date.now() - ctx.session.authenticatedAt.getTime() > REAUTH_WINDOW_MS) {
    throw appError('FORBIDDEN', 'REAUTH_REQUIRED')
  }
}

async function checkPassword(ctx: SignedInCtx, password: string) {
  const key = String(ctx.user.id)
  await consumeAll([[ctx.rateLimits.reauthByUser, key]])
  const row = ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .get()
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
    throw appError('BAD_REQUEST', 'WRONG_PASSWORD')
  }
  await resetKey(ctx.rateLimits.reauthByUser, key)
  markAuthenticated(ctx.db, ctx.session.id)
}

/** A current authenticator code or an unused recovery code, within the account's attempt limit. */
async function checkSecondFactor(ctx: SignedInCtx, code: string) {
  const key = String(ctx.user.id)
  await consumeAll([[ctx.rateLimits.twoFactorByUser, key]])
  if (!acceptSecondFactor(ctx.db, ctx.secrets, ctx.user.id, code))
    throw appError('BAD_REQUEST', 'INVALID_TWO_FACTOR_CODE')
  await resetKey(ctx.rateLimits.twoFactorByUser, key)
}

/** A short, stable handle for a session that is not its database key. */
const sessionHandle = (id: string) => id.slice(0, 16)

function describeDevice(userAgent: string | null) {
  if (!userAgent) return 'Dispositivo desconhecido'
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? 'Navegador'
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
  const kind =
    parsed.platform.type === 'mobile'
      ? 'celular'
      : parsed.platform.type === 'tablet'
        ? 'tablet'
        : 'computador'
  return `${browser} em ${os || 'sistema desconhecido'} (${kind})`
}

function signInMethods(db: Database, userId: number) {
  const user = db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()
  const google = db
    .select({ email: oauthAccounts.email })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, 'google')))
    .get()
  return { hasPassword: Boolean(user?.passwordHash), google: google ?? null }
}

export const accountRouter = router({
  /** Minha Conta → Segurança: everything about how this account signs in. */
  security: signedInProcedure.query(({ ctx }) => {
    const methods = signInMethods(ctx.db, ctx.user.id)
    const codesLeft =
      ctx.db
        .select({ total: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, ctx.user.id), isNull(recoveryCodes.usedAt)))
        .get()?.total ?? 0
    const list = ctx.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        lastUsedAt: sessions.lastUsedAt,
        createdAt: sessions.createdAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, ctx.user.id), eq(sessions.twoFactorPending, false)))
      .orderBy(desc(sessions.lastUsedAt))
      .all()
    return {
      email: ctx.user.email,
      hasPassword: methods.hasPassword,
      google: methods.google,
      twoFactorEnabled: ctx.user.twoFactorEnabled,
      recoveryCodesLeft: codesLeft,
      recentlyAuthenticated: Date.now() - ctx.session.authenticatedAt.getTime() <= REAUTH_WINDOW_MS,
      sessions: list.map((row) => ({
        id: sessionHandle(row.id),
        device: describeDevice(row.userAgent),
        lastUsedAt: row.lastUsedAt,
        createdAt: row.createdAt,
        current: row.id === ctx.session.id,
      })),
    }
  }),

  /** Proves the password again, opening a 10-minute window for sensitive changes. */
  reauthenticate: signedInProcedure.input(passwordConfirmationSchema).mutation(async ({ ctx, input }) => {
    await checkPassword(ctx, input.password)
    return { ok: true as const }
  }),

  changePassword: signedInProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await checkPassword(ctx, input.currentPassword)
    ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword) })
      .where(eq(users.id, ctx.user.id))
      .run()
    // Every other device has to sign in with the new password; a pending e-mail change is dropped.
    invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id)
    revokeEmailChangeLinks(ctx.db, ctx.user.id)
    return { ok: true as const }
  }),

  /** Sends a confirmation link to the new address (same institutional domain) and tells the old one. */
  requestEmailChange: signedInProcedure.input(changeEmailSchema).mutation(async ({ ctx, input }) => {
    requireRecentAuth(ctx)
    await consumeAll([[ctx.rateLimits.mailByAccount, ctx.user.email]])
    const community = memberCommunity(ctx.db, ctx.user)
    if (!isInstitutionalEmail(input.newEmail, community.emailDomain)) {
      throw appError(
        'BAD_REQUEST',
        'NOT_INSTITUTIONAL_EMAIL',
        institutionalEmailMessage(community.emailDomain),
      )
    }
    if (input.newEmail === ctx.user.email) {
      throw appError('BAD_REQUEST', 'SAME_EMAIL')
    }
    if (await findUserByEmail(ctx.db, input.newEmail)) throw appError('CONFLICT', 'EMAIL_TAKEN')
    const token = issueEmailToken(ctx.db, ctx.user.id, 'change_email', input.newEmail)
    const url = memberUrl(ctx, ctx.user.id, `/confirmar-email?token=${token}`)
    await ctx.mailer.send(emailChangeMail(input.newEmail, url))
    await ctx.mailer.send(emailChangedNotice(ctx.user.email, input.newEmail))
    return { ok: true as const }
  }),

  /**
   * The link from the new address: public, since it may be opened on another device, and answered with
   * the account's password (the mailbox alone could be anyone's), within the account's attempt limit.
   * An account without a password confirms signed in to it in that browser.
   */
  confirmEmailChange: publicProcedure.input(confirmEmailChangeSchema).mutation(async ({ ctx, input }) => {
    // Every check of a token from an e-mail link costs the address a point, valid or not.
    await consumeAll([[ctx.rateLimits.linkTokensByIp, ctx.request.ip ?? 'desconhecido']])
    const pending = peekEmailToken(ctx.db, input.token, 'change_email')
    const owner = pending
      ? ctx.db
          .select({ deletedAt: users.deletedAt, passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, pending.userId))
          .get()
      : undefined
    if (
      !pending ||
      !owner ||
      owner.deletedAt ||
      !memberLinkBelongsHere(ctx, pending.userId, ctx.request.community)
    ) {
      throw appError('BAD_REQUEST', 'INVALID_TOKEN')
    }
    const key = String(pending.userId)
    if (owner.passwordHash) {
      await consumeAll([[ctx.rateLimits.reauthByUser, key]])
      if (!(await verifyPassword(owner.passwordHash, input.password))) {
        throw appError('BAD_REQUEST', 'WRONG_PASSWORD')
      }
      await resetKey(ctx.rateLimits.reauthByUser, key)
    } else if (ctx.user?.id !== pending.userId) {
      throw appError('FORBIDDEN', 'EMAIL_CHANGE_SIGN_IN_REQUIRED')
    }
    // Spent only now: a wrong password leaves the link usable.
    const token = consumeEmailToken(ctx.db, input.token, 'change_email')
    if (!token) throw appError('BAD_REQUEST', 'INVALID_TOKEN')
    const taken = await findUserByEmail(ctx.db, token.email)
    if (taken && taken.id !== token.userId) throw appError('CONFLICT', 'EMAIL_TAKEN')
    ctx.db
      .update(users)
      .set({ email: token.email, emailVerifiedAt: new Date() })
      .where(eq(users.id, token.userId))
      .run()
    ctx.bus.publish('account', token.userId, { userId: token.userId, reason: 'profile' })
    return { ok: true as const, email: token.email }
  }),

  /** Unlinks Google, unless it is the only way left to sign in. */
  unlinkGoogle: signedInProcedure.mutation(({ ctx }) => {
    requireRecentAuth(ctx)
    const methods = signInMethods(ctx.db, ctx.user.id)
    if (!methods.google) throw appError('NOT_FOUND', 'GOOGLE_NOT_LINKED')
    if (!methods.hasPassword) {
      throw appError('BAD_REQUEST', 'PASSWORD_NEEDED_TO_UNLINK')
    }
    ctx.db
      .delete(oauthAccounts)
      .where(and(eq(oauthAccounts.userId, ctx.user.id), eq(oauthAccounts.provider, 'google')))
      .run()
    return { ok: true as const }
  }),

  twoFactor: router({
    /** Step 1: a new secret, shown as a QR code; nothing changes until a code confirms it. */
    begin: signedInProcedure.mutation(({ ctx }) => {
      requireRecentAuth(ctx)
      if (ctx.user.twoFactorEnabled) {
        throw appError('BAD_REQUEST', 'TWO_FACTOR_ALREADY_ENABLED')
      }
      const key = generateTotpKey()
      ctx.db
        .update(users)
        .set({ totpKey: ctx.secrets.seal(key), totpLastStep: null })
        .where(eq(users.id, ctx.user.id))
        .run()
      return enrolmentDetails(key, ctx.user.email)
    }),

    /** Step 2: a code from the app turns it on; the recovery codes are returned this once. */
    confirm: signedInProcedure.input(totpCodeSchema).mutation(({ ctx, input }) => {
      requireRecentAuth(ctx)
      const row = ctx.db.select({ totpKey: users.totpKey }).from(users).where(eq(users.id, ctx.user.id)).get()
      if (!row?.totpKey || ctx.user.twoFactorEnabled) {
        throw appError('BAD_REQUEST', 'TWO_FACTOR_RESTART')
      }
      const step = matchTotpStep(ctx.secrets.open(row.totpKey), input.code, null)
      if (step === null) throw appError('BAD_REQUEST', 'INVALID_TWO_FACTOR_CODE')
      const { codes, hashes } = generateRecoveryCodes()
      ctx.db.transaction((tx) => {
        tx.update(users)
          .set({ totpEnabledAt: new Date(), totpLastStep: step })
          .where(eq(users.id, ctx.user.id))
          .run()
        tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.user.id)).run()
        tx.insert(recoveryCodes)
          .values(hashes.map((codeHash) => ({ userId: ctx.user.id, codeHash })))
          .run()
      })
      // This session just gave a code; every other one signed in without it and must do so again.
      markSecondFactor(ctx.db, ctx.session.id)
      invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id)
      return { recoveryCodes: codes }
    }),

    /** New codes replace the old ones; a current code (or an unused recovery code) is asked first. */
    regenerateRecoveryCodes: signedInProcedure.input(twoFactorCodeSchema).mutation(async ({ ctx, input }) => {
      requireRecentAuth(ctx)
      if (!ctx.user.twoFactorEnabled) throw appError('BAD_REQUEST', 'TWO_FACTOR_NOT_ENABLED')
      await checkSecondFactor(ctx, input.code)
      const { codes, hashes } = generateRecoveryCodes()
      ctx.db.transaction((tx) => {
        tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.user.id)).run()
        tx.insert(recoveryCodes)
          .values(hashes.map((codeHash) => ({ userId: ctx.user.id, codeHash })))
          .run()
      })
      return { recoveryCodes: codes }
    }),

    /** Turning it off takes a current code (or a recovery code) on top of the recent password. */
    disable: signedInProcedure
      .input(z.object({ code: z.string().trim().min(6).max(20) }))
      .mutation(async ({ ctx, input }) => {
        requireRecentAuth(ctx)
        await checkSecondFactor(ctx, input.code)
        ctx.db.transaction((tx) => {
          tx.update(users)
            .set({ totpKey: null, totpEnabledAt: null, totpLastStep: null })
            .where(eq(users.id, ctx.user.id))
            .run()
          tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.user.id)).run()
        })
        return { ok: true as const }
      }),
  }),

  /** Ends one of the member's sessions (another device). */
  endSession: signedInProcedure.input(z.object({ id: z.string().length(16) })).mutation(({ ctx, input }) => {
    const target = ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, ctx.user.id), sql`substr(${sessions.id}, 1, 16) = ${input.id}`))
      .get()
    if (!target) throw appError('NOT_FOUND', 'SESSION_NOT_FOUND')
    invalidateSession(ctx.db, target.id)
    if (target.id === ctx.session.id) ctx.request.setCookie?.(serializeBlankSessionCookie(ctx.secureCookies))
    return { ok: true as const, current: target.id === ctx.session.id }
  }),

  /** 'Sair de todos os dispositivos': every session, this one included. */
  endAllSessions: signedInProcedure.mutation(({ ctx }) => {
    invalidateUserSessions(ctx.db, ctx.user.id)
    revokeEmailChangeLinks(ctx.db, ctx.user.id)
    ctx.request.setCookie?.(serializeBlankSessionCookie(ctx.secureCookies))
    return { ok: true as const }
  }),

  /** LGPD art. 18: everything Vupt holds about the member (see exportAccountData). */
  exportData: signedInProcedure.query(({ ctx }) => exportAccountData(ctx.db, ctx.user)),

  /** Self-service deletion (LGPD): confirmed with the password; see deleteAccount for the policy. */
  deleteAccount: signedInProcedure.input(passwordConfirmationSchema).mutation(async ({ ctx, input }) => {
    await checkPassword(ctx, input.password)
    assertNotLastAdmin(ctx.db, memberCommunityId(ctx.user), ctx.user.id, 'LAST_ADMIN_SELF_DELETE')
    deleteAccount(ctx.db, ctx.user.id)
    logModeration(ctx.db, {
      communityId: ctx.user.communityId,
      moderatorId: null,
      actionType: 'delete_account',
      targetType: 'user',
      targetId: ctx.user.id,
    })
    ctx.request.setCookie?.(serializeBlankSessionCookie(ctx.secureCookies))
    return { ok: true as const }
  }),
})
