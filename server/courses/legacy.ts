/**
 * Courses members wrote by hand before their community had a list: matched to a course of the list
 * when the names differ only by accents, case or spacing, and otherwise shown to the admins to map.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { courses, profiles } from '../db/schema'
import { appError } from '../errors'
import { foldName } from './names'

/** How many distinct unmatched values the admin sees at once (the most common first). */
export const LEGACY_COURSES_SHOWN = 200

const unmatched = (communityId: number) =>
  and(eq(profiles.communityId, communityId), isNull(profiles.courseId), isNotNull(profiles.course))

/** Moves every member whose written course folds to a course's name onto that course. */
export function matchLegacyCourses(db: Database, communityId: number): number {
  const list = db
    .select({ id: courses.id, name: courses.name, foldedName: courses.foldedName })
    .from(courses)
    .where(eq(courses.communityId, communityId))
    .all()
  if (list.length === 0) return 0
  const byName = new Map(list.map((course) => [course.foldedName, course]))
  const written = db
    .selectDistinct({ course: profiles.course })
    .from(profiles)
    .where(unmatched(communityId))
    .all()
  let moved = 0
  for (const { course: text } of written) {
    const course = text ? byName.get(foldName(text)) : undefined
    if (!text || !course) continue
    moved += db
      .update(profiles)
      .set({ courseId: course.id, course: course.name })
      .where(and(unmatched(communityId), eq(profiles.course, text)))
      .run().changes
  }
  return moved
}

/** The written courses no course of the list matched, with how many members wrote each. */
export function legacyCourses(db: Database, communityId: number) {
  return db
    .select({ text: sql<string>`${profiles.course}`, members: sql<number>`count(*)` })
    .from(profiles)
    .where(unmatched(communityId))
    .groupBy(profiles.course)
    .orderBy(sql`count(*) desc`, asc(profiles.course))
    .limit(LEGACY_COURSES_SHOWN)
    .all()
}

/** The admin maps a written course to a course of the list: every member who wrote it moves to it. */
export function mapLegacyCourse(db: Database, communityId: number, text: string, courseId: number) {
  const course = db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.communityId, communityId)))
    .get()
  if (!course) throw appError('NOT_FOUND', 'COURSE_NOT_FOUND')
  const moved = db
    .update(profiles)
    .set({ courseId: course.id, course: course.name })
    .where(and(unmatched(communityId), eq(profiles.course, text)))
    .run().changes
  return { moved }
}

/**
 * The course a member gives (sign-up, completing or editing the profile), as stored. With a list, it
 * must be one of its courses (accents and case aside), or the text the member already has, unchanged,
 * waiting for an admin to map it; without a list, it is kept as written.
 */
export function chooseCourse(
  db: Database,
  communityId: number | null,
  text: string | null,
  current?: { course: string | null; courseId: number | null } | null,
): { course: string | null; courseId: number | null } {
  if (text === null) return { course: null, courseId: null }
  if (communityId === null) return { course: text, courseId: null }
  const folded = foldName(text)
  const course = db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.communityId, communityId), eq(courses.foldedName, folded)))
    .get()
  if (course) return { course: course.name, courseId: course.id }
  if (current && current.courseId === null && current.course === text) return { course: text, courseId: null }
  const hasList = db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.communityId, communityId))
    .limit(1)
    .get()
  if (hasList) throw appError('BAD_REQUEST', 'COURSE_NOT_IN_LIST')
  return { course: text, courseId: null }
}
