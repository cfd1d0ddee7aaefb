/** A community's semester calendar: the default one, the admins' edits, and which semester is when. */
import { TZDate } from '@date-fns/tz'
import { and, desc, eq, gte, lte, ne } from 'drizzle-orm'
import type { SemesterInput } from '../../shared/schemas/semesters'
import { zonedLocalToUtc } from '../../shared/time'
import type { Database } from '../db/client'
import { isConstraintError } from '../db/errors'
import { rowsWhere } from '../db/rows'
import { communities, semesters } from '../db/schema'
import { appError } from '../errors'

export const DAY_MS = 24 * 60 * 60 * 1000
/** The re-verification notice goes out this long before a semester starts… */
export const REVERIFY_NOTICE_MS = 14 * DAY_MS
/** …and whoever has not confirmed this long after the start (or after their notice) becomes an egresso. */
export const REVERIFY_GRACE_MS = 14 * DAY_MS

export type Semester = typeof semesters.$inferSelect

/** 'YYYY-MM-DD' of `now` in the time zone. */
export function calendarDayIn(now: Date, timeZone: string): string {
  const zoned = new TZDate(now.getTime(), timeZone)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`
}

/** The instant a semester starts: midnight of its first day, on campus. */
export const semesterStart = (semester: Pick<Semester, 'startsOn'>, timeZone: string) =>
  zonedLocalToUtc(semester.startsOn, '00:00', timeZone)

/** A day's end on campus: midnight of the next day. */
export function endOfDay(day: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
  return zonedLocalToUtc(next, '00:00', timeZone)
}

/**
 * The default calendar: two semesters a year, February to July and August to January, so that every
 * day falls in one (the holidays count with the semester before them). From the semester holding
 * `today`, `years` years of them.
 */
export function defaultCalendar(today: string, years = 5): SemesterInput[] {
  const [year = 2026, month = 1] = today.split('-').map(Number)
  let current = month >= 8 ? { year, half: 2 } : month === 1 ? { year: year - 1, half: 2 } : { year, half: 1 }
  const calendar: SemesterInput[] = []
  for (let n = 0; n < years * 2; n++) {
    const { year: y, half } = current
    calendar.push(
      half === 1
        ? { name: `${y}/1`, startsOn: `${y}-02-01`, endsOn: `${y}-07-31` }
        : { name: `${y}/2`, startsOn: `${y}-08-01`, endsOn: `${y + 1}-01-31` },
    )
    current = half === 1 ? { year: y, half: 2 } : { year: y + 1, half: 1 }
  }
  return calendar
}

/**
 * At start: a community with no semester at all gets the default calendar, from the semester holding
 * today on its campus. A fresh install (and the demo data) starts inside a semester, and the members who
 * sign up confirm their address then, so nobody owes a confirmation.
 */
export function seedCalendars(db: Database, now = new Date()): void {
  db.transaction((tx) => {
    for (const community of tx.select().from(communities).all()) {
      const any = tx
        .select({ id: semesters.id })
        .from(semesters)
        .where(eq(semesters.communityId, community.id))
        .limit(1)
        .get()
      if (any) continue
      const calendar = defaultCalendar(calendarDayIn(now, community.timeZone))
      tx.insert(semesters)
        .values(calendar.map((semester) => ({ ...semester, communityId: community.id })))
        .run()
    }
  })
}

/** The Semestres section: the community's calendar in order. */
export function listSemesters(db: Database, communityId: number) {
  return rowsWhere(
    db,
    semesters,
    'communityId',
    communityId,
    ['id', 'name', 'startsOn', 'endsOn'],
    ['startsOn'],
  )
}

/** Two semesters of one community never share a day. */
function assertNoOverlap(db: Database, communityId: number, input: SemesterInput, exceptId?: number) {
  const clash = db
    .select({ id: semesters.id })
    .from(semesters)
    .where(
      and(
        eq(semesters.communityId, communityId),
        lte(semesters.startsOn, input.endsOn),
        gte(semesters.endsOn, input.startsOn),
        exceptId === undefined ? undefined : ne(semesters.id, exceptId),
      ),
    )
    .get()
  if (clash) throw appError('SEMESTER_OVERLAPS')
}

function writeSemester(write: () => { id: number } | undefined) {
  try {
    return write()
  } catch (error) {
    // Two admins saving the same start at once.
    if (isConstraintError(error, 'SQLITE_CONSTRAINT_UNIQUE', 'semesters')) {
      throw appError('SEMESTER_OVERLAPS')
    }
    throw error
  }
}

export function createSemester(db: Database, communityId: number, input: SemesterInput) {
  assertNoOverlap(db, communityId, input)
  return writeSemester(() =>
    db
      .insert(semesters)
      .values({ ...input, communityId })
      .returning({ id: semesters.id })
      .get(),
  )
}

export function updateSemester(db: Database, communityId: number, id: number, input: SemesterInput) {
  assertNoOverlap(db, communityId, input, id)
  const updated = writeSemester(() =>
    db
      .update(semesters)
      .set(input)
      .where(and(eq(semesters.id, id), eq(semesters.communityId, communityId)))
      .returning({ id: semesters.id })
      .get(),
  )
  if (!updated) throw appError('SEMESTER_NOT_FOUND')
  return updated
}

/** Removes a semester and, with it, its re-verification notices and extensions. */
export function deleteSemester(db: Database, communityId: number, id: number): void {
  const removed = db
    .delete(semesters)
    .where(and(eq(semesters.id, id), eq(semesters.communityId, communityId)))
    .run()
  if (removed.changes === 0) throw appError('SEMESTER_NOT_FOUND')
}

/** The latest semester of the community starting on or before `startsBy` and ending on or after `endsFrom`. */
function latestSemesterWithin(db: Database, communityId: number, startsBy: string, endsFrom: string) {
  return db
    .select()
    .from(semesters)
    .where(
      and(
        eq(semesters.communityId, communityId),
        lte(semesters.startsOn, startsBy),
        gte(semesters.endsOn, endsFrom),
      ),
    )
    .orderBy(desc(semesters.startsOn))
    .get()
}

/** The semester holding `now` on campus, if any. */
export function currentSemester(db: Database, communityId: number, timeZone: string, now = new Date()) {
  const today = calendarDayIn(now, timeZone)
  return latestSemesterWithin(db, communityId, today, today)
}

/**
 * The semester members confirm their address for now: the latest one whose notice has gone out (two
 * weeks before its start) and which has not ended.
 */
export function reverificationSemester(
  db: Database,
  communityId: number,
  timeZone: string,
  now = new Date(),
): Semester | undefined {
  const today = calendarDayIn(now, timeZone)
  const noticeDay = calendarDayIn(new Date(now.getTime() + REVERIFY_NOTICE_MS), timeZone)
  const semester = latestSemesterWithin(db, communityId, noticeDay, today)
  // The day boundary above is a calendar day; the notice is due from the exact instant.
  if (!semester || semesterStart(semester, timeZone).getTime() - REVERIFY_NOTICE_MS > now.getTime()) {
    return undefined
  }
  return semester
}
