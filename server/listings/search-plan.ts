/** How a search with words is answered: by FTS5's matches when they are few, or by walking the sort order. */
import type { Database } from '../db/client'
import { foldForSearch, ftsQueryOf, searchWords, titleLikePattern } from './search-text'

/**
 * Below this many matches, FTS5 hands them all over and they are fetched and sorted. Beyond it, reading
 * every match costs more than walking the sort order and testing each listing's text: a word in one
 * listing out of 200 turns up about every 200 rows.
 */
const FEW_MATCHES = 5_000

/**
 * How many rows a walk tests. `budget`: the most before FTS5 answers instead, about what reading
 * FEW_MATCHES matches costs; only listings whose words follow the sort order (none of the newest has the
 * word) get this far. `limit`: the most a walk that keeps finding matches tests (see walkForMatches); a
 * page of three common words together, one listing in 500, is about 12,500 rows away. Sorted by the
 * newest outside a category, the walk reads the index alone (it holds the folded text and the filters),
 * a third of what reading each row from the table costs.
 */
export const WALK_ROWS = {
  table: { budget: 4_000, limit: 20_000 },
  index: { budget: 12_000, limit: 40_000 },
}

/**
 * When a walk gives up, the matches are scarce near the page's start. Up to this many, all of them are
 * fetched and sorted (a cost that grows with the matches); beyond it, the sort's index is walked against
 * the match set (a cost that grows with how far the page is).
 */
export const SORTABLE_MATCHES = 20_000

/** The limits above, for tests that build a catalog past them. */
export const SEARCH_LIMITS = {
  fewMatches: FEW_MATCHES,
  walkBudget: WALK_ROWS.table.budget,
  indexWalkBudget: WALK_ROWS.index.budget,
  sortableMatches: SORTABLE_MATCHES,
}

/** The listings whose title or description has every word of an FTS query (the query follows). */
export const FTS_MATCHES = 'select rowid from listings_fts where listings_fts match'

/** How many listings match an FTS query, counting no further than `limit`. */
function countMatches(db: Database, fts: string, limit: number): number {
  const count = db.$client.prepare(`select count(*) from (${FTS_MATCHES} ? limit ${limit})`)
  return count.pluck().get(fts) as number
}

/** The listings matching an FTS query, no more than `limit` of them. */
export function matchingIds(db: Database, fts: string, limit: number): number[] {
  return db.$client.prepare(`${FTS_MATCHES} ? limit ${limit}`).pluck().all(fts) as number[]
}

/**
 * How a search narrows: a LIKE on the title (too short for a trigram); FTS5 for a word with few
 * matches; a walk of the sort order for a common one (`words`: folded), FTS5 again if the walk runs long.
 */
export type SearchPlan =
  | { kind: 'like'; pattern: string }
  | { kind: 'few-matches'; fts: string }
  | { kind: 'many-matches'; fts: string; words: string[] }

export function planSearch(db: Database, q: string): SearchPlan {
  const words = searchWords(q)
  // Shorter than a trigram: a plain substring match on the title.
  if (words.length === 0) return { kind: 'like', pattern: titleLikePattern(q) }
  const fts = ftsQueryOf(words)
  // Each word counted alone: FTS5 stops a common word's count early, but to count several words
  // together it reads every match of each of them, and a few common words together may match too few
  // listings to stop early (three common words: most of a second at a million listings). The listings with
  // every word are no more than those of the rarest one.
  const folded = [...new Set(words.map(foldForSearch))]
  return folded.some((word) => isRare(db, word))
    ? { kind: 'few-matches', fts }
    : { kind: 'many-matches', fts, words: folded }
}

/**
 * Whether fewer than FEW_MATCHES listings have a folded word, remembered for a while: the plan decides how
 * fast a page comes, never what it holds, and how common a word is moves slowly. Counting each of three
 * common words took a third of such a search. Per connection (a test's database is another catalogue),
 * and bounded.
 */
const rarity = new WeakMap<Database, Map<string, { rare: boolean; until: number }>>()
const RARITY_TTL_MS = 10 * 60_000
const RARITY_MAX_WORDS = 10_000

function isRare(db: Database, word: string): boolean {
  let words = rarity.get(db)
  if (!words) {
    words = new Map()
    rarity.set(db, words)
  }
  const now = Date.now()
  const known = words.get(word)
  if (known && known.until > now) return known.rare
  const rare = countMatches(db, ftsQueryOf([word]), FEW_MATCHES) < FEW_MATCHES
  if (words.size >= RARITY_MAX_WORDS) words.clear()
  words.set(word, { rare, until: now + RARITY_TTL_MS })
  return rare
}
