import { toSingleLine } from '../../shared/schemas/text'

import { foldForSearch } from '../db/search-fold'

export { foldForSearch }

/**
 * The words a search requires: each of three or more characters (the trigram index cannot look up
 * shorter ones). Control characters go first: FTS5 reads a NUL as the end of the query.
 */
export function searchWords(text: string): string[] {
  return toSingleLine(text)
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ''))
    .filter((word) => [...word].length >= 3)
}

/** The FTS5 query for search words: each a quoted substring term, all required. */
export function ftsQueryOf(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(' ')
}

/** The FTS5 query for free text; null when no word is long enough. */
export function toFtsQuery(text: string): string | null {
  const words = searchWords(text)
  return words.length === 0 ? null : ftsQueryOf(words)
}

/** A LIKE pattern for a search too short for a trigram: the text folded (accents off), % and _ literal. */
export function titleLikePattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
