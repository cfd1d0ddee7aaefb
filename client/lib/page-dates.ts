import { SSR_DATES_ELEMENT_ID } from '@shared/ssr-dates'

/**
 * The dates a server-rendered page shows, as the server wrote them, keyed by style, zone and instant
 * (client/lib/dates.ts makes the keys). The browser hydrates from them: a page's first
 * Intl.DateTimeFormat loads the locale's data in one long task, right when the page should start
 * answering taps. Later pages build their formatters as usual.
 */
export type DateRecord = Record<string, string>

let pageDates: DateRecord | undefined
let renderRecord: (() => DateRecord | undefined) | undefined

/** On the server: where each request's render writes down the dates it formats. */
export function recordDatesIn(source: () => DateRecord | undefined): void {
  renderRecord = source
}

/** The dates the page came with (read once, when the first date is shown). */
function broughtDates(): DateRecord {
  if (!pageDates) {
    const element = typeof document === 'undefined' ? null : document.getElementById(SSR_DATES_ELEMENT_ID)
    pageDates = element?.textContent ? (JSON.parse(element.textContent) as DateRecord) : {}
  }
  return pageDates
}

export function pageDate(key: string): string | undefined {
  const dates = broughtDates()
  return Object.hasOwn(dates, key) ? dates[key] : undefined
}

export function recordPageDate(key: string, text: string): void {
  const record = renderRecord?.()
  if (record) record[key] = text
}

/** Tests: the dates a page brought, in place of the page's element. */
export function rememberPageDates(dates: DateRecord): void {
  pageDates = dates
}
