import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startAppWithPages } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp

beforeAll(async () => {
  app = await startAppWithPages(world.services)
})

afterAll(async () => {
  await app?.close()
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

describe('o prefixo da comunidade, para um proxy que leva cada comunidade à sua máquina', () => {
  const stats = '/api/trpc/listings.stats'

  it('a API responde sob o prefixo de uma comunidade ativa como sem ele', async () => {
    const plain = await get(stats)
    const prefixed = await get(`/univille${stats}`)
    expect(prefixed.status).toBe(200)
    expect(await prefixed.json()).toEqual(await plain.json())
  })

  it('sob o prefixo de uma comunidade inativa ou inexistente, a API é 404', async () => {
    for (const prefix of ['/ufsc', '/nada']) {
      expect((await get(`${prefix}${stats}`)).status, prefix).toBe(404)
    }
  })

  it('a página diz sob qual prefixo pedir a API, o WebSocket e as fotos', async () => {
    const prefixOf = async (path: string) => {
      const html = await (await get(path)).text()
      return /"instancePrefix":"([^"]*)"/.exec(html)?.[1]
    }
    expect(await prefixOf('/univille/portal')).toBe('/univille')
    expect(await prefixOf('/univille')).toBe('/univille')
    expect(await prefixOf('/portal')).toBe('')
    expect(await prefixOf('/ufsc/portal')).toBe('')
  })
})
