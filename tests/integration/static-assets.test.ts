import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveBuiltClient } from '../../server/http/client-app'
import { type RunningApp, startHttpApp, TEST_PUBLIC_SETTINGS } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp
let clientDir: string
const SCRIPT = `console.log(${JSON.stringify('Vupt '.repeat(400))})`
const STYLES = '.card{color:#0b5fa5}.quote::after{content:"</style>"}'

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'vupt-assets-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><head><meta name="theme-color" content="#0b5fa5" />' +
      `<meta name="description" content="${'Vupt '.repeat(300)}">` +
      '<link rel="stylesheet" crossorigin href="/assets/app-abc.css"></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(clientDir, 'assets', 'app-abc.css'), STYLES)
  writeFileSync(join(clientDir, 'assets', 'app-abc.js'), SCRIPT)
  writeFileSync(join(clientDir, 'assets', 'app-abc.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(clientDir, 'assets', 'app-abc.js.gz'), gzipSync(SCRIPT))
  writeFileSync(join(clientDir, 'sw.js'), '// service worker')
  app = await startHttpApp(world.services, {
    clientPages: (express) =>
      serveBuiltClient(express, clientDir, {
        db: world.db,
        settings: TEST_PUBLIC_SETTINGS,
      }),
  })
})

afterAll(async () => {
  await app?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

// Node's fetch decodes by itself; the raw bytes and headers are what a browser receives.
async function raw(
  path: string,
  acceptEncoding: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  const { request } = await import('node:http')
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const options = { method, headers: { 'accept-encoding': acceptEncoding, ...headers } }
      request(`${app.url}${path}`, options, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
      })
        .on('error', reject)
        .end()
    },
  )
}

describe('arquivos do build', () => {
  it('manda o .br pré-comprimido a quem aceita brotli, com o tipo certo, Vary e cache de um ano', async () => {
    const response = await raw('/assets/app-abc.js', 'gzip, deflate, br')
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(String(response.headers.vary)).toMatch(/Accept-Encoding/i)
    expect(response.headers['cache-control']).toContain('immutable')
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
  })

  it('manda o .gz a quem só aceita gzip, e o arquivo puro a quem não aceita compressão', async () => {
    expect((await raw('/assets/app-abc.js', 'gzip')).headers['content-encoding']).toBe('gzip')
    const plain = await raw('/assets/app-abc.js', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
  })

  it('o manifesto do app leva o nome e a cor da comunidade, e a página aponta para ele', async () => {
    const manifest = (await (await fetch(`${app.url}/manifest.webmanifest?comunidade=univille`)).json()) as {
      name: string
      theme_color: string
      start_url: string
      icons: unknown[]
    }
    expect(manifest.name).toContain('Univille')
    expect(manifest.start_url).toBe('/univille')
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    // What an install asks for: 192 and 512 pixels, and a maskable icon for launchers that cut their shape.
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'maskable' }),
      ]),
    )
    const page = await (await fetch(`${app.url}/univille/faq`)).text()
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest?comunidade=univille">')
    expect(page).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`)
  })

  it('a página traz a folha de estilos dentro dela, sem um pedido a mais antes de pintar', async () => {
    const page = await (await fetch(`${app.url}/univille/faq`)).text()
    expect(page).not.toContain('rel="stylesheet"')
    // The one "</style" inside the CSS is escaped: the element ends where the stylesheet does.
    expect(page).toContain('<style>.card{color:#0b5fa5}.quote::after{content:"<\\/style>"}</style>')
  })

  it('a página vai comprimida de uma vez, com o tamanho; sem corpo nem tamanho numa revalidação ou num HEAD', async () => {
    const plain = await raw('/univille/faq', 'identity')
    const brotli = await raw('/univille/faq', 'gzip, deflate, br')
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['transfer-encoding']).toBeUndefined()
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString())
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length)

    const etag = String(plain.headers.etag)
    const revalidated = await raw('/univille/faq', 'br', { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers['content-length']).toBeUndefined()
    const head = await raw('/univille/faq', 'identity', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(Number(head.headers['content-length'])).toBe(plain.body.length)
    // Asked with brotli, a HEAD says what the GET would: brotli, of a length only the GET computes.
    const brotliHead = await raw('/univille/faq', 'br', { method: 'HEAD' })
    expect(brotliHead.status).toBe(200)
    expect(brotliHead.headers['content-encoding']).toBe('br')
    expect(brotliHead.headers['content-length']).toBeUndefined()
  })

  it('o service worker nunca fica velho no cache do navegador', async () => {
    expect((await fetch(`${app.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache')
  })
})
