/** A community's courses and their disciplines, kept by its admins (Admin → Cursos). */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { COURSES_MAX, DISCIPLINES_PER_COURSE_MAX, type DisciplineInput } from '../../shared/schemas/courses'
import type { Database } from '../db/client'
import { isConstraintError } from '../db/errors'
import { rowsWhere, valuesWhere } from '../db/rows'
import { courses, disciplines, listingDisciplines, memberCourses, profiles } from '../db/schema'
import { appError } from '../errors'
import { matchLegacyCourses } from './legacy'
import { foldName } from './names'
import { refreshTagText } from './tags'

/** Every course of the community with its disciplines, by name: the list the forms and filters offer. */
export function listCourses(db: Database, communityId: number) {
  const rows = rowsWhere(db, courses, 'communityId', communityId, ['id', 'name'], ['foldedName'])
  const all =
    rows.length === 0
      ? []
      : db
          .select({
            id: disciplines.id,
            courseId: disciplines.courseId,
            name: disciplines.name,
            code: disciplines.code,
          })
          .from(disciplines)
          .where(
            inArray(
              disciplines.courseId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(disciplines.foldedName))
          .all()
  return rows.map((course) => ({
    ...course,
    disciplines: all
      .filter((discipline) => discipline.courseId === course.id)
      .map(({ courseId: _course, ...discipline }) => discipline),
  }))
}

/** The courses the demo seeded as an example, for the admin's list to label. */
export function exampleCourseIds(db: Database, communityId: number): Set<number> {
  const rows = db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.communityId, communityId), eq(courses.example, true)))
    .all()
  return new Set(rows.map((row) => row.id))
}

/** The course, if it is the community's. */
export function courseOf(db: Database, communityId: number, id: number) {
  return db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.communityId, communityId)))
    .get()
}

function ownCourse(db: Database, communityId: number, id: number) {
  const course = courseOf(db, communityId, id)
  if (!course) throw appError('COURSE_NOT_FOUND')
  return course
}

function ownDiscipline(db: Database, communityId: number, id: number) {
  const row = db
    .select({ id: disciplines.id, courseId: disciplines.courseId })
    .from(disciplines)
    .innerJoin(courses, eq(courses.id, disciplines.courseId))
    .where(and(eq(disciplines.id, id), eq(courses.communityId, communityId)))
    .get()
  if (!row) throw appError('DISCIPLINE_NOT_FOUND')
  return row
}

export const countCourses = (db: Database, communityId: number) =>
  db.select({ total: count() }).from(courses).where(eq(courses.communityId, communityId)).get()?.total ?? 0

export const countDisciplines = (db: Database, courseId: number) =>
  db.select({ total: count() }).from(disciplines).where(eq(disciplines.courseId, courseId)).get()?.total ?? 0

/** A new course; members who wrote its name before the list are moved to it. */
export function createCourse(db: Database, communityId: number, name: string) {
  return db.transaction(() => {
    if (countCourses(db, communityId) >= COURSES_MAX) throw appError('COURSES_LIMIT')
    try {
      const row = db
        .insert(courses)
        .values({ communityId, name, foldedName: foldName(name) })
        .returning({ id: courses.id })
        .get()
      matchLegacyCourses(db, communityId)
      return row
    } catch (error) {
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE')) throw appError('COURSE_EXISTS')
      throw error
    }
  })
}

/** Renames a course; the members who chose it read the new name. */
export function renameCourse(db: Database, communityId: number, id: number, name: string) {
  ownCourse(db, communityId, id)
  db.transaction(() => {
    try {
      db.update(courses)
        .set({ name, foldedName: foldName(name) })
        .where(eq(courses.id, id))
        .run()
    } catch (error) {
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE')) throw appError('COURSE_EXISTS')
      throw error
    }
    db.update(profiles)
      .set({ course: name })
      .where(
        inArray(
          profiles.userId,
          db.select({ id: memberCourses.userId }).from(memberCourses).where(eq(memberCourses.courseId, id)),
        ),
      )
      .run()
    matchLegacyCourses(db, communityId)
  })
}

/** The listings tagged with any of these disciplines. */
const listingsTaggedWith = (db: Database, disciplineIds: number[]) =>
  disciplineIds.length === 0
    ? []
    : db
        .selectDistinct({ id: listingDisciplines.listingId })
        .from(listingDisciplines)
        .where(inArray(listingDisciplines.disciplineId, disciplineIds))
        .all()
        .map((row) => row.id)

/**
 * Removes a course with its disciplines: its listings lose the tags (and find them no more by search),
 * its members keep the name as text, for the admin to map again.
 */
export function deleteCourse(db: Database, communityId: number, id: number) {
  ownCourse(db, communityId, id)
  db.transaction(() => {
    const ids = valuesWhere(db, disciplines, 'courseId', id, 'id')
    const tagged = listingsTaggedWith(db, ids)
    db.delete(courses).where(eq(courses.id, id)).run()
    refreshTagText(db, tagged)
  })
}

export function createDiscipline(db: Database, communityId: number, input: DisciplineInput) {
  ownCourse(db, communityId, input.courseId)
  return db.transaction(() => {
    if (countDisciplines(db, input.courseId) >= DISCIPLINES_PER_COURSE_MAX) {
      throw appError('COURSES_LIMIT')
    }
    try {
      return db
        .insert(disciplines)
        .values({ ...input, foldedName: foldName(input.name) })
        .returning({ id: disciplines.id })
        .get()
    } catch (error) {
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE')) throw appError('DISCIPLINE_EXISTS')
      throw error
    }
  })
}

/** Renames a discipline or changes its code; its listings are found by the new ones. */
export function updateDiscipline(
  db: Database,
  communityId: number,
  id: number,
  input: { name: string; code: string | null },
) {
  ownDiscipline(db, communityId, id)
  db.transaction(() => {
    try {
      db.update(disciplines)
        .set({ ...input, foldedName: foldName(input.name) })
        .where(eq(disciplines.id, id))
        .run()
    } catch (error) {
      if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE')) throw appError('DISCIPLINE_EXISTS')
      throw error
    }
    refreshTagText(db, listingsTaggedWith(db, [id]))
  })
}

export function deleteDiscipline(db: Database, communityId: number, id: number) {
  ownDiscipline(db, communityId, id)
  db.transaction(() => {
    const tagged = listingsTaggedWith(db, [id])
    db.delete(disciplines).where(eq(disciplines.id, id)).run()
    refreshTagText(db, tagged)
  })
}

/** How many members chose each course, for the admin's list. */
export function membersPerCourse(db: Database, communityId: number) {
  return db
    .select({ courseId: memberCourses.courseId, members: sql<number>`count(*)` })
    .from(memberCourses)
    .innerJoin(courses, eq(courses.id, memberCourses.courseId))
    .where(eq(courses.communityId, communityId))
    .groupBy(memberCourses.courseId)
    .all()
}
