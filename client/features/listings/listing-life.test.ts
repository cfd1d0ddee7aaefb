import { describe, expect, it } from 'vitest'
import { alumniPauseText } from './listing-life'

describe('a listing paused for the alumni hold', () => {
  it('promises to come back on air only when its own status is Ativo', () => {
    expect(alumniPauseText('ativo')).toContain('ele volta ao ar')
    for (const status of ['vendido', 'inativo']) {
      expect(alumniPauseText(status)).not.toContain('volta ao ar')
      expect(alumniPauseText(status)).toContain('para poder reativá-lo')
    }
  })
})
