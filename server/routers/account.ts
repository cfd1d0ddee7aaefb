import { z } from 'zod'
import {
  changeEmailSchema,
  changePasswordSchema,
  passwordConfirmationSchema,
  totpCodeSchema,
} from '../../shared/schemas/account'
import { confirmEmailChangeSchema, twoFactorCodeSchema } from '../../shared/schemas/auth'
import { idInput } from '../../shared/schemas/ids'
import { registerPasskeySchema } from '../../shared/schemas/passkeys'
import { deleteOwnAccount } from '../people/account/delete-account'
import { confirmEmailChange, requestEmailChange } from '../people/account/email-change'
import { exportAccountData } from '../people/account/export'
import { passkeyRegistrationOptions, registerPasskey, removePasskey } from '../people/account/passkeys'
import { reauthenticate } from '../people/account/reauth'
import {
  accountSecurity,
  changePassword,
  endAllSessions,
  endSession,
  unlinkGoogle,
} from '../people/account/security'
import {
  beginTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
} from '../people/account/two-factor-setup'
import { publicProcedure, router, signedInProcedure } from '../trpc/init'

export const accountRouter = router({
  /** Minha Conta → Segurança: everything about how this account signs in. */
  security: signedInProcedure.query(({ ctx }) => accountSecurity(ctx)),

  /** Proves the password again, opening a 10-minute window for sensitive changes. */
  reauthenticate: signedInProcedure
    .input(passwordConfirmationSchema)
    .mutation(({ ctx, input }) => reauthenticate(ctx, input.password)),

  changePassword: signedInProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword(ctx, input.currentPassword, input.newPassword)),

  /** Sends a confirmation link to the new address (same institutional domain) and tells the old one. */
  requestEmailChange: signedInProcedure
    .input(changeEmailSchema)
    .mutation(({ ctx, input }) => requestEmailChange(ctx, input.newEmail)),

  /**
   * The link from the new address: public, since it may be opened on another device (see
   * confirmEmailChange).
   */
  confirmEmailChange: publicProcedure
    .input(confirmEmailChangeSchema)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx, input)),

  /** Unlinks Google, unless it is the only way left to sign in. */
  unlinkGoogle: signedInProcedure.mutation(({ ctx }) => unlinkGoogle(ctx)),

  twoFactor: router({
    /** Step 1: a new secret, shown as a QR code; nothing changes until a code confirms it. */
    begin: signedInProcedure.mutation(({ ctx }) => beginTwoFactor(ctx)),

    /** Step 2: a code from the app turns it on; the recovery codes are returned this once. */
    confirm: signedInProcedure
      .input(totpCodeSchema)
      .mutation(({ ctx, input }) => confirmTwoFactor(ctx, input.code)),

    /** New codes replace the old ones; a current code (or an unused recovery code) is asked first. */
    regenerateRecoveryCodes: signedInProcedure
      .input(twoFactorCodeSchema)
      .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx, input.code)),

    /** Turning it off takes a current code (or a recovery code) on top of the recent password. */
    disable: signedInProcedure
      .input(z.object({ code: z.string().trim().min(6).max(20) }))
      .mutation(({ ctx, input }) => disableTwoFactor(ctx, input.code)),
  }),

  passkeys: router({
    /** Options for the browser's passkey prompt, after a recent password; the challenge is this session's. */
    registrationOptions: signedInProcedure.mutation(({ ctx }) => passkeyRegistrationOptions(ctx)),

    /** The browser's answer to those options: the new passkey, named by the member. */
    register: signedInProcedure
      .input(registerPasskeySchema)
      .mutation(({ ctx, input }) => registerPasskey(ctx, input.name, input.response)),

    /** Removes one of the member's passkeys, after a recent password. */
    remove: signedInProcedure.input(idInput).mutation(({ ctx, input }) => removePasskey(ctx, input.id)),
  }),

  /** Ends one of the member's sessions (another device). */
  endSession: signedInProcedure
    .input(z.object({ id: z.string().length(16) }))
    .mutation(({ ctx, input }) => endSession(ctx, input.id)),

  /** 'Sair de todos os dispositivos': every session, this one included. */
  endAllSessions: signedInProcedure.mutation(({ ctx }) => endAllSessions(ctx)),

  /** LGPD art. 18: everything Vupt holds about the member (see exportAccountData). */
  exportData: signedInProcedure.query(({ ctx }) => exportAccountData(ctx.db, ctx.user)),

  /** Self-service deletion (LGPD): confirmed with the password; see deleteAccount for the policy. */
  deleteAccount: signedInProcedure
    .input(passwordConfirmationSchema)
    .mutation(({ ctx, input }) => deleteOwnAccount(ctx, input.password)),
})
