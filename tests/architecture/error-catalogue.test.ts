import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { APP_ERRORS } from '../../shared/errors'
import { ROOT, sourceFiles } from './source-files'

/**
 * Every refusal in the catalogue is one the server sends: a code nobody throws is a toast nobody sees,
 * and a promise (like "Evento lotado") the app no longer keeps.
 */
describe('error catalogue', () => {
  test('every code is sent by the server', () => {
    const server = [...sourceFiles('server'), ...sourceFiles('src')]
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n')
    const unsent = Object.keys(APP_ERRORS).filter(
      (code) => !server.includes(`'${code}'`) && !server.includes(`APP_ERRORS.${code}`),
    )
    expect(unsent).toEqual([])
  })
})
