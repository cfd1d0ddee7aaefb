import { describe, expect, it } from 'vitest'
import { usernameSchema } from './auth'

describe('usernameSchema', () => {
  it('accepts the handle as it is shown, with a leading @, and keeps it without', () => {
    expect(usernameSchema.parse('@ana_lima')).toBe('ana_lima')
    expect(usernameSchema.parse('  @ana_lima ')).toBe('ana_lima')
    expect(usernameSchema.parse('ana_lima')).toBe('ana_lima')
  })

  it('still refuses an @ anywhere else, and a handle that is only the @', () => {
    expect(usernameSchema.safeParse('ana@lima').success).toBe(false)
    expect(usernameSchema.safeParse('@@ana_lima').success).toBe(false)
    expect(usernameSchema.safeParse('@').success).toBe(false)
  })
})
