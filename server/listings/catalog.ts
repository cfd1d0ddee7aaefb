import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { ListingCondition, MainCategorySlug } from '../../shared/domain'
import type { ListingSort } from '../../shared/schemas/listing'
import { PRICE_FILTER_MAX_CENTS } from '../../shared/schemas/listing'
import { toSingleLine } from '../../shared/schemas/text'
import type { Database } from '../db/client'
import { listingImages, listings, mainCategories } from '../db/schema'
import { TEXT_MATCH_FUNCTION } from '../db/text-match'
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
  const words = searchWords(text)
  if (words.length === 0) return null
  return words.map((word) => `"${word}"`).join(' ')
}

/** The words of a search that count: three characters or more, without quotes. */
function searchWords(text: string): string[] {
  return toSingleLine(text)
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ''))
    .filter((word) => [...word].length >= 3)
}

/**
 * Below this many matches, the matches are fetched by id and sorted; from here on, walking the sort's
 * index and checking each listing's text is cheaper, because a word this common fills a page within a
 * few thousand listings, while collecting all of its matches costs in proportion to their number (a
 * common word is in one listing of ten: a hundred thousand matches in a million listings).
 */
const COMMON_WORD_MATCHES = 5_000

function searchCondition(db: Database, q: string): SQL {
  const fts = toFtsQuery(q)
  if (!fts) {
    // Shorter than a trigram: a plain substring match on the title.
    const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    return sql`${listings.title} like ${pattern} escape '\\'`
  }
  const matches = sql`select rowid from listings_fts where listings_fts match ${fts}`
  const probe = db.get<{ total: number }>(
    sql`select count(*) as total from (${matches} limit ${COMMON_WORD_MATCHES})`,
  )
  if (probe.total < COMMON_WORD_MATCHES) return sql`${listings.id} in (${matches})`
  // The same rule as the FTS query (every word a substring of the title or the description, ignoring
  // case and accents), checked row by row as the sort's index is walked.
  return sql`${sql.raw(TEXT_MATCH_FUNCTION)}(${listings.title}, ${listings.description}, ${searchWords(q).join('\n')})`
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
