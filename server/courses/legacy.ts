/**
 * The course on a member's profile. Chosen from the community's list, it is a row of member_courses
 * and the profile shows its name; written by hand before the community had a list, it is text alone,
 * matched to a course of the list when the names differ only by accents, case or spacing, and otherwise
 * shown to the admins to map.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rowsWhere } from '../db/rows'
import { courses, memberCourses, profiles } from '../db/schema'
import { appError } from '../errors'
import { foldName } from './names'

/** How many distinct unmatched values the admin sees at once (the most common first). */
export const LEGACY_COURSES_SHOWN = 200

export type CourseChoice = { course: string | null; courseId: number | null }

/** Profiles of the community whose course is text that no choice backs. */
const unmatched = (communityId: number) =>
  and(
    eq(profiles.communityId, communityId),
    isNotNull(profiles.course),
    sql`not exists (select 1 from ${memberCourses} where ${memberCourses.userId} = ${profiles.userId})`,
  )

/** The member's course as stored: the chosen one, or text waiting for an admin. */
export function memberCourseOf(db: Database, userId: number): CourseChoice | undefined {
  return db
    .select({ course: profiles.course, courseId: memberCourses.courseId })
    .from(profiles)
    .leftJoin(memberCourses, eq(memberCourses.userId, profiles.userId))
    .where(eq(profiles.userId, userId))
    .get()
}

/** Writes the member's course: the text on the profile and, for a course of the list, the choice. */
export function setMemberCourse(db: Database, userId: number, choice: CourseChoice) {
  db.update(profiles).set({ course: choice.course }).where(eq(profiles.userId, userId)).run()
  if (choice.courseId === null) {
    db.delete(memberCourses).where(eq(memberCourses.userId, userId)).run()
  } else {
    db.insert(memberCourses)
      .values({ userId, courseId: choice.courseId })
      .onConflictDoUpdate({ target: memberCourses.userId, set: { courseId: choice.courseId } })
      .run()
  }
}

/** Moves the members who wrote `text` onto the course; how many moved. */
function moveWritten(db: Database, communityId: number, text: string, course: { id: number; name: string }) {
  const userIds = db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(unmatched(communityId), eq(profiles.course, text)))
    .all()
    .map((row) => row.userId)
  if (userIds.length === 0) return 0
  db.insert(memberCourses)
    .values(userIds.map((userId) => ({ userId, courseId: course.id })))
    .run()
  db.update(profiles).set({ course: course.name }).where(inArray(profiles.userId, userIds)).run()
  return userIds.length
}

/** Moves every member whose written course folds to a course's name onto that course. */
export function matchLegacyCourses(db: Database, communityId: number): number {
  const list = rowsWhere(db, courses, 'communityId', communityId, ['id', 'name', 'foldedName'])
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
    if (text && course) moved += moveWritten(db, communityId, text, course)
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
  if (!course) throw appError('COURSE_NOT_FOUND')
  return { moved: db.transaction(() => moveWritten(db, communityId, text, course)) }
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
  current?: CourseChoice | null,
): CourseChoice {
  if (text === null) return { course: null, courseId: null }
  if (communityId === null) return { course: text, courseId: null }
  const course = db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.communityId, communityId), eq(courses.foldedName, foldName(text))))
    .get()
  if (course) return { course: course.name, courseId: course.id }
  if (current && current.courseId === null && current.course === text) return { course: text, courseId: null }
  const hasList = db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.communityId, communityId))
    .limit(1)
    .get()
  if (hasList) throw appError('COURSE_NOT_IN_LIST')
  return { course: text, courseId: null }
}
