/**
 * A course list from a CSV file (Admin → Cursos → Importar): a header line naming the columns curso,
 * disciplina and código, then one line per discipline (or a course alone). Every line is checked first;
 * one bad line and nothing is written, and each bad line is named with what is wrong.
 */
import { CsvError, parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  COURSE_CSV_MAX_ERRORS,
  COURSE_CSV_MAX_LINES,
  COURSES_MAX,
  type CourseImportError,
  courseNameSchema,
  DISCIPLINES_PER_COURSE_MAX,
  disciplineCodeSchema,
  disciplineNameSchema,
} from '../../shared/schemas/courses'
import type { Database } from '../db/client'
import { rowsWhere } from '../db/rows'
import { courses, disciplines } from '../db/schema'
import { matchLegacyCourses } from './legacy'
import { countCourses, countDisciplines } from './list'
import { foldName } from './names'

export type CourseImportResult =
  | { ok: true; courses: number; disciplines: number; unchanged: number; membersMatched: number }
  | { ok: false; errors: CourseImportError[] }

type Column = 'course' | 'discipline' | 'code'
const HEADERS: Record<string, Column> = {
  curso: 'course',
  disciplina: 'discipline',
  codigo: 'code',
  'codigo da disciplina': 'code',
}

type Row = { line: number; course: string; discipline: string | null; code: string | null }

/** The first error of a field, as the schema words it. */
function check<T>(schema: z.ZodType<T>, value: string): { value: T } | { error: string } {
  const result = schema.safeParse(value)
  return result.success
    ? { value: result.data }
    : { error: result.error.issues[0]?.message ?? 'Valor inválido' }
}

function readRows(csv: string): { rows: Row[]; errors: CourseImportError[] } {
  const errors: CourseImportError[] = []
  const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  // Spreadsheets in Portuguese save with semicolons (the comma is the decimal mark); others with commas.
  const delimiter = firstLine.includes(';') ? ';' : ','
  let records: { info: { lines: number }; record: string[] }[]
  try {
    records = parse(csv, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to_line: COURSE_CSV_MAX_LINES + 1,
    }) as unknown as typeof records // the types leave out the shape `info: true` gives
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1
      const message =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'há uma aspa aberta que não foi fechada'
          : 'o arquivo não pôde ser lido como CSV'
      return { rows: [], errors: [{ line, message: `Linha ${line}: ${message}.` }] }
    }
    throw error
  }
  const [header, ...body] = records
  const columns = (header?.record ?? []).map((name) => HEADERS[foldName(name)])
  const at = (column: Column) => columns.indexOf(column)
  if (!header || at('course') < 0 || at('discipline') < 0) {
    return {
      rows: [],
      errors: [
        {
          line: header?.info.lines ?? 1,
          message: 'Linha 1: o cabeçalho precisa ter as colunas curso, disciplina e código (esta opcional).',
        },
      ],
    }
  }
  if (csv.split(/\r?\n/).length > COURSE_CSV_MAX_LINES + 1) {
    errors.push({
      line: COURSE_CSV_MAX_LINES + 2,
      message: `O arquivo tem mais de ${COURSE_CSV_MAX_LINES} linhas.`,
    })
  }
  const rows: Row[] = []
  for (const { info, record } of body) {
    const line = info.lines
    const problem = (message: string) => errors.push({ line, message: `Linha ${line}: ${message}` })
    if (record.length > columns.length) {
      problem(`tem ${record.length} colunas, mas o cabeçalho tem ${columns.length}.`)
      continue
    }
    const cell = (column: Column) => (at(column) >= 0 ? (record[at(column)] ?? '') : '')
    const courseText = cell('course')
    const disciplineText = cell('discipline')
    const codeText = cell('code')
    if (!courseText) {
      problem('falta o nome do curso.')
      continue
    }
    const course = check(courseNameSchema, courseText)
    if ('error' in course) {
      problem(`${course.error}.`)
      continue
    }
    if (!disciplineText) {
      if (codeText) problem('há um código, mas falta o nome da disciplina.')
      else rows.push({ line, course: course.value, discipline: null, code: null })
      continue
    }
    const discipline = check(disciplineNameSchema, disciplineText)
    if ('error' in discipline) {
      problem(`${discipline.error}.`)
      continue
    }
    const code = check(disciplineCodeSchema, codeText)
    if ('error' in code) {
      problem(`${code.error}.`)
      continue
    }
    rows.push({ line, course: course.value, discipline: discipline.value, code: code.value })
  }
  return { rows, errors }
}

/** Imports the file into the community's list, all or nothing; what already exists stays as it is. */
export function importCourses(db: Database, communityId: number, csv: string): CourseImportResult {
  const { rows, errors } = readRows(csv)
  // Lines that repeat an earlier one in the file (same course and discipline) are mistakes to show.
  const seen = new Map<string, number>()
  for (const row of rows) {
    if (row.discipline === null) continue
    const key = `${foldName(row.course)}\n${foldName(row.discipline)}`
    const first = seen.get(key)
    if (first === undefined) seen.set(key, row.line)
    else
      errors.push({
        line: row.line,
        message: `Linha ${row.line}: a disciplina "${row.discipline}" do curso "${row.course}" já está na linha ${first}.`,
      })
  }
  if (rows.length === 0 && errors.length === 0) {
    errors.push({ line: 2, message: 'Linha 2: o arquivo não tem nenhum curso depois do cabeçalho.' })
  }
  if (errors.length > 0) return { ok: false, errors: sortErrors(errors) }

  try {
    return db.transaction(() => writeRows(db, communityId, rows))
  } catch (error) {
    if (error instanceof ImportLimit) return error.result
    throw error
  }
}

function writeRows(db: Database, communityId: number, rows: Row[]): CourseImportResult {
  {
    const existing = new Map(
      rowsWhere(db, courses, 'communityId', communityId, ['id', 'foldedName']).map((course) => [
        course.foldedName,
        course.id,
      ]),
    )
    let createdCourses = 0
    let createdDisciplines = 0
    let unchanged = 0
    const perCourse = new Map<number, number>()
    for (const row of rows) {
      const folded = foldName(row.course)
      let courseId = existing.get(folded)
      if (courseId === undefined) {
        if (countCourses(db, communityId) >= COURSES_MAX) {
          return tooMany(row.line, `a comunidade passaria de ${COURSES_MAX} cursos.`)
        }
        courseId = db
          .insert(courses)
          .values({ communityId, name: row.course, foldedName: folded })
          .returning({ id: courses.id })
          .get().id
        existing.set(folded, courseId)
        createdCourses++
      } else if (row.discipline === null) unchanged++
      if (row.discipline === null) continue
      const foldedDiscipline = foldName(row.discipline)
      const known = db
        .select({ id: disciplines.id })
        .from(disciplines)
        .where(and(eq(disciplines.courseId, courseId), eq(disciplines.foldedName, foldedDiscipline)))
        .get()
      if (known) {
        unchanged++
        continue
      }
      const count = perCourse.get(courseId) ?? countDisciplines(db, courseId)
      if (count >= DISCIPLINES_PER_COURSE_MAX) {
        return tooMany(
          row.line,
          `o curso "${row.course}" passaria de ${DISCIPLINES_PER_COURSE_MAX} disciplinas.`,
        )
      }
      db.insert(disciplines)
        .values({ courseId, name: row.discipline, foldedName: foldedDiscipline, code: row.code })
        .run()
      perCourse.set(courseId, count + 1)
      createdDisciplines++
    }
    const membersMatched = matchLegacyCourses(db, communityId)
    return { ok: true, courses: createdCourses, disciplines: createdDisciplines, unchanged, membersMatched }
  }
}

/** A limit passed midway: thrown to roll the transaction back, with the line named. */
function tooMany(line: number, message: string): never {
  throw new ImportLimit({ ok: false, errors: [{ line, message: `Linha ${line}: ${message}` }] })
}

class ImportLimit extends Error {
  constructor(readonly result: CourseImportResult) {
    super('import limit')
  }
}

const sortErrors = (errors: CourseImportError[]) =>
  errors.sort((a, b) => a.line - b.line).slice(0, COURSE_CSV_MAX_ERRORS)
