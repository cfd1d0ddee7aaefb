import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error is a bug the assertions did not see: fail the test on it.
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length > 0) {
    throw new Error(`console.error foi chamado durante o teste: ${JSON.stringify(errors[0])}`)
  }
})
