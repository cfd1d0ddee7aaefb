import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveBuiltClient } from '../../server/http/client-app'
import { type RunningApp, startHttpApp } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'vupt-pages-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  app = await startHttpApp(world.services, {
    clientPages: (express) =>
      serveBuiltClient(express, clientDir, {
        db: world.db,
        settings: {
          supportEmail: 'suporte@vupt.app',
          contactEmail: 'contato@vupt.app',
          googleEnabled: false,
          defaultCommunitySlug: 'univille',
          social: { instagram: '', linkedin: '' },
        },
      }),
  })
})

afterAll(async () => {
  await app?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (path: string) => fetch(`${app.url}${path}`, { redirect: 'manual' })

describe('páginas servidas pelo servidor', () => {
  it('/old-home muda de vez para a página inicial, com e sem o prefixo da comunidade', async () => {
    for (const [path, location] of [
      ['/old-home', '/'],
      ['/univille/old-home', '/univille'],
    ] as const) {
      const response = await get(path)
      expect(response.status, path).toBe(301)
      expect(response.headers.get('location'), path).toBe(location)
    }
  })

  it('um prefixo que não é uma comunidade não vira redirecionamento para outro site', async () => {
    const response = await get('/%5Cexemplo.com/old-home')
    expect(response.status).toBe(404)
    expect(response.headers.get('location')).toBeNull()
  })

  it('Meus favoritos e Meus eventos são rotas do app; um caminho desconhecido é 404', async () => {
    expect((await get('/meus-favoritos')).status).toBe(200)
    expect((await get('/univille/meus-eventos')).status).toBe(200)
    expect((await get('/meus-favoritos-antigos')).status).toBe(404)
  })
})
