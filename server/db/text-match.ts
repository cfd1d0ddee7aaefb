import type Sqlite from 'better-sqlite3'

/** SQL name of the row-by-row search check (see searchCondition in server/listings/catalog.ts). */
export const TEXT_MATCH_FUNCTION = 'vupt_text_match'

/** Lower case without accents, as the FTS index reads text (trigram, remove_diacritics). */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Registers `vupt_text_match(title, description, words)`: 1 when every word (one per line) is in the
 * title or in the description, ignoring case and accents; the FTS query's rule for one row. Only
 * queries call it, never the schema, so any other SQLite client can still read and write the file.
 */
export function registerTextMatch(sqlite: Sqlite.Database): void {
  let lastWords = ''
  let folded: string[] = []
  sqlite.function(
    TEXT_MATCH_FUNCTION,
    { deterministic: true },
    (title: unknown, description: unknown, words: unknown) => {
      if (typeof words !== 'string') return 0
      if (words !== lastWords) {
        lastWords = words
        folded = words.split('\n').map(foldText)
      }
      const inTitle = foldText(String(title ?? ''))
      const inDescription = foldText(String(description ?? ''))
      return folded.every((word) => inTitle.includes(word) || inDescription.includes(word)) ? 1 : 0
    },
  )
}
