/**
 * ISBN-10 and ISBN-13 as printed or typed (hyphens and spaces anywhere, a final X in an ISBN-10):
 * the check digit is verified as the standard defines it, and the ISBN comes back as its 13 digits.
 * Hyphenation needs the registration ranges, which live on the server (server/listings/isbn.ts).
 */
export function normalizeIsbn(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase()
  if (/^\d{9}[\dX]$/.test(compact)) {
    let sum = 0
    for (let n = 0; n < 10; n++) {
      const char = compact[n] as string
      sum += (char === 'X' ? 10 : Number(char)) * (10 - n)
    }
    if (sum % 11 !== 0) return null
    const body = `978${compact.slice(0, 9)}`
    return `${body}${isbn13CheckDigit(body)}`
  }
  if (/^97[89]\d{10}$/.test(compact)) {
    return isbn13CheckDigit(compact.slice(0, 12)) === compact[12] ? compact : null
  }
  return null
}

function isbn13CheckDigit(first12: string): string {
  let sum = 0
  for (let n = 0; n < 12; n++) sum += Number(first12[n]) * (n % 2 === 0 ? 1 : 3)
  return String((10 - (sum % 10)) % 10)
}

/** Whether a search is an ISBN and nothing else (hyphens and spaces allowed). */
export const isbnOfSearch = (q: string): string | null =>
  /^[\d\s-]+[\dXx]$/.test(q.trim()) ? normalizeIsbn(q) : null
