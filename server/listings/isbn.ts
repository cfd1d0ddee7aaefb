import { hyphenate } from 'isbn3'

/**
 * An ISBN-13 as printed on the book, hyphenated by the registration ranges isbn3 carries; one from a
 * range newer than them (the checksum still holds) shows as its 13 digits.
 */
export function hyphenatedIsbn(isbn13: string): string {
  const hyphenated = hyphenate(isbn13)
  return typeof hyphenated === 'string' && hyphenated.replace(/-/g, '') === isbn13 ? hyphenated : isbn13
}
