/** A listing's course, disciplines and ISBN: checked against the community's list and kept searchable. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { normalizeIsbn } from '../../shared/isbn'
import { DISCIPLINE_CODE_MAX } from '../../shared/schemas/courses'
import type { Database } from '../db/client'
import { preparedQuery } from '../db/prepared'
import { rowWhere } from '../db/rows'
import { courses, disciplines, listingDisciplines, listings } from '../db/schema'
import { appError } from '../errors'

export type ListingTagsInput = {
  courseId?: number | null | undefined
  disciplineIds?: readonly number[] | undefined
  isbn?: string | null | undefined
}

export type ListingTags = { courseId: number | null; disciplineIds: number[]; isbn: string | null }

/**
 * The tags as stored: the course must be the community's and every discipline the course's (a
 * discipline without its course is refused); the ISBN, already checked by the schema, as 13 digits.
 */
export function resolveListingTags(db: Database, communityId: number, input: ListingTagsInput): ListingTags {
  const disciplineIds = [...new Set(input.disciplineIds ?? [])]
  const courseId = input.courseId ?? null
  const isbn = input.isbn ? normalizeIsbn(input.isbn) : null
  if (input.isbn && !isbn) throw appError('LISTING_COURSE_INVALID')
  if (courseId === null) {
    if (disciplineIds.length > 0) throw appError('LISTING_COURSE_INVALID')
    return { courseId, disciplineIds, isbn }
  }
  const course = rowWhere(db, courses, 'id', courseId, ['communityId'])
  if (course?.communityId !== communityId) throw appError('LISTING_COURSE_INVALID')
  if (disciplineIds.length > 0) {
    const found = db
      .select({ courseId: disciplines.courseId })
      .from(disciplines)
      .where(inArray(disciplines.id, disciplineIds))
      .all()
    if (found.length !== disciplineIds.length || found.some((row) => row.courseId !== courseId)) {
      throw appError('LISTING_COURSE_INVALID')
    }
  }
  return { courseId, disciplineIds, isbn }
}

/** Writes the listing's disciplines and what a search finds of its tags; inside the caller's transaction. */
export function writeListingTags(db: Database, listingId: number, tags: ListingTags) {
  db.delete(listingDisciplines).where(eq(listingDisciplines.listingId, listingId)).run()
  if (tags.disciplineIds.length > 0) {
    db.insert(listingDisciplines)
      .values(tags.disciplineIds.map((disciplineId) => ({ listingId, disciplineId })))
      .run()
  }
  refreshTagText(db, [listingId])
}

/**
 * Rewrites `tag_text` of these listings from their disciplines (name and code) and ISBN, one a line;
 * the triggers then fold it into the search index. Only rows whose text changes are written.
 */
export function refreshTagText(db: Database, listingIds: readonly number[]) {
  if (listingIds.length === 0) return
  const tagText = sql`trim(coalesce((select group_concat(${disciplines.name} || coalesce(char(10) || ${disciplines.code}, ''), char(10))
      from ${listingDisciplines} join ${disciplines} on ${disciplines.id} = ${listingDisciplines.disciplineId}
      where ${listingDisciplines.listingId} = ${listings.id}), '') || coalesce(char(10) || ${listings.isbn}, ''), char(10))`
  db.update(listings)
    .set({ tagText: sql`${tagText}` })
    .where(
      sql`${listings.id} in (select value from json_each(${JSON.stringify(listingIds)})) and ${listings.tagText} is not ${tagText}`,
    )
    .run()
}

const disciplinesWithCode = preparedQuery((db) =>
  db
    .select({ id: disciplines.id })
    .from(disciplines)
    .innerJoin(courses, eq(courses.id, disciplines.courseId))
    .where(
      and(
        eq(courses.communityId, sql.placeholder('communityId')),
        eq(disciplines.code, sql.placeholder('code')),
      ),
    )
    .limit(2)
    .prepare(),
)

/**
 * The discipline of the community whose code a search is, typed in any case ("med101" is MED101): its
 * listings are read by the discipline's index, where the code's trigrams ("101" is in many codes) would
 * make the text search read much of the catalogue. Null when the search has no digit (no lookup for a
 * plain word), or when no code, or more than one, matches.
 */
export function disciplineOfCode(db: Database, communityId: number, search: string): number | null {
  const code = search.trim().toUpperCase()
  if (code.length > DISCIPLINE_CODE_MAX || !/\d/.test(code)) return null
  const found = disciplinesWithCode(db).all({ communityId, code })
  return found.length === 1 ? (found[0]?.id ?? null) : null
}
