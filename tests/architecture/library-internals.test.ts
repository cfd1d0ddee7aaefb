import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT, sourceFiles } from './source-files'

/**
 * No code reaches into a library's internals: tRPC's router definition (`_def`) is read in one adapter
 * file, and nothing casts a library's object to `any` to get at what its types hide. A library's
 * internals change in any release its version range accepts. Each offending line is listed as
 * `file:line: text`.
 */

/** The one file that reads tRPC's `_def` (procedure types and meta, the error shape). */
const TRPC_DEFINITION_READER = 'server/trpc/procedures.ts'

const FOLDERS = ['server', 'client', 'shared', 'src']

function linesMatching(pattern: RegExp, allowed: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const file of FOLDERS.flatMap(sourceFiles)) {
    if (allowed.has(file)) continue
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
    for (const [index, line] of lines.entries()) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`)
    }
  }
  return found
}

describe('nada lê as partes internas de uma biblioteca', () => {
  test(`the tRPC router's _def is read only in ${TRPC_DEFINITION_READER}`, () => {
    expect(linesMatching(/\b_def\b/, new Set([TRPC_DEFINITION_READER]))).toEqual([])
  })

  test('no `as any` cast anywhere', () => {
    expect(linesMatching(/\bas any\b/, new Set())).toEqual([])
  })
})
