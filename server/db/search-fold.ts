import type Sqlite from 'better-sqlite3'

/**
 * Text as the search index compares it (`trigram remove_diacritics 1`): lower case, without accents, so
 * "cafe" finds "Café". Most listings carry an accent somewhere, so the ASCII test comes after lowering.
 */
export function foldForSearch(text: string): string {
  const lower = text.toLowerCase()
  return /[\u0080-\uffff]/.test(lower) ? lower.replace(/[\u0080-\u{10ffff}]/gu, foldChar) : lower
}

/**
 * Characters folded so far. Folding character by character gives what folding the whole text gives (the
 * decomposition works on each character, and the marks it reorders are all dropped), and the same few
 * accented letters turn up in thousands of listings: remembered, each costs a lookup, not a
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

/** `fold_for_search(text)` in SQL, for the triggers that keep `listings.search_text`. */
export function registerSearchFold(sqlite: Sqlite.Database): void {
  sqlite.function('fold_for_search', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldForSearch(text) : text,
  )
}
