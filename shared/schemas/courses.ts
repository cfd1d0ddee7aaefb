import { z } from 'zod'
import { COURSE_MAX, COURSE_MIN } from '../limits'
import { id } from './ids'
import { singleLineText } from './text'

export const DISCIPLINE_NAME_MAX = 100
export const DISCIPLINE_CODE_MAX = 20
/** A community's list: a large university has a few hundred courses, each a few dozen disciplines. */
export const COURSES_MAX = 500
export const DISCIPLINES_PER_COURSE_MAX = 300
/** A course list as a CSV file: the whole university's list fits well within these. */
export const COURSE_CSV_MAX_BYTES = 1_000_000
export const COURSE_CSV_MAX_LINES = 20_000
/** How many of a line's errors, at most, the import lists (the file may be wrong throughout). */
export const COURSE_CSV_MAX_ERRORS = 100

export const courseNameSchema = singleLineText()
  .min(COURSE_MIN, { error: 'Informe o nome do curso' })
  .max(COURSE_MAX, { error: `Nome do curso deve ter no máximo ${COURSE_MAX} caracteres` })

export const disciplineNameSchema = singleLineText()
  .min(2, { error: 'Informe o nome da disciplina' })
  .max(DISCIPLINE_NAME_MAX, {
    error: `Nome da disciplina deve ter no máximo ${DISCIPLINE_NAME_MAX} caracteres`,
  })

/** Letters, digits, dots, hyphens and spaces, as universities write codes ("MAT101", "EGC-5012"). */
export const disciplineCodeSchema = singleLineText()
  .max(DISCIPLINE_CODE_MAX, { error: `Código deve ter no máximo ${DISCIPLINE_CODE_MAX} caracteres` })
  .regex(/^[\p{L}\d.\- ]*$/u, { error: 'Código deve ter só letras, números, ponto ou hífen' })
  .transform((code) => code.toUpperCase() || null)

export const courseInputSchema = z.object({ name: courseNameSchema })
export const courseUpdateSchema = z.object({ id, name: courseNameSchema })

export const disciplineInputSchema = z.object({
  courseId: id,
  name: disciplineNameSchema,
  code: disciplineCodeSchema.optional().transform((code) => code ?? null),
})
export type DisciplineInput = z.output<typeof disciplineInputSchema>
export const disciplineUpdateSchema = disciplineInputSchema.omit({ courseId: true }).extend({ id })

export const courseImportSchema = z.object({
  csv: z
    .string()
    .min(1, { error: 'Escolha um arquivo CSV' })
    .max(COURSE_CSV_MAX_BYTES, { error: 'Arquivo muito grande (máximo de 1 MB)' }),
})

/** A member's free-text course from before the list, mapped by an admin to a course of the list. */
export const legacyCourseMapSchema = z.object({
  text: z.string().min(1).max(COURSE_MAX),
  courseId: id,
})

/** One bad line of an imported file: the line as a spreadsheet numbers it, and what is wrong. */
export type CourseImportError = { line: number; message: string }
