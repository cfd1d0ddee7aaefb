import { z } from 'zod'
import { emailSchema, passwordSchema } from './auth'

/** After this long, changing security settings asks for the password again. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000

export const currentPasswordSchema = z
  .string({ error: 'Digite sua senha atual' })
  .min(1, { error: 'Digite sua senha atual' })
  .max(128)

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
})

export const changeEmailSchema = z.object({ newEmail: emailSchema })

export const passwordConfirmationSchema = z.object({ password: currentPasswordSchema })

export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Digite o código de 6 dígitos' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Digite o código de 6 dígitos' }),
})
