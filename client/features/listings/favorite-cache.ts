/**
 * Returns `data` with the card or listing `id` marked (un)favorited. Knows the shapes that hold cards:
 * a card, an array of cards, a page `{ items }`, an infinite list `{ pages }` and a profile `{ listings }`.
 * Unchanged branches keep their identity, so only the queries that hold the listing re-render.
 */
export function withFavorite<T>(data: T, id: number, favorite: boolean): T {
  return patch(data, id, favorite) as T
}

function patch(value: unknown, id: number, favorite: boolean): unknown {
  if (Array.isArray(value)) {
    let changed = false
    const next = value.map((item: unknown) => {
      const patched = patch(item, id, favorite)
      if (patched !== item) changed = true
      return patched
    })
    return changed ? next : value
  }
  if (value === null || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  if (record.id === id && typeof record.isFavorite === 'boolean') {
    return record.isFavorite === favorite ? value : { ...record, isFavorite: favorite }
  }
  // Only the containers of cards are walked: other objects (stats, categories) are left alone.
  let result = record
  for (const key of ['items', 'pages', 'listings'] as const) {
    if (!(key in record)) continue
    const patched = patch(record[key], id, favorite)
    if (patched !== record[key]) result = { ...result, [key]: patched }
  }
  return result
}
