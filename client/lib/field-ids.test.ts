import { describe, expect, it } from 'vitest'
import { fieldIds } from './field-ids'

describe('fieldIds', () => {
  it('gives each field its own id under the base', () => {
    expect(fieldIds('«r1»', ['title', 'imageUrl'])).toEqual({
      title: '«r1»-title',
      imageUrl: '«r1»-imageUrl',
    })
  })
})
