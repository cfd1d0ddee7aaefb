import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { ListingCondition, MainCategorySlug } from '../../shared/domain'
import type { ListingSort } from '../../shared/schemas/listing'
import { PRICE_FILTER_MAX_CENTS } from '../../shared/schemas/listing'
import { toSingleLine } from '../../shared/schemas/text'
import type { Database } from '../db/client'
import { listingImages, listings, mainCategories } from '../db/schema'
import { notBlockedWith } from '../safety/blocks'
import { isLiveListing, selectListingCards } from './visibility'

export type ListingQuery = {
  communityId: number
  q?: string | undefined
  mainCategory?: MainCategorySlug | undefined
  subcategoryId?: number | undefined
  condition?: ListingCondition | undefined
  minPriceCents?: number | undefined
  maxPriceCents?: number | undefined
  sort: ListingSort
  limit: number
  cursor?: string | null | undefined
  viewerId?: number | null | undefined
}

/**
 * Turns free text into an FTS5 query: each word of three or more characters becomes a quoted
 * substring term (trigram tokenizer), all required. Null when no word is long enough. Control
 * characters go first: FTS5 reads a NUL as the end of the query ('unterminated string').
 */
export function toFtsQuery(text: string): string | null {
  const words = toSingleLine(text)
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ''))
    .filter((word) => [...word].length >= 3)
  if (words.length === 0) return null
  return words.map((word) => `"${word}"`).join(' ')
}

/** Above this many matches, walking the sort's index beats sorting every match. */
const LARGE_MATCH_SET = 500

/** The listings whose title or description has every word of an FTS query (the query follows). */
const FTS_MATCHES = 'select rowid from listings_fts where listings_fts match'

/** How a search narrows: a LIKE on the title (too short for a trigram), or FTS with few or many matches. */
type SearchPlan = { kind: 'like'; pattern: string } | { kind: 'few-matches' | 'many-matches'; fts: string }

function planSearch(db: Database, q: string): SearchPlan {
  const fts = toFtsQuery(q)
  // Shorter than a trigram: a plain substring match on the title.
  if (!fts) return { kind: 'like', pattern: `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` }
  const probe = db.$client.prepare(`select count(*) from (${FTS_MATCHES} ? limit ${LARGE_MATCH_SET})`)
  const matches = probe.pluck().get(fts) as number
  return { kind: matches < LARGE_MATCH_SET ? 'few-matches' : 'many-matches', fts }
}

type SortKey = {
  column: typeof listings.createdAt | typeof listings.vuptsCount | typeof listings.priceCents
  asc: boolean
}
const SORT_KEYS: Record<ListingSort, SortKey> = {
  recent: { column: listings.createdAt, asc: false },
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
 * with its values as placeholders: building the SQL cost as much as running it.
 */
type QueryShape = {
  search: SearchPlan['kind'] | null
  mainCategory: boolean
  subcategory: boolean
  condition: boolean
  minPrice: boolean
  maxPrice: boolean
  sort: ListingSort
  cursor: boolean
  viewer: boolean
}

const param = (name: string) => sql.placeholder(name)

function buildPage(db: Database, shape: QueryShape) {
  const viewer = shape.viewer ? param('viewerId') : null
  const conditions: (SQL | undefined)[] = [
    eq(listings.communityId, param('communityId')),
    isLiveListing,
    notBlockedWith(viewer, listings.sellerId),
  ]
  if (shape.search === 'like') {
    conditions.push(sql`${listings.title} like ${param('pattern')} escape '\\'`)
  } else if (shape.search) {
    const matches = sql`${sql.raw(FTS_MATCHES)} ${param('fts')}`
    // A rare word: fetch its few rows by primary key and sort them. A common word ('livro' in 10% of
    // listings): the unary + stops SQLite from driving the query by id, so it walks the sort's partial
    // index and stops at the page size, probing the match set as it goes.
    conditions.push(
      shape.search === 'few-matches'
        ? sql`${listings.id} in (${matches})`
        : sql`+${listings.id} in (${matches})`,
    )
  }
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
  const key = SORT_KEYS[shape.sort]
  // Sorted by anything but price, the price range is checked on each row of the sort's index: left
  // indexable (the unary + forbids it), SQLite would read the whole range by price and sort it.
  const price =
    key.column === listings.priceCents ? sql`${listings.priceCents}` : sql`+${listings.priceCents}`
  if (shape.minPrice) conditions.push(sql`${price} >= ${param('minPriceCents')}`)
  if (shape.maxPrice) conditions.push(sql`${price} <= ${param('maxPriceCents')}`)
  if (shape.cursor) {
    const after = key.asc ? gt : lt
    conditions.push(
      or(
        after(key.column, param('cursorValue')),
        and(eq(key.column, param('cursorValue')), after(listings.id, param('cursorId'))),
      ),
    )
  }
  const direction = key.asc ? asc : desc
  return selectListingCards(db, viewer)
    .where(and(...conditions))
    .orderBy(direction(key.column), direction(listings.id))
    .limit(param('limit'))
    .prepare()
}

type PreparedPage = ReturnType<typeof buildPage>
const preparedPages = new WeakMap<Database, Map<string, PreparedPage>>()

function preparedPage(db: Database, shape: QueryShape): PreparedPage {
  let shapes = preparedPages.get(db)
  if (!shapes) {
    shapes = new Map()
    preparedPages.set(db, shapes)
  }
  const key = JSON.stringify(shape)
  let page = shapes.get(key)
  if (!page) {
    page = buildPage(db, shape)
    shapes.set(key, page)
  }
  return page
}

export type ListingCard = Awaited<ReturnType<typeof listListings>>['items'][number]

/** One page of public listings: FTS narrows, the sort's partial index orders, the cursor pages. */
export function listListings(db: Database, query: ListingQuery) {
  const search = query.q ? planSearch(db, query.q) : null
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  // Spec: the price filter applies only when it narrows something.
  const min = query.minPriceCents ?? 0
  const max = query.maxPriceCents ?? PRICE_FILTER_MAX_CENTS
  const page = preparedPage(db, {
    search: search?.kind ?? null,
    mainCategory: query.mainCategory !== undefined,
    subcategory: Boolean(query.subcategoryId),
    condition: query.condition !== undefined,
    minPrice: min > 0,
    maxPrice: max < PRICE_FILTER_MAX_CENTS,
    sort: query.sort,
    cursor: cursor !== null,
    viewer: Boolean(query.viewerId),
  })
  // Placeholder values reach SQLite as they are: created_at is stored in milliseconds, as the cursor keeps it.
  const rows = page.all({
    communityId: query.communityId,
    viewerId: query.viewerId ?? null,
    pattern: search?.kind === 'like' ? search.pattern : null,
    fts: search && search.kind !== 'like' ? search.fts : null,
    mainCategory: query.mainCategory ?? null,
    subcategoryId: query.subcategoryId ?? null,
    condition: query.condition ?? null,
    minPriceCents: min,
    maxPriceCents: max,
    cursorValue: cursor?.v ?? null,
    cursorId: cursor?.id ?? null,
    limit: query.limit + 1,
  })

  const items = rows.slice(0, query.limit)
  const last = items.at(-1)
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          v:
            query.sort === 'recent'
              ? last.createdAt.getTime()
              : query.sort === 'vupts'
                ? last.vuptsCount
                : last.priceCents,
          id: last.id,
        })
      : null
  return { items, nextCursor }
}

export function imagesOf(db: Database, listingIds: number[]) {
  if (listingIds.length === 0) return []
  return db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.listingId, listingIds))
    .orderBy(asc(listingImages.listingId), asc(listingImages.position))
    .all()
}
