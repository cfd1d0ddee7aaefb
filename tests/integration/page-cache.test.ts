import type { AddressInfo } from 'node:net'
import { brotliDecompressSync } from 'node:zlib'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { createListing, createStudent } from '../../server/db/factories'
import { createAnswerCache } from '../../server/http/answer-cache'
import { PAGE_COMPRESSION, sendWhole } from '../../server/http/compress'
import type { PageRenderer } from '../../shared/ssr'
import { type RunningApp, rawRequest, sessionCookieFor, startAppWithPages } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
let app: RunningApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

/**
 * The pages' server render, standing in for the built one: it reads the listings through the
 * request's caller, as the portal does, and writes how many renders there have been.
 */
async function pagesCountingRenders() {
  let renders = 0
  const renderer: PageRenderer = {
    render: async ({ call, url }) => {
      renders++
      const list = (await call('listings.list', {})) as { items: { title: string }[] }
      const titles = list.items.map((item) => `<li>${item.title}</li>`).join('')
      return {
        html: `<p>render ${renders} de ${url}</p><ul>${titles}</ul>${'<i>x</i>'.repeat(400)}`,
        state: { queries: {}, lazy: [] },
        dates: {},
        failed: false,
        meta: null,
      }
    },
  }
  app = await startAppWithPages(world.services, {
    indexHtml: '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    renderer,
  })
  const url = app.url
  return {
    renders: () => renders,
    page: async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}${path}`, { headers })
      return { status: response.status, body: await response.text() }
    },
    raw: (path: string, headers: Record<string, string>) => rawRequest(`${url}${path}`, { headers }),
  }
}

describe('páginas de visitante guardadas até a próxima escrita', () => {
  it('a mesma página é montada uma vez para todos os visitantes, e de novo depois de uma escrita', async () => {
    const pages = await pagesCountingRenders()
    const first = await pages.page('/univille/portal')
    expect(first.status).toBe(200)
    expect(first.body).toContain('render 1 de /univille/portal')
    expect((await pages.page('/univille/portal')).body).toBe(first.body)
    expect(pages.renders()).toBe(1)

    // Another address is another page.
    await pages.page('/univille/portal?ordem=recentes')
    expect(pages.renders()).toBe(2)

    const seller = await createStudent(world.db, { member: true })
    createListing(world.db, { sellerId: seller.id, title: 'Luminária de mesa' })
    const afterWrite = await pages.page('/univille/portal')
    expect(afterWrite.body).toContain('render 3 de /univille/portal')
    expect(afterWrite.body).toContain('Luminária de mesa')
  })

  it('a página guardada vai com o mesmo corpo e os mesmos cabeçalhos que a montada, comprimida ou não', async () => {
    const pages = await pagesCountingRenders()
    const brotli = { 'accept-encoding': 'gzip, deflate, br' }
    const rendered = await pages.raw('/univille/portal', brotli)
    const kept = await pages.raw('/univille/portal', brotli)
    expect(pages.renders()).toBe(1)
    expect(kept.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(kept.body).toString('utf8')).toBe(
      brotliDecompressSync(rendered.body).toString('utf8'),
    )
    const own = new Set(['date', 'x-request-id', 'content-length'])
    const sameHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !own.has(name)))
    expect(sameHeaders(kept.headers)).toEqual(sameHeaders(rendered.headers))
    expect(kept.headers['cache-control']).toBe('no-cache, private')
    expect(kept.headers['x-content-type-options']).toBe('nosniff')
    const plain = await pages.page('/univille/portal', { 'accept-encoding': 'identity' })
    expect(plain.body).toBe(brotliDecompressSync(kept.body).toString('utf8'))
    expect(pages.renders()).toBe(1)
  })

  it('a página de um membro é montada para cada pedido e nunca serve a um visitante', async () => {
    const pages = await pagesCountingRenders()
    const member = await createStudent(world.db, { member: true })
    const cookie = sessionCookieFor(world.services, member.id)
    await pages.page('/univille/portal', { cookie })
    await pages.page('/univille/portal', { cookie })
    expect(pages.renders()).toBe(2)
    expect((await pages.page('/univille/portal')).body).toContain('render 3')
    // A visitor's page does not serve the member either.
    expect((await pages.page('/univille/portal', { cookie })).body).toContain('render 4')
  })

  it('quem ativou a VLibras tem a sua própria página guardada', async () => {
    const pages = await pagesCountingRenders()
    await pages.page('/univille/faq')
    const libras = await pages.page('/univille/faq', { cookie: 'vupt_libras=1' })
    expect(libras.body).toContain('render 2')
    expect((await pages.page('/univille/faq', { cookie: 'vupt_libras=1' })).body).toContain('render 2')
    expect(pages.renders()).toBe(2)
  })

  it('um endereço que não existe não é guardado', async () => {
    const pages = await pagesCountingRenders()
    expect((await pages.page('/univille/pagina-que-nao-existe')).status).toBe(404)
    expect((await pages.page('/univille/pagina-que-nao-existe')).status).toBe(404)
    expect(pages.renders()).toBe(2)
  })
})

describe('limites do que é guardado', () => {
  /** The page half of the cache in front of a handler that answers `size` bytes and counts its calls. */
  async function pagesOfSize(size: number, options: { pageMaxAgeMs?: number; maxStoredBytes?: number }) {
    let clock = 1_000_000
    const cache = createAnswerCache({
      sqlite: world.db.$client,
      now: () => clock,
      ...options,
    })
    let calls = 0
    const server = express()
      .get('/{*path}', cache.servePage, (req, res) => {
        calls++
        const page = Buffer.from(`${req.path} ${calls} ${'x'.repeat(size)}`)
        res.type('html')
        cache.keepPage(res, page)
        sendWhole(req, res, page, PAGE_COMPRESSION, { revalidate: true })
      })
      .listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', resolve))
    closing.push(() => new Promise((resolve) => server.close(resolve)))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return {
      cache,
      calls: () => calls,
      later: (ms: number) => {
        clock += ms
      },
      get: async (path: string) => (await (await fetch(`${url}${path}`)).text()).split(' ')[1],
    }
  }
  const closing: (() => unknown)[] = []
  afterEach(async () => {
    for (const close of closing.splice(0)) await close()
  })

  it('uma página é guardada no máximo pelo tempo dado, mesmo sem escrita', async () => {
    const pages = await pagesOfSize(10, { pageMaxAgeMs: 60_000 })
    expect(await pages.get('/eventos')).toBe('1')
    pages.later(59_999)
    expect(await pages.get('/eventos')).toBe('1')
    pages.later(1)
    expect(await pages.get('/eventos')).toBe('2')
  })

  it('as páginas mais antigas saem quando o total passa do limite de bytes', async () => {
    const pages = await pagesOfSize(40_000, { maxStoredBytes: 100_000 })
    await pages.get('/a')
    await pages.get('/b')
    expect(pages.cache.storedBytes()).toBeGreaterThan(80_000)
    await pages.get('/c')
    expect(pages.cache.storedBytes()).toBeLessThanOrEqual(100_000)
    expect(pages.cache.size()).toBe(2)
    // /a, the oldest, went; /b and /c are still kept.
    expect(await pages.get('/b')).toBe('2')
    expect(await pages.get('/c')).toBe('3')
    expect(await pages.get('/a')).toBe('4')
  })
})
