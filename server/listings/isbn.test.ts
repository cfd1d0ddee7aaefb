import { describe, expect, it } from 'vitest'
import { hyphenatedIsbn } from './isbn'

describe('hyphenatedIsbn', () => {
  it('hyphenates by the registration ranges, and shows the digits of a range it does not know', () => {
    expect(hyphenatedIsbn('9788535902778')).toBe('978-85-359-0277-8')
    expect(hyphenatedIsbn('9780804429573')).toBe('978-0-8044-2957-3')
    // Check digit right, group not assigned (yet).
    expect(hyphenatedIsbn('9789999999991')).toBe('9789999999991')
  })
})
