import {
  completeProfileSchema,
  confirmSignUpSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  twoFactorCodeSchema,
} from '../../shared/schemas/auth'
import { signInWithPasskeySchema } from '../../shared/schemas/passkeys'
import { accountChangeStream } from '../people/account/live'
import { passkeySignInOptions, signInWithPasskey } from '../people/auth/passkeys'
import { requestPasswordReset, resetPassword } from '../people/auth/password-reset'
import { invalidateSession, serializeBlankSessionCookie } from '../people/auth/session'
import { signIn, verifyTwoFactor } from '../people/auth/sign-in'
import {
  claimAccount,
  completeProfile,
  resendVerification,
  signUp,
  verifyEmail,
} from '../people/auth/sign-up'
import { currentViewer } from '../people/auth/viewer'
import { streamScope } from '../realtime/subscriptions'
import { approvedProcedure, publicProcedure, router, sessionProcedure } from '../trpc/init'

export const authRouter = router({
  /** The signed-in member, or null (also while a two-factor code is still owed: see twoFactorPending). */
  me: publicProcedure.query(({ ctx }) => currentViewer(ctx)),

  twoFactorPending: publicProcedure.query(({ ctx }) => ({ pending: Boolean(ctx.session?.twoFactorPending) })),

  signUp: publicProcedure.input(signUpSchema).mutation(({ ctx, input }) => signUp(ctx, input)),

  signIn: publicProcedure.input(signInSchema).mutation(({ ctx, input }) => signIn(ctx, input)),

  /**
   * Options for signing in with a passkey (the button, or the browser's autofill). The challenge is
   * kept for this browser by a short-lived cookie.
   */
  passkeySignInOptions: publicProcedure.mutation(({ ctx }) => passkeySignInOptions(ctx)),

  /** A passkey's answer to this browser's challenge: both factors at once, so no code follows. */
  signInWithPasskey: publicProcedure
    .input(signInWithPasskeySchema)
    .mutation(({ ctx, input }) => signInWithPasskey(ctx, input.response)),

  /** Second step of signing in: a code from the authenticator app, or a recovery code. */
  verifyTwoFactor: publicProcedure
    .input(twoFactorCodeSchema)
    .mutation(({ ctx, input }) => verifyTwoFactor(ctx, input.code)),

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
  verifyEmail: publicProcedure
    .input(confirmSignUpSchema)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input)),

  /**
   * "Não criei esta conta": the mailbox's owner got a confirmation link for a sign-up they did not make.
   * The address is theirs: the claim is wiped (see proveMailbox) and they choose their own password.
   */
  claimAccount: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => claimAccount(ctx, input)),

  resendVerification: sessionProcedure.mutation(({ ctx }) => resendVerification(ctx)),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),

  /** A reset link proves the mailbox: see proveMailbox for what an unconfirmed account loses. */
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),

  completeProfile: approvedProcedure
    .input(completeProfileSchema)
    .mutation(({ ctx, input }) => completeProfile(ctx, input)),

  /** Tells the user's open pages that their account changed (approval, roles), without polling. */
  onAccountChange: sessionProcedure.subscription(({ ctx, signal }) =>
    accountChangeStream(streamScope(ctx), signal),
  ),
})
