import { changePasswordSchema } from '@shared/schemas/account'
import { emailSchema, institutionalEmailMessage, isInstitutionalEmail } from '@shared/schemas/auth'
import { z } from 'zod'
import { normalizeTwoFactorCode } from './two-factor-code'

/** The server's change-password input, plus the repeated new password the form asks for. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'As senhas não conferem',
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    error: 'A nova senha deve ser diferente da atual',
  })
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>

/** Another address of the same institutional domain: the server checks it too, this says why up front. */
export const emailChangeFormSchema = (domain: string, currentEmail: string) =>
  z.object({
    newEmail: emailSchema
      .refine((email) => isInstitutionalEmail(email, domain), { error: institutionalEmailMessage(domain) })
      .refine((email) => email !== currentEmail.trim().toLowerCase(), { error: 'Este já é o seu e-mail.' }),
  })
export type EmailChangeFormValues = z.infer<ReturnType<typeof emailChangeFormSchema>>

/** Enrolment takes only an authenticator code: six digits, spaces allowed while typing. */
export const enrolmentCodeFormSchema = z.object({
  code: z
    .string()
    .transform(normalizeTwoFactorCode)
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Digite o código de 6 dígitos' })),
})

/** Signing in and turning it off also accept a recovery code ('k3m9-x2qa-7hvd'). */
export const secondFactorFormSchema = z.object({
  code: z
    .string()
    .transform(normalizeTwoFactorCode)
    .pipe(
      z
        .string()
        .min(6, { error: 'Digite o código de 6 dígitos ou um código de recuperação' })
        .max(20, { error: 'Código inválido' }),
    ),
})
