import { and, asc, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { ListingCondition, MainCategorySlug } from '../../shared/domain'
import { isbnOfSearch } from '../../shared/isbn'
import type { ListingSort } from '../../shared/schemas/listing'
import { PRICE_FILTER_MAX_CENTS } from '../../shared/schemas/listing'
import { disciplineOfCode } from '../courses/tags'
import type { Database } from '../db/client'
import { rowReader } from '../db/row-reader'
import { listingDisciplines, listings, mainCategories } from '../db/schema'
import { notBlockedWith } from '../safety/blocks'
import { CARD_DECODERS, cardColumns } from './card'
import {
  FTS_MATCHES,
  matchingIds,
  planSearch,
  type SearchPlan,
  SORTABLE_MATCHES,
  WALK_ROWS,
} from './search-plan'
import { isLiveListing, selectCardFields } from './visibility'

export type ListingQuery = {
  communityId: number
  q?: string | undefined
  mainCategory?: MainCategorySlug | undefined
  subcategoryId?: number | undefined
  condition?: ListingCondition | undefined
  courseId?: number | undefined
  disciplineId?: number | undefined
  minPriceCents?: number | undefined
  maxPriceCents?: number | undefined
  sort: ListingSort
  limit: number
  cursor?: string | null | undefined
  viewerId?: number | null | undefined
}

type SortKey = {
  column: typeof listings.listedAt | typeof listings.vuptsCount | typeof listings.priceCents
  asc: boolean
}
const SORT_KEYS: Record<ListingSort, SortKey> = {
  recent: { column: listings.listedAt, asc: false },
  vupts: { column: listings.vuptsCount, asc: false },
  'price-asc': { column: listings.priceCents, asc: true },
  'price-desc': { column: listings.priceCents, asc: false },
}

type Cursor = { v: number; id: number }
export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url')
function decodeCursor(value: string): Cursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>
    return typeof parsed.v === 'number' && typeof parsed.id === 'number'
      ? { v: parsed.v, id: parsed.id }
      : null
  } catch {
    return null
  }
}

/**
 * Which parts a page's query has. Each shape is built by Drizzle once per connection and then run
 * with its values as placeholders: building the SQL cost as much as running it. `ids` narrows to a list
 * of listings in hand.
 */
type QueryShape = {
  search: SearchPlan['kind'] | 'ids' | null
  mainCategory: boolean
  subcategory: boolean
  condition: boolean
  course: boolean
  discipline: boolean
  minPrice: boolean
  maxPrice: boolean
  sort: ListingSort
  cursor: boolean
  viewer: boolean
}

const param = (name: string) => sql.placeholder(name)

const ftsMatches = () => sql`${sql.raw(FTS_MATCHES)} ${param('fts')}`

function searchCondition(search: QueryShape['search']): SQL | undefined {
  switch (search) {
    case 'like':
      // The title as the index folds it (the first line of search_text), so "ca" finds "Café" as "cafe" does.
      return sql`substr(${listings.searchText}, 1, instr(${listings.searchText}, char(10)) - 1) like ${param('pattern')} escape '\\'`
    // A rare word, the listings a walk found, or the matches read when it gave up: fetch the rows by
    // primary key and sort them.
    case 'few-matches':
      return sql`${listings.id} in (${ftsMatches()})`
    case 'ids':
      return sql`${listings.id} in (select value from json_each(${param('ids')}))`
    // The unary + stops SQLite from driving the query by id, so it walks the sort's partial index and
    // stops at the page size, probing the match set as it goes.
    case 'many-matches':
      return sql`+${listings.id} in (${ftsMatches()})`
    case null:
      return undefined
  }
}

/** Everything a page asks of a listing but its search, and the order its sort walks. */
function pageFilters(shape: QueryShape, viewer: Placeholder | null) {
  const conditions: (SQL | undefined)[] = [
    eq(listings.communityId, param('communityId')),
    isLiveListing,
    notBlockedWith(viewer, listings.sellerId),
  ]
  // By id, so the category's own sort indexes apply (a join on the slug would filter after sorting).
  if (shape.mainCategory) {
    conditions.push(
      eq(
        listings.mainCategoryId,
        sql`(select ${mainCategories.id} from ${mainCategories} where ${mainCategories.slug} = ${param('mainCategory')})`,
      ),
    )
  }
  if (shape.subcategory) conditions.push(eq(listings.subcategoryId, param('subcategoryId')))
  if (shape.condition) conditions.push(eq(listings.condition, param('condition')))
  // Like a category: the course's own sort indexes (listings_public_course_*).
  if (shape.course) conditions.push(eq(listings.courseId, param('courseId')))
  // A discipline holds few listings: they are read by its index and sorted.
  if (shape.discipline) {
    conditions.push(
      sql`${listings.id} in (select ${listingDisciplines.listingId} from ${listingDisciplines}
        where ${listingDisciplines.disciplineId} = ${param('disciplineId')})`,
    )
  }
  const key = SORT_KEYS[shape.sort]
  // A price bound the index may use is written bare; one it must not is checked on each row instead
  // (the unary + forbids the index). Sorted by anything but price, an indexable range would make SQLite
  // read the whole range by price and sort it. Sorted by price, the cursor is the tighter bound on its
  // side, and SQLite seeks by one bound per side: given the range's, it read every row from there to
  // the cursor.
  const priceBound = (cursorSide: boolean) =>
    key.column === listings.priceCents && !(shape.cursor && cursorSide)
      ? sql`${listings.priceCents}`
      : sql`+${listings.priceCents}`
  if (shape.minPrice) conditions.push(sql`${priceBound(key.asc)} >= ${param('minPriceCents')}`)
  if (shape.maxPrice) conditions.push(sql`${priceBound(!key.asc)} <= ${param('maxPriceCents')}`)
  if (shape.cursor) {
    // A row value, which SQLite seeks to in the sort's index. Written as "key < v or (key = v and id < c)",
    // the same condition made SQLite read every row before the cursor again: a deeper page cost more.
    const after = sql.raw(key.asc ? '>' : '<')
    conditions.push(
      sql`(${key.column}, ${listings.id}) ${after} (${param('cursorValue')}, ${param('cursorId')})`,
    )
  }
  const direction = key.asc ? asc : desc
  return { conditions, key, order: [direction(key.column), direction(listings.id)] }
}

/** A page's statement, and the reader of its raw rows built from the same select list. */
function buildPage(db: Database, shape: QueryShape) {
  const viewer = shape.viewer ? param('viewerId') : null
  const { conditions, key, order } = pageFilters(shape, viewer)
  // The sort key as stored (listed_at in milliseconds), for the next page's cursor; not on the card.
  const fields = { ...cardColumns(viewer), sortValue: sql<number>`${key.column}` }
  const statement = selectCardFields(db, fields)
    .where(and(...conditions, searchCondition(shape.search)))
    .orderBy(...order)
    .limit(param('limit'))
    .prepare()
  const read = rowReader<ReturnType<typeof statement.all>[number]>(fields, CARD_DECODERS)
  return { statement, read }
}

/** Whether a walk finds all it tests in the newest-first index (see listings_public_recent_idx). */
function readsIndexAlone(shape: QueryShape): boolean {
  return (
    shape.sort === 'recent' && !shape.mainCategory && !shape.subcategory && !shape.course && !shape.discipline
  )
}

/** A walk's shape: a page's, with how many words each listing's folded text must hold. */
type WalkShape = QueryShape & { words: number }

/**
 * Every one of `count` folded words (placeholders w0, w1, …) is in the listing's folded text: 1 or 0.
 * A CASE, because an AND that computes a value runs every instr even after one fails; most rows a walk
 * tests lack the first word, so each usually costs one instr instead of one per word.
 */
export function hasEveryWord(count: number): SQL {
  const missing = Array.from(
    { length: count },
    (_, n) => sql`when instr(${listings.searchText}, ${param(`w${n}`)}) = 0 then 0`,
  )
  return sql`case ${sql.join(missing, sql` `)} else 1 end`
}

/**
 * Of the next `limit` rows a walk tests, in the page's order, those with every word: id and the sort key.
 * Only the matches leave SQLite; handing over every row tested cost twice what testing them did.
 */
function buildWalkMatches(db: Database, shape: WalkShape) {
  const { conditions, key, order } = pageFilters(shape, shape.viewer ? param('viewerId') : null)
  const walked = db
    .select({
      id: listings.id,
      sortValue: sql<number>`${key.column}`.as('sort_value'),
      matches: hasEveryWord(shape.words).as('matches'),
    })
    .from(listings)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(param('limit'))
    .as('walked')
  const direction = key.asc ? asc : desc
  return db
    .select({ id: walked.id, sortValue: walked.sortValue })
    .from(walked)
    .where(sql`${walked.matches}`)
    .orderBy(direction(walked.sortValue), direction(walked.id))
    .prepare()
}

/** The last of the next `limit` rows a walk tests (`offset` is limit - 1), where the next step starts. */
function buildWalkEnd(db: Database, shape: QueryShape) {
  const { conditions, key, order } = pageFilters(shape, shape.viewer ? param('viewerId') : null)
  return db
    .select({ id: listings.id, sortValue: key.column })
    .from(listings)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(1)
    .offset(param('offset'))
    .prepare()
}

/** `build` made once per connection and shape, then reused. */
function perShape<Shape extends QueryShape, Statement>(build: (db: Database, shape: Shape) => Statement) {
  const byConnection = new WeakMap<Database, Map<string, Statement>>()
  return (db: Database, shape: Shape): Statement => {
    let statements = byConnection.get(db)
    if (!statements) {
      statements = new Map()
      byConnection.set(db, statements)
    }
    const key = JSON.stringify(shape)
    let statement = statements.get(key)
    if (!statement) {
      statement = build(db, shape)
      statements.set(key, statement)
    }
    return statement
  }
}

const pageStatement = perShape(buildPage)
const walkMatchesStatement = perShape(buildWalkMatches)
const walkEndStatement = perShape(buildWalkEnd)

type PageValues = Record<string, string | number | null>
type WalkRow = [id: number, sortValue: number]

/**
 * The ids of the next `wanted` listings of a page whose text has every word: walks the sort order from
 * the page's cursor in growing steps, testing each listing's folded text as FTS5 would. Past its budget
 * (WALK_ROWS) it goes on only while the matches found so far promise the page within its limit; null
 * when it gives up.
 */
function walkForMatches(
  db: Database,
  shape: QueryShape,
  values: PageValues,
  words: string[],
  wanted: number,
) {
  const found: number[] = []
  let cursorValue = values.cursorValue ?? null
  let cursorId = values.cursorId ?? null
  let walked = 0
  let step = 64
  const { budget, limit } = readsIndexAlone(shape) ? WALK_ROWS.index : WALK_ROWS.table
  const wordValues = Object.fromEntries(words.map((word, n) => [`w${n}`, word]))
  for (;;) {
    const stepShape = { ...shape, search: null, cursor: cursorId !== null }
    // Raw rows: the sort key as stored (listed_at in milliseconds), as the cursor keeps it.
    const at = { ...values, ...wordValues, cursorValue, cursorId, limit: step, offset: step - 1 }
    const matches = walkMatchesStatement(db, { ...stepShape, words: words.length }).values(at) as WalkRow[]
    for (const [id] of matches) {
      found.push(id)
      if (found.length === wanted) return found
    }
    const last = (walkEndStatement(db, stepShape).values(at) as WalkRow[])[0]
    // Fewer rows than the step: the walk reached the end of the list.
    if (!last) return found
    walked += step
    cursorId = last[0]
    cursorValue = last[1]
    if (walked < budget) {
      step = Math.min(step * 4, budget - walked)
      continue
    }
    // Several common words together can be scarce and still spread evenly (one listing in 500 has
    // three of them): the walk finds them at a steady pace, where FTS5 would read every match of
    // each word. Matches only further on (none so far) are left to FTS5.
    if (found.length === 0) return null
    const remaining = Math.ceil(((wanted - found.length) * walked) / found.length)
    if (walked + remaining > limit) return null
    // A little past the pace, so a page rarely needs one more step.
    step = Math.min(Math.ceil(remaining * 1.25) + 64, limit - walked)
  }
}

export type ListingCard = Awaited<ReturnType<typeof listListings>>['items'][number]

/**
 * One page of public listings: the sort's partial index orders and the cursor pages. A search narrows
 * by FTS5, or, for a common word, by testing the text of each listing the sort walks through.
 */
export function listListings(db: Database, query: ListingQuery) {
  // An ISBN, typed with hyphens or without, ISBN-10 or 13, is looked for as the 13 digits a listing's
  // tags keep (see refreshTagText).
  const isbn = query.q ? isbnOfSearch(query.q) : null
  // A search that is one of the community's discipline codes lists that discipline's listings.
  const codeOf =
    query.q && !isbn && !query.disciplineId ? disciplineOfCode(db, query.communityId, query.q) : null
  if (codeOf) return listListings(db, { ...query, q: undefined, disciplineId: codeOf })
  const q = query.q ? (isbn ?? query.q) : undefined
  const search = q ? planSearch(db, q) : null
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  // Spec: the price filter applies only when it narrows something.
  const min = query.minPriceCents ?? 0
  const max = query.maxPriceCents ?? PRICE_FILTER_MAX_CENTS
  const shape: QueryShape = {
    search: search?.kind ?? null,
    mainCategory: query.mainCategory !== undefined,
    subcategory: Boolean(query.subcategoryId),
    condition: query.condition !== undefined,
    course: Boolean(query.courseId),
    discipline: Boolean(query.disciplineId),
    minPrice: min > 0,
    maxPrice: max < PRICE_FILTER_MAX_CENTS,
    sort: query.sort,
    cursor: cursor !== null,
    viewer: Boolean(query.viewerId),
  }
  // Placeholder values reach SQLite as they are: listed_at is stored in milliseconds, as the cursor keeps it.
  const values: PageValues = {
    communityId: query.communityId,
    viewerId: query.viewerId ?? null,
    pattern: search?.kind === 'like' ? search.pattern : null,
    fts: search && search.kind !== 'like' ? search.fts : null,
    ids: null,
    mainCategory: query.mainCategory ?? null,
    subcategoryId: query.subcategoryId ?? null,
    condition: query.condition ?? null,
    courseId: query.courseId ?? null,
    disciplineId: query.disciplineId ?? null,
    minPriceCents: min,
    maxPriceCents: max,
    cursorValue: cursor?.v ?? null,
    cursorId: cursor?.id ?? null,
    limit: query.limit + 1,
  }
  if (search?.kind === 'many-matches') {
    const found = walkForMatches(db, shape, values, search.words, query.limit + 1)
    // The walk already applied the cursor; the page only fetches and orders what it found.
    if (found) {
      shape.search = 'ids'
      shape.cursor = false
      values.ids = JSON.stringify(found)
    } else {
      // Read once: counting the matches and then fetching them would read them twice.
      const matches = matchingIds(db, search.fts, SORTABLE_MATCHES)
      if (matches.length < SORTABLE_MATCHES) {
        shape.search = 'ids'
        values.ids = JSON.stringify(matches)
      }
    }
  }
  const page = pageStatement(db, shape)
  const rows = page.read(page.statement.values(values))

  const last = rows[query.limit - 1]
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ v: last.sortValue, id: last.id }) : null
  const items = rows.slice(0, query.limit).map(({ sortValue: _, ...card }) => card)
  return { items, nextCursor }
}
