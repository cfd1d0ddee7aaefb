import { z } from 'zod'
import {
  COURSE_MAX,
  COURSE_MIN,
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  MATRICULA_MAX,
  MATRICULA_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  UNIVERSITY_MAX,
  UNIVERSITY_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../limits'
import { USERNAME_PATTERN } from '../username'
import { singleLineText } from './text'

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Email inválido' }))

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: `Senha deve ter no mínimo ${PASSWORD_MIN} caracteres` })
  .max(PASSWORD_MAX, { error: `Senha deve ter no máximo ${PASSWORD_MAX} caracteres` })

export const usernameSchema = z
  .string()
  .trim()
  // People write their handle as they see it shown, '@ana_lima': the '@' is not part of it.
  .overwrite((value) => value.replace(/^@/, ''))
  .min(USERNAME_MIN, { error: `Username deve ter no mínimo ${USERNAME_MIN} caracteres` })
  .max(USERNAME_MAX, { error: `Username deve ter no máximo ${USERNAME_MAX} caracteres` })
  .regex(USERNAME_PATTERN, { error: 'Apenas letras, números e _' })

export const fullNameSchema = singleLineText()
  .min(FULL_NAME_MIN, { error: 'Nome completo é obrigatório' })
  .max(FULL_NAME_MAX, { error: `Nome completo deve ter no máximo ${FULL_NAME_MAX} caracteres` })

export const universitySchema = singleLineText()
  .min(UNIVERSITY_MIN, { error: 'Universidade é obrigatória' })
  .max(UNIVERSITY_MAX, { error: `Universidade deve ter no máximo ${UNIVERSITY_MAX} caracteres` })

export const courseSchema = singleLineText()
  .min(COURSE_MIN, { error: 'Curso é obrigatório' })
  .max(COURSE_MAX, { error: `Curso deve ter no máximo ${COURSE_MAX} caracteres` })

export const matriculaSchema = singleLineText()
  .min(1, { error: 'Matrícula é obrigatória' })
  .min(MATRICULA_MIN, { error: 'Matrícula inválida' })
  .max(MATRICULA_MAX, { error: 'Matrícula inválida' })

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Senha é obrigatória' }).max(PASSWORD_MAX),
})
export type SignInInput = z.infer<typeof signInSchema>

export const institutionalEmailMessage = (domain: string) => `Use seu email institucional @${domain}`

export const isInstitutionalEmail = (email: string, domain: string) =>
  email.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`)

const signUpFields = {
  email: emailSchema,
  username: usernameSchema,
  fullName: fullNameSchema,
  course: courseSchema,
  matricula: matriculaSchema,
  password: passwordSchema,
}

/** What the server accepts; the e-mail's domain is checked against the chosen community's. */
export const signUpSchema = z.object({
  ...signUpFields,
  communitySlug: z.string({ error: 'Comunidade inválida' }).min(1, { error: 'Comunidade inválida' }).max(50),
})
export type SignUpInput = z.infer<typeof signUpSchema>

/** The sign-up form of one community: the same fields, with the institutional-domain rule up front. */
export const communitySignUpFormSchema = (domain: string) =>
  z.object({
    ...signUpFields,
    email: emailSchema.refine((email) => isInstitutionalEmail(email, domain), {
      error: institutionalEmailMessage(domain),
    }),
  })
export type SignUpFormValues = z.infer<ReturnType<typeof communitySignUpFormSchema>>

export const completeProfileSchema = z.object({
  username: usernameSchema,
  university: universitySchema,
  course: courseSchema,
})
export type CompleteProfileInput = z.infer<typeof completeProfileSchema>

const linkToken = z
  .string({ error: 'Link inválido ou expirado' })
  .min(10, { error: 'Link inválido ou expirado' })
  .max(200, { error: 'Link inválido ou expirado' })

export const tokenSchema = z.object({ token: linkToken })

export const requestPasswordResetSchema = z.object({ email: emailSchema })

export const resetPasswordSchema = z.object({ token: linkToken, password: passwordSchema })

/** The confirmation link answered with the password chosen at sign-up: the mailbox and the sign-up are one person. */
export const confirmSignUpSchema = z.object({
  token: linkToken,
  password: z.string().min(1, { error: 'Senha é obrigatória' }).max(PASSWORD_MAX),
})

/**
 * The link of an e-mail change, answered with the account's password: the new mailbox alone does not
 * prove who asked. Empty for an account without a password (Google), which confirms signed in instead.
 */
export const confirmEmailChangeSchema = z.object({ token: linkToken, password: z.string().max(PASSWORD_MAX) })

/** A 6-digit authenticator code or a recovery code ('k3m9-x2qa-7hvd'). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Digite o código' })
    .trim()
    .min(6, { error: 'Digite o código de 6 dígitos ou um código de recuperação' })
    .max(20, { error: 'Código inválido' }),
})
