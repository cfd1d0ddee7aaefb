/**
 * Where a server-rendered page carries the dates it shows, as the server formatted them
 * (client/lib/page-dates.ts). Apart from shared/ssr.ts, which the entry script reads: only the pages
 * that show dates need this.
 */
export const SSR_DATES_ELEMENT_ID = 'vupt-ssr-dates'
