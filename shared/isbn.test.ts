import { describe, expect, it } from 'vitest'
import { isbnOfSearch, normalizeIsbn } from './isbn'

describe('normalizeIsbn', () => {
  it('turns an ISBN-10, with hyphens or without, into its ISBN-13', () => {
    expect(normalizeIsbn('85-359-0277-5')).toBe('9788535902778')
    expect(normalizeIsbn('8535902775')).toBe('9788535902778')
    // A final X is the check digit 10.
    expect(normalizeIsbn('0-8044-2957-X')).toBe('9780804429573')
    expect(normalizeIsbn('080442957x')).toBe('9780804429573')
  })

  it('keeps a valid ISBN-13, with hyphens or spaces', () => {
    expect(normalizeIsbn('978-85-359-0277-8')).toBe('9788535902778')
    expect(normalizeIsbn('978 65 5532 000 8')).toBe('9786555320008')
    expect(normalizeIsbn('9791032305690')).toBe('9791032305690')
  })

  it('refuses a wrong check digit, the wrong length, a 13-digit code that is no ISBN and letters', () => {
    expect(normalizeIsbn('85-359-0277-4')).toBeNull()
    expect(normalizeIsbn('978-85-359-0277-9')).toBeNull()
    expect(normalizeIsbn('853590277')).toBeNull()
    expect(normalizeIsbn('97885359027781')).toBeNull()
    // An EAN-13 with a valid check digit, but not a book's prefix.
    expect(normalizeIsbn('7891000315507')).toBeNull()
    expect(normalizeIsbn('X535902775')).toBeNull()
    expect(normalizeIsbn('')).toBeNull()
  })
})

describe('isbnOfSearch', () => {
  it('reads a search that is only an ISBN, and leaves any other search alone', () => {
    expect(isbnOfSearch(' 978-85-359-0277-8 ')).toBe('9788535902778')
    expect(isbnOfSearch('85-359-0277-5')).toBe('9788535902778')
    expect(isbnOfSearch('livro 9788535902778')).toBeNull()
    expect(isbnOfSearch('2024')).toBeNull()
  })
})
