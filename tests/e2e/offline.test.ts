import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newPhoneContext, signedInPage } from './support/browser'
import { DEMO_MEMBER } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage({ demo: true })

const CACHE = 'vupt-static-v1'

/** Waits until the service worker controls the page; it takes control as soon as it is active. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  })
}

/** The paths the service worker's cache holds. */
const cachedPaths = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name)
    return (await cache.keys()).map((request) => new URL(request.url).pathname)
  }, CACHE)

/** The build files among them. */
const cachedAssets = async (page: Page) =>
  (await cachedPaths(page)).filter((path) => path.startsWith('/assets/'))

/** A visitor's phone on the community's home page, once the service worker controls it. */
async function controlledPhonePage() {
  const context = await newPhoneContext(stage.browser, stage.server.url)
  const page = await context.newPage()
  await page.goto('/univille')
  await controlled(page)
  return { context, page }
}

describe('instalável', () => {
  it('cada ícone do manifesto existe no tamanho que declara', async () => {
    const manifest = (await (
      await fetch(`${stage.server.url}/manifest.webmanifest?comunidade=univille`)
    ).json()) as {
      icons: { src: string; sizes: string; type: string }[]
    }
    for (const icon of manifest.icons) {
      const response = await fetch(`${stage.server.url}${icon.src}`)
      expect(response.status, icon.src).toBe(200)
      expect(response.headers.get('content-type'), icon.src).toContain(icon.type)
      if (icon.type !== 'image/png') continue
      // A PNG's width and height are the IHDR chunk's first two 32-bit numbers.
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes)
    }
  })
})

describe('o service worker', () => {
  it('guarda os arquivos do build e a página offline, nunca a API nem as páginas de um membro', async () => {
    const { page } = await signedInPage(stage.browser, stage.server.url, DEMO_MEMBER)
    await controlled(page)
    await page.goto('/univille/portal')
    await page.getByRole('heading', { level: 1, name: 'Portal de Vendas' }).waitFor()
    await page.goto('/univille/meus-favoritos')
    await page.getByRole('heading', { level: 1 }).waitFor()

    await expect.poll(async () => (await cachedAssets(page)).length).toBeGreaterThan(0)
    const paths = await cachedPaths(page)
    expect(paths).toContain('/offline.html')
    const other = paths.filter(
      (path) => !path.startsWith('/assets/') && path !== '/offline.html' && path !== '/favicon.svg',
    )
    expect(other).toEqual([])
  })

  it('sem conexão, uma página mostra o aviso em português', async () => {
    const { context, page } = await controlledPhonePage()
    await context.setOffline(true)
    try {
      await page.goto('/univille/faq')
      await page.getByRole('heading', { level: 1, name: 'Você está sem conexão' }).waitFor()
      await expect(page.title()).resolves.toBe('Sem conexão · Vupt')
    } finally {
      await context.setOffline(false)
    }
  })

  it('de um deploy a outro, os arquivos mais antigos saem: o cache não cresce sem fim', async () => {
    const { page } = await controlledPhonePage()
    // 300 files of earlier builds, stored before this visit's.
    await page.evaluate(async (name) => {
      const cache = await caches.open(name)
      for (let n = 0; n < 300; n++) {
        await cache.put(
          `/assets/antigo-${n}.js`,
          new Response('', { headers: { 'content-type': 'text/javascript' } }),
        )
      }
    }, CACHE)
    // A build file this visit has not stored yet, fetched through the service worker.
    const stored = new Set(await cachedPaths(page))
    const pageFiles = await page.evaluate(() =>
      [...document.querySelectorAll('script[src^="/assets/"], link[href^="/assets/"]')].map(
        (element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '',
      ),
    )
    const fresh = pageFiles.find((file) => !stored.has(file))
    expect(fresh).toBeTruthy()
    await page.evaluate(async (path) => {
      await (await fetch(path as string)).arrayBuffer()
    }, fresh)

    await expect.poll(async () => (await cachedPaths(page)).includes(fresh as string)).toBe(true)
    await expect.poll(async () => (await cachedAssets(page)).length).toBe(250)
    const paths = await cachedPaths(page)
    expect(paths).not.toContain('/assets/antigo-0.js')
    expect(paths).toContain('/assets/antigo-299.js')
    expect(paths).toContain('/offline.html')
  })
})
