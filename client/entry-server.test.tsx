import type { PublicConfig } from '@shared/community'
import type { ServerCall } from '@shared/ssr'
import { describe, expect, it, vi } from 'vitest'
import { SEED_COMMUNITIES } from '../server/db/seed-data'
import { TEST_PUBLIC_SETTINGS } from '../tests/support/http'
import { render } from './entry-server'

/** The configuration a page under /univille carries: the installation's communities. */
const CONFIG: PublicConfig = {
  ...TEST_PUBLIC_SETTINGS,
  communities: [...SEED_COMMUNITIES],
  instancePrefix: '/univille',
}

/** The server's reads: who is signed in (`me`), and nothing else answers. */
const callsWith =
  (me: () => Promise<unknown>): ServerCall =>
  (path) =>
    path === 'auth.me' ? me() : Promise.reject(new Error(`sem resposta para ${path}`))

describe('a página de membros montada no servidor', () => {
  it('manda ao login quem não entrou, com o caminho de volta', async () => {
    const result = await render({
      url: '/univille/meus-produtos',
      call: callsWith(async () => null),
      config: CONFIG,
    })
    expect(result).toEqual({
      redirect: `/univille/auth?from=${encodeURIComponent('/univille/meus-produtos')}`,
    })
  })

  it('não manda ao login um membro cuja sessão o servidor não conseguiu ler: o navegador pergunta de novo', async () => {
    // React's development build warns once that Node 20 lacks ArrayBuffer.prototype.detached (its
    // production build, which the server runs, does not look); any other error still fails the test.
    const unexpected: unknown[][] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('ArrayBuffer.prototype.detached')) unexpected.push(args)
    })
    const result = await render({
      url: '/univille/meus-produtos',
      call: callsWith(() => Promise.reject(new Error('database is locked'))),
      config: CONFIG,
      onError: () => {},
    })
    expect(result).not.toHaveProperty('redirect')
    expect(result).toHaveProperty('html')
    expect(unexpected).toEqual([])
  })
})
