import { describe, expect, it } from 'vitest'
import { labelledValues } from './labels'

describe('labelledValues', () => {
  it('lists the labelled values in the order they are declared', () => {
    expect(labelledValues({ zeta: 'Z', alpha: 'A', mid: 'M' })).toEqual(['zeta', 'alpha', 'mid'])
  })
})
