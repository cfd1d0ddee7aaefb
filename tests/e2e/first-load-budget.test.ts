import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLIENT_DIST,
  FIRST_LOAD_BUDGETS_KB,
  firstLoadBytes,
  firstLoadFiles,
  readManifest,
} from '../../scripts/lib/first-load'

// Reads the build `npm run test:e2e` has just made (dist/client and its manifest).
describe('JavaScript da primeira visita', () => {
  const manifest = readManifest()

  for (const [page, budgetKb] of Object.entries(FIRST_LOAD_BUDGETS_KB)) {
    it(`${page} cabe em ${budgetKb} KB gzip`, () => {
      const kb = firstLoadBytes(manifest, page) / 1024
      expect(kb, `${page}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(budgetKb)
    })
  }

  it('nenhuma dessas páginas, que não têm formulário, leva zod ou react-hook-form na primeira visita', () => {
    for (const page of Object.keys(FIRST_LOAD_BUDGETS_KB)) {
      const carrying = firstLoadFiles(manifest, page).filter((file) => {
        const code = readFileSync(join(CLIENT_DIST, file), 'utf8')
        // Names the minifier keeps: zod's error class, react-hook-form's field option.
        return code.includes('ZodError') || code.includes('shouldUnregister')
      })
      expect(carrying, page).toEqual([])
    }
  })
})
