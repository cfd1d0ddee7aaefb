import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateToken, hashToken } from './tokens'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('hashToken', () => {
  it('gives each token its own hash, whatever was hashed just before', () => {
    const first = generateToken()
    const second = generateToken()
    for (const token of [first, first, second, first, second, second]) {
      expect(hashToken(token)).toBe(sha256(token))
    }
  })
})
