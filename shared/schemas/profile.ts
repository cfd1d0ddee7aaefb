import { z } from 'zod'
import { BIO_MAX, COURSE_MAX, FULL_NAME_MAX, FULL_NAME_MIN, UNIVERSITY_MAX } from '../limits'
import { usernameSchema } from './auth'
import { multiLineText, singleLineText } from './text'

const optionalText = (text: typeof singleLineText, max: number, message: string) =>
  text()
    .max(max, { error: message })
    .optional()
    .transform((value) => value || null)

/** Minha Conta (spec §5, profile edit). */
export const profileUpdateSchema = z.object({
  username: usernameSchema,
  fullName: singleLineText()
    .min(FULL_NAME_MIN, { error: 'Nome completo deve ter no mínimo 3 caracteres' })
    .max(FULL_NAME_MAX, { error: 'Nome completo muito longo' }),
  bio: optionalText(multiLineText, BIO_MAX, 'Bio muito longa'),
  university: optionalText(singleLineText, UNIVERSITY_MAX, 'Universidade muito longa'),
  course: optionalText(singleLineText, COURSE_MAX, 'Curso muito longo'),
  /** An uploaded avatar to use, null to remove it, undefined to keep it. */
  avatarUploadId: z.string().min(1).max(100).nullish(),
})
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>
