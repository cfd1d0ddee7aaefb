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

function searchCondition(db: Database, q: string): SQL {
  const fts = toFtsQuery(q)
  if (!fts) {
    // Shorter than a trigram: a plain substring match on the title.
    const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    return sql`${listings.title} like ${pattern} escape '\\'`
  }
  const matches = sql`select rowid from listings_fts where listings_fts match ${fts}`
  const probe = db.get<{ total: number }>(
    sql`select count(*) as total from (${matches} limit ${LARGE_MATCH_SET})`,
  )
  // A rare word: fetch its few rows by primary key and sort them. A common word ('livro' in 10% of
  // listings): the unary + stops SQLite from driving the query by id, so it walks the sort's partial
  // index and stops at the page size, probing the match set as it goes.
  return probe.total < LARGE_MATCH_SET
    ? sql`${listings.id} in (${matches})`
    : sql`+${listings.id} in (${matches})`
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

export type ListingCard = Awaited<ReturnType<typeof listListings>>['items'][number]

/** One page of public listings: FTS narrows, the sort's partial index orders, the cursor pages. */
export function listListings(db: Database, query: ListingQuery) {
  const conditions: (SQL | undefined)[] = [
    eq(listings.communityId, query.communityId),
    isLiveListing,
    notBlockedWith(query.viewerId, listings.sellerId),
  ]
  if (query.q) conditions.push(searchCondition(db, query.q))
  // By id, so the category's own sort indexes apply (a join on the slug would filter after sorting).
  if (query.mainCategory) {
    conditions.push(
      eq(
        listings.mainCategoryId,
        sql`(select ${mainCategories.id} from ${mainCategories} where ${mainCategories.slug} = ${query.mainCategory})`,
      ),
    )
  }
  if (query.subcategoryId) conditions.push(eq(listings.subcategoryId, query.subcategoryId))
  if (query.condition) conditions.push(eq(listings.condition, query.condition))
  // Spec: the price filter applies only when it narrows something.
  const min = query.minPriceCents ?? 0
  const max = query.maxPriceCents ?? PRICE_FILTER_MAX_CENTS
  if (min > 0) conditions.push(sql`${listings.priceCents} >= ${min}`)
  if (max < PRICE_FILTER_MAX_CENTS) conditions.push(sql`${listings.priceCents} <= ${max}`)

  const key = SORT_KEYS[query.sort]
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  if (cursor) {
    const after = key.asc ? gt : lt
    const value = key.column === listings.createdAt ? new Date(cursor.v) : cursor.v
    conditions.push(
      or(
        after(key.column, value as never),
        and(eq(key.column, value as never), after(listings.id, cursor.id)),
      ),
    )
  }
  const direction = key.asc ? asc : desc
  const rows = selectListingCards(db, query.viewerId)
    .where(and(...conditions))
    .orderBy(direction(key.column), direction(listings.id))
    .limit(query.limit + 1)
    .all()

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
