import { EVENT_TABS, type EventTab } from '@shared/event-tabs'

/** The events page's view, kept in the query string (`?aba=passados&q=show`) so a link reproduces it. */
export type EventsSearch = { q: string; tab: EventTab }

export const DEFAULT_EVENT_TAB: EventTab = 'proximos'
/** Mirrors the server's `q` limit, so a hand-edited URL can't make every request fail validation. */
const Q_MAX_LENGTH = 100

const isEventTab = (value: string | null): value is EventTab =>
  value !== null && (EVENT_TABS as readonly string[]).includes(value)

/** Reads `q` and `aba`; anything malformed falls back to no search and 'Próximos'. */
export function parseEventsSearch(search: string): EventsSearch {
  const params = new URLSearchParams(search)
  const tab = params.get('aba')
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX_LENGTH),
    tab: isEventTab(tab) ? tab : DEFAULT_EVENT_TAB,
  }
}

/** Writes the view back into `current` (other parameters kept, defaults left out). No leading '?'. */
export function serializeEventsSearch(value: EventsSearch, current = ''): string {
  const params = new URLSearchParams(current)
  params.delete('q')
  params.delete('aba')
  const q = value.q.trim()
  if (q) params.set('q', q)
  if (value.tab !== DEFAULT_EVENT_TAB) params.set('aba', value.tab)
  return params.toString()
}
