/** tRPC has no transformer: dates arrive as ISO strings. */
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' })

/** '14/03/2026, 10:30' in the viewer's zone; '' for a value that is not a date. */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date)
}

/** '14/03/2026'. */
export function formatDate(value: Date | string): string {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date)
}

/** '14/03', the label under a week's bars. */
export function formatDayMonth(value: Date | string): string {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : dayMonth.format(date)
}

/** The machine-readable value of a <time> element. */
export function isoDateTime(value: Date | string): string | undefined {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** '14/03/2026, 19:30' on the community's clock (an event's time), whatever the viewer's zone. */
export function formatInTimeZone(value: Date | string, timeZone: string): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  try {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date)
  } catch {
    // An unknown zone name throws: the viewer's clock beats a page that fails to render.
    return dateTime.format(date)
  }
}
