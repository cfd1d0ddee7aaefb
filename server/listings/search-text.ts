import { toSingleLine } from '../../shared/schemas/text'

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

/**
 * Text as the index compares it (`trigram remove_diacritics 1`): lower case, without accents, so
 * "cafe" finds "Café". Most listings carry an accent somewhere, so the ASCII test comes after lowering.
 */
export function foldForSearch(text: string): string {
  const lower = text.toLowerCase()
  return /[\u0080-\uffff]/.test(lower) ? lower.replace(/[\u0080-\u{10ffff}]/gu, foldChar) : lower
}

/**
 * Characters folded so far. Folding character by character gives what folding the whole text gives (the
 * decomposition works on each character, and the marks it reorders are all dropped), and a walk folds
 * the same few accented letters in thousands of listings: remembered, each costs a lookup, not a
 * normalization of the whole text. Bounded, for text in many scripts.
 */
const foldedChars = new Map<string, string>()
const FOLDED_CHARS_MAX = 4_096

function foldChar(char: string): string {
  let folded = foldedChars.get(char)
  if (folded === undefined) {
    folded = char.normalize('NFD').replace(/\p{M}/gu, '')
    if (foldedChars.size < FOLDED_CHARS_MAX) foldedChars.set(char, folded)
  }
  return folded
}

/**
 * The same test the FTS query makes, on one listing in hand: every folded word is a substring of the
 * folded title or of the folded description (a term never spans the two, as in the index).
 */
export function hasEveryWord(foldedWords: readonly string[], title: string, description: string): boolean {
  const foldedTitle = foldForSearch(title)
  let foldedDescription: string | null = null
  for (const word of foldedWords) {
    if (foldedTitle.includes(word)) continue
    foldedDescription ??= foldForSearch(description)
    if (!foldedDescription.includes(word)) return false
  }
  return true
}
