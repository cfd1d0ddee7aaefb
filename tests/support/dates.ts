/** A date `days` from today in São Paulo, as the event form's date input sends it. */
export function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date)
}
