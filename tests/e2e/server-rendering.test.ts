import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { firstLoadFiles, readManifest } from '../../scripts/lib/first-load'
import { DEMO_MEMBER } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage({ demo: true })

async function phone(options: { javaScriptEnabled: boolean; serviceWorkers?: 'block' }) {
  const context = await stage.browser.newContext({
    baseURL: stage.server.url,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    ...options,
  })
  return context
}

/** The demo member's session cookie, set on a browser context. */
async function signIn(context: BrowserContext, cookie: string) {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=')
      return { name, value, url: stage.server.url }
    }),
  )
}

/**
 * Lighthouse's phone (412 px, density 1.75), without JavaScript: a photo as wide as the page less its
 * margin is 380 px, 665 device pixels, more than the card rendition has and less than the phone one.
 */
const lighthousePhone = () =>
  stage.browser.newContext({
    baseURL: stage.server.url,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    locale: 'pt-BR',
    javaScriptEnabled: false,
  })

/** The file the browser chose for the first image matching `selector`, once it has loaded. */
async function loadedSource(page: Page, selector: string): Promise<string> {
  const image = page.locator(selector).first()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
  return image.evaluate((img: HTMLImageElement) => img.currentSrc)
}

/** The `imageSrcSet` of the head's high-priority image preload (the first screen's photo). */
function preloadedImageSet(html: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'))
  return /<link rel="preload" as="image" imageSrcSet="([^"]+)"[^>]*fetchPriority="high"/.exec(head)?.[1]
}

async function demoCookie(): Promise<string> {
  const response = await fetch(`${stage.server.url}/api/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stage.server.url },
    body: JSON.stringify(DEMO_MEMBER),
  })
  expect(response.status).toBe(200)
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

/** Holds the page's requests for a built asset until `release()`: a phone on a slow network. */
async function holdAsset(page: Page, asset: RegExp) {
  let requested = false
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(asset, async (route) => {
    requested = true
    await released
    await route.continue()
  })
  return { requested: () => requested, release }
}

/** The code a page's head asks for: the entry and the modules preloaded beside it. */
function codeList(html: string): { entry: string; preload: string[] } {
  const head = html.slice(0, html.indexOf('</head>'))
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(head)?.[1]
  expect(entry).toBeDefined()
  const preload = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (found) => found[1] ?? '',
  )
  return { entry: entry ?? '', preload }
}

describe('páginas montadas no servidor', () => {
  it('o portal se lê com o JavaScript desligado: busca, categorias, anúncios e rodapé, sem "Carregando"', async () => {
    const page = await (await phone({ javaScriptEnabled: false })).newPage()
    const response = await page.goto('/univille/portal')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Portal de Vendas' }).isVisible()).resolves.toBe(
      true,
    )
    await expect(page.getByRole('searchbox').first().isVisible()).resolves.toBe(true)
    await expect(
      page.getByRole('heading', { name: 'Ilustração personalizada em aquarela' }).count(),
    ).resolves.toBe(1)
    await expect(page.getByRole('contentinfo').isVisible()).resolves.toBe(true)
    await expect(page.getByText('Carregando...').count()).resolves.toBe(0)
    // The footer comes after the content, not above it.
    const order = await page.evaluate(() => {
      const main = document.getElementById('conteudo')
      const footer = document.querySelector('footer')
      return main && footer ? main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING : 0
    })
    expect(order).toBeGreaterThan(0)
  })

  it('a página chega pronta: hidrata sem pedir de novo à API o que o servidor já leu', async () => {
    const page = await (await phone({ javaScriptEnabled: true })).newPage()
    const apiCalls: string[] = []
    const problems: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/trpc/')) apiCalls.push(request.url())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    for (const path of ['/univille/portal', '/univille/eventos', '/univille/faq', '/']) {
      await page.goto(path, { waitUntil: 'networkidle' })
    }
    expect(apiCalls).toEqual([])
    expect(problems).toEqual([])
    // Hydrated: the search works as a client navigation.
    await page.goto('/univille/portal', { waitUntil: 'networkidle' })
    await page.getByRole('searchbox').first().fill('aquarela')
    await page.getByRole('searchbox').first().press('Enter')
    await page.waitForURL(/q=aquarela/)
    await page.getByRole('heading', { name: 'Identidade visual para projetos e empresas júnior' }).waitFor({
      state: 'detached',
    })
  })

  it('cada página leva o prefixo da sua comunidade nos endereços da instância, mesmo montadas ao mesmo tempo', async () => {
    // Renders of different requests interleave while they wait for data: each keeps its own prefix.
    const paths = ['/univille/portal', '/portal', '/univille/portal', '/portal', '/univille', '/']
    const pages = await Promise.all(
      paths.map(async (path) => ({ path, html: await (await fetch(`${stage.server.url}${path}`)).text() })),
    )
    for (const { path, html } of pages) {
      const prefix = path.startsWith('/univille') ? '/univille' : ''
      expect(/"instancePrefix":"([^"]*)"/.exec(html)?.[1], path).toBe(prefix)
      const photos = [...html.matchAll(/<img[^>]* src="([^"]*\/uploads\/[^"]*)"/g)].map((match) => match[1])
      if (path.endsWith('/portal')) expect(photos.length, path).toBeGreaterThan(0)
      expect(
        photos.filter((src) => !src?.startsWith(`${prefix}/uploads/`)),
        path,
      ).toEqual([])
    }
  })

  it('o portal só baixa o seletor de ordenação quando alguém o procura (e os toasts quando há um), e um toque antes de ele chegar abre a lista', async () => {
    // No service worker: page.route does not see what one fetches.
    const page = await (await phone({ javaScriptEnabled: true, serviceWorkers: 'block' })).newPage()
    // Held until the picker has been tapped: a phone on a slow network.
    const held = await holdAsset(page, /\/assets\/filter-selects-[\w-]+\.js$/)
    // Nor does the page fetch the toast library before there is a toast to show.
    const manifest = readManifest()
    const toastFiles = ['components/ui/sonner.tsx', '../node_modules/sonner/dist/index.mjs'].map(
      (key) => `/${manifest[key]?.file}`,
    )
    const toastCode: string[] = []
    page.on('request', (request) => {
      if (toastFiles.includes(new URL(request.url()).pathname)) toastCode.push(request.url())
    })
    await page.goto('/univille/portal', { waitUntil: 'networkidle' })
    expect(held.requested()).toBe(false)
    expect(toastCode).toEqual([])
    await page.getByRole('combobox', { name: 'Ordenar por' }).click()
    await expect.poll(() => held.requested()).toBe(true)
    held.release()
    await page.getByRole('option', { name: 'Menor preço' }).click()
    await page.waitForURL(/sort=price-asc/)
    // Opened again and closed by keyboard, the list gives focus back to its trigger.
    await page.getByRole('combobox', { name: 'Ordenar por' }).click()
    await page.getByRole('listbox').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox')

    // Reached by keyboard on a new page, the stand-in hands its focus to the real trigger that replaces it.
    await page.goto('/univille/portal', { waitUntil: 'networkidle' })
    await page.getByRole('combobox', { name: 'Ordenar por' }).focus()
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement
          return `${focused?.getAttribute('data-slot')} ${focused?.textContent}`
        }),
      )
      .toBe('select-trigger Mais recentes')
  })

  it('antes de hidratar, um visitante baixa só o que o orçamento do primeiro download conta', async () => {
    const manifest = readManifest()
    const pages = {
      '/': 'pages/home/home-page.tsx',
      '/univille': 'pages/info/community-home-page.tsx',
      '/univille/portal': 'pages/portal/portal-page.tsx',
    }
    for (const [path, page] of Object.entries(pages)) {
      const html = await (await fetch(`${stage.server.url}${path}`)).text()
      const code = codeList(html)
      const fetched = [code.entry, ...code.preload].map((href) => href.replace(/^\//, ''))
      const counted = firstLoadFiles(manifest, page)
      expect(code.preload.length, path).toBeGreaterThan(0)
      expect(
        fetched.filter((file) => !counted.includes(file)),
        path,
      ).toEqual([])
    }
  })

  it('a página de um membro pede com a entrada o chat ao vivo, que a página carrega assim que responde', async () => {
    const manifest = readManifest()
    const live = ['features/chat/chat-live.tsx', 'lib/realtime.ts'].map(
      (key) => `/${manifest[key]?.file ?? key}`,
    )
    const member = codeList(
      await (
        await fetch(`${stage.server.url}/univille/portal`, { headers: { cookie: await demoCookie() } })
      ).text(),
    )
    expect(member.preload).toEqual(expect.arrayContaining(live))
    // A visitor has no chat: none of it in the first download.
    const visitor = codeList(await (await fetch(`${stage.server.url}/univille/portal`)).text())
    expect(visitor.preload.filter((href) => live.includes(href))).toEqual([])
  })

  it('a foto da primeira tela é pedida antes dos scripts da página, e um celular leva a versão de celular', async () => {
    const html = await (await fetch(`${stage.server.url}/univille/portal`)).text()
    // The portal's hero banner: preloaded from the head, ahead of the page's code.
    expect(preloadedImageSet(html)).toMatch(/-card\.webp 640w, \S+-phone\.webp 960w, \S+-full\.webp 1600w$/)
    const firstCode = html.search(/<script[^>]* src=|<link rel="modulepreload"/)
    expect(firstCode).toBeGreaterThan(html.indexOf('fetchPriority="high"'))
    expect(firstCode).toBeLessThan(html.indexOf('</head>'))
    expect(html).toContain('<div id="root"><div')

    // The banner and the listing's first photo span the page.
    const context = await lighthousePhone()
    await signIn(context, await demoCookie())
    try {
      const page = await context.newPage()
      await page.goto('/univille/portal')
      expect(await loadedSource(page, 'img[fetchpriority="high"]')).toMatch(/-phone\.webp$/)
      await page.goto('/univille/produto/1')
      expect(await loadedSource(page, 'img[fetchpriority="high"]')).toMatch(/-phone\.webp$/)
    } finally {
      await context.close()
    }
  })

  it('a capa de um evento: um celular leva a versão de celular, na lista e na página, pedida do cabeçalho', async () => {
    const list = (await (
      await fetch(
        `${stage.server.url}/api/trpc/events.list?input=${encodeURIComponent('{"communitySlug":"univille"}')}`,
      )
    ).json()) as { result: { data: { id: number; imageRenditions: unknown }[] } }
    const [event] = list.result.data
    expect(event?.imageRenditions).not.toBeNull()
    const html = await (await fetch(`${stage.server.url}/univille/evento/${event?.id}`)).text()
    expect(preloadedImageSet(html)).toMatch(/-card\.webp 640w, \S+-phone\.webp 960w, \S+-full\.webp 1600w$/)

    // A phone shows one card per row, and the cover spans the event page.
    const context = await lighthousePhone()
    try {
      const page = await context.newPage()
      await page.goto('/univille/eventos')
      expect(await loadedSource(page, 'article img')).toMatch(/-phone\.webp$/)
      await page.goto(`/univille/evento/${event?.id}`)
      expect(await loadedSource(page, 'img[fetchpriority="high"]')).toMatch(/-phone\.webp$/)
    } finally {
      await context.close()
    }
  })

  it('o código da página é pedido com o HTML, antes da primeira pintura, a página hidrata, e a folha de estilos não é baixada de novo', async () => {
    const context = await phone({ javaScriptEnabled: true })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    try {
      for (const path of ['/univille/portal', '/univille/eventos']) {
        await page.goto(path, { waitUntil: 'networkidle' })
        await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined)
        const timing = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          scripts: performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
            .map((entry) => entry.startTime),
        }))
        expect(timing.scripts.length, path).toBeGreaterThan(5)
        // Asked for by the head, not after the paint: the download overlaps the HTML's and the paint.
        expect(Math.min(...timing.scripts), path).toBeLessThan(timing.paint)
      }
      // A page drawn in the browser loads its module, and the sort select its code on focus; the
      // stylesheet, inline in the first page, is never fetched again.
      await page.getByRole('link', { name: 'Portal' }).first().click()
      await page.waitForURL(/\/univille\/portal$/)
      await page.getByRole('combobox', { name: 'Ordenar por' }).focus()
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-slot')))
        .toBe('select-trigger')
      await page.waitForLoadState('networkidle')
      const stylesheets = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.endsWith('.css')),
      )
      expect(stylesheets).toEqual([])
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('as páginas de um membro hidratam sem divergir do HTML do servidor', async () => {
    const cookie = await demoCookie()
    const context = await phone({ javaScriptEnabled: true })
    await signIn(context, cookie)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    for (const path of [
      '/univille/portal',
      '/univille/produto/1',
      '/univille/eventos',
      '/univille/meus-produtos',
      '/univille/minha-conta',
      '/univille/chat',
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' })
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined)
      // Signed in on the server's HTML already: the account menu, not the sign-in link.
      await expect(page.getByRole('button', { name: 'Menu da conta' }).count(), path).resolves.toBe(1)
    }
    expect(problems).toEqual([])
  })

  it('a marca de hidratação vem quando a própria página já responde, não só a moldura em volta dela', async () => {
    const context = await phone({ javaScriptEnabled: true })
    await signIn(context, await demoCookie())
    // Looks at the page's first button in the moment the mark is set: React keeps its props on each
    // element it hydrated, and on none still waiting for it.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        observer.disconnect()
        const button = document.querySelector('main h1')?.closest('header')?.querySelector('button, a')
        document.documentElement.dataset.buttonAtMark = button
          ? String(Object.keys(button).some((key) => key.startsWith('__reactProps')))
          : 'none'
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
    })
    const page = await context.newPage()
    for (const path of ['/univille/procura-se', '/univille/meus-produtos']) {
      await page.goto(path)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect(page.locator('html').getAttribute('data-button-at-mark'), path).resolves.toBe('true')
    }
    await context.close()
  })

  it('as datas da página hidratam como o servidor as escreveu, sem montar um formatador de datas', async () => {
    const context = await phone({ javaScriptEnabled: true })
    await signIn(context, await demoCookie())
    // Counts the formatters the page builds: the first one loads the locale's data in one long task.
    await context.addInitScript(() => {
      const counter = window as { builtDateFormats?: number }
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args) {
          counter.builtDateFormats = (counter.builtDateFormats ?? 0) + 1
          return new target(...(args as ConstructorParameters<typeof Intl.DateTimeFormat>))
        },
      })
    })
    const page = await context.newPage()
    for (const path of ['/univille/eventos', '/univille/produto/1']) {
      await page.goto(path, { waitUntil: 'networkidle' })
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined)
      expect(
        await page.evaluate(() => (window as { builtDateFormats?: number }).builtDateFormats ?? 0),
        path,
      ).toBe(0)
    }
    // The listing's date is on the community's clock (the date a formatter there would write).
    await expect(page.getByText(/^Publicado em \d{1,2} de [a-zç]+ de \d{4}$/).count()).resolves.toBe(1)
    // A page drawn in the browser still formats its dates there.
    await page.getByRole('link', { name: 'Eventos' }).first().click()
    await page.waitForURL(/\/univille\/eventos$/)
    await page.getByRole('article').first().waitFor()
    expect(
      await page.evaluate(() => (window as { builtDateFormats?: number }).builtDateFormats ?? 0),
    ).toBeGreaterThan(0)
  })

  it('o menu da conta e o sino chegam quando o membro os procura, e um toque antes abre o menu', async () => {
    const cookie = await demoCookie()
    // No service worker: page.route does not see what one fetches.
    const context = await phone({ javaScriptEnabled: true, serviceWorkers: 'block' })
    await signIn(context, cookie)
    const page = await context.newPage()
    const requested = new Set<string>()
    let release = () => {}
    const tapped = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/(account|notification)-menu-[\w-]+\.js$/, async (route) => {
      requested.add(new URL(route.request().url()).pathname.split('/').pop()?.split('-menu')[0] ?? '')
      // The account menu is held until its button has been tapped: a phone on a slow network.
      if (route.request().url().includes('account-menu')) await tapped
      await route.continue()
    })
    await page.goto('/univille/portal', { waitUntil: 'networkidle' })
    expect([...requested]).toEqual([])

    await page.getByRole('button', { name: 'Menu da conta' }).click()
    await expect.poll(() => requested.has('account')).toBe(true)
    release()
    await page.getByRole('menuitem', { name: 'Meus Produtos' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Menu da conta')

    // Reached by keyboard, the bell's stand-in hands its focus to the menu's trigger, which Enter opens.
    await page.getByRole('button', { name: /^Notificações/ }).focus()
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            `${document.activeElement?.getAttribute('aria-label')?.split(',')[0]} ${document.activeElement?.getAttribute('data-state')}`,
        ),
      )
      .toBe('Notificações closed')
    await page.keyboard.press('Enter')
    await page.getByRole('menu').getByText('Marcar todas como lidas').waitFor()
  })

  it('o código do menu da conta que chega no meio de um toque não perde o toque', async () => {
    const cookie = await demoCookie()
    // No service worker: page.route does not see what one fetches.
    const context = await phone({ javaScriptEnabled: true, serviceWorkers: 'block' })
    await signIn(context, cookie)
    const page = await context.newPage()
    const held = await holdAsset(page, /\/assets\/account-menu-[\w-]+\.js$/)
    await page.goto('/univille/portal', { waitUntil: 'networkidle' })
    const button = await page.getByRole('button', { name: 'Menu da conta' }).boundingBox()
    if (!button) throw new Error('botão do menu da conta sem caixa')
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2)
    await expect.poll(() => held.requested()).toBe(true)
    await page.mouse.down()
    // The code arrives and runs while the button is held down: the page's own import of the same
    // module settles with this one, and two frames later React has drawn whatever it would.
    held.release()
    const menuModule = `/${readManifest()['components/layout/account-menu.tsx']?.file}`
    // As a string: the test runner would rewrite an import() written in this file.
    await page.evaluate(
      `import(${JSON.stringify(menuModule)}).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`,
    )
    await page.mouse.up()
    await page.getByRole('menuitem', { name: 'Meus Produtos' }).waitFor({ timeout: 5_000 })
  })

  it('um visitante numa página de membros vai ao login pelo servidor (302), com o caminho de volta', async () => {
    const response = await fetch(`${stage.server.url}/univille/produto/1?foto=2`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      `/univille/auth?from=${encodeURIComponent('/univille/produto/1?foto=2')}`,
    )
    expect((await fetch(`${stage.server.url}/univille/nao-existe`, { redirect: 'manual' })).status).toBe(404)
  })

  it('o membro recebe a própria visão já no HTML: menu da conta e a página do anúncio', async () => {
    const cookie = await demoCookie()
    const html = await (await fetch(`${stage.server.url}/univille/produto/1`, { headers: { cookie } })).text()
    expect(html).toContain('aria-label="Menu da conta"')
    expect(html).not.toContain('Entrar <span')
    const context = await phone({ javaScriptEnabled: false })
    await signIn(context, cookie)
    const page = await context.newPage()
    await page.goto('/univille/produto/1')
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1)
    await expect(page.getByText('Carregando...').count()).resolves.toBe(0)
  })

  it('na página do anúncio, só a foto à vista é pedida com prioridade; as outras do carrossel, por último', async () => {
    const cookie = await demoCookie()
    let photos: string[] = []
    // A demo listing with more than one photo.
    for (let id = 1; id <= 10 && photos.length < 2; id++) {
      const html = await (
        await fetch(`${stage.server.url}/univille/produto/${id}`, { headers: { cookie } })
      ).text()
      photos = [...html.matchAll(/<img [^>]*alt="[^"]* — foto \d+"[^>]*>/g)].map((match) => match[0])
    }
    expect(photos.length).toBeGreaterThan(1)
    const [first, ...others] = photos
    expect(first).toContain('fetchPriority="high"')
    expect(first).toContain('loading="eager"')
    for (const photo of others) expect(photo).toContain('fetchPriority="low"')
  })
})

/** The page's <title> and its link-preview tags (property or name → content, as written). */
async function headOf(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stage.server.url}${path}`, { headers })
  expect(response.status, path).toBe(200)
  const html = await response.text()
  const head = html.slice(0, html.indexOf('</head>'))
  const tags = Object.fromEntries(
    [...head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)">/g)].map(
      (match) => [match[1], match[2]],
    ),
  )
  return { html, title: /<title>([^<]*)<\/title>/.exec(head)?.[1], tags }
}

describe('o título e a prévia de um link compartilhado', () => {
  it('cada página pública chega com o seu título e a prévia que o WhatsApp lê', async () => {
    for (const [path, title, site] of [
      ['/', 'Marketplace Universitário', 'Vupt'],
      ['/univille', 'Univille', 'Vupt Univille'],
      ['/univille/portal', 'Portal de Vendas', 'Vupt Univille'],
      ['/univille/eventos', 'Eventos', 'Vupt Univille'],
      ['/univille/faq', 'Perguntas frequentes', 'Vupt Univille'],
      ['/univille/como-funciona', 'Como funciona', 'Vupt Univille'],
    ]) {
      const head = await headOf(path as string)
      expect(head.title, path).toBe(`${title} · Vupt`)
      expect(head.tags['og:title'], path).toBe(title)
      expect(head.tags['og:site_name'], path).toBe(site)
      expect(head.tags['og:url'], path).toMatch(
        new RegExp(`^https?://[^/]+${path === '/' ? '/$' : `${path}$`}`),
      )
      expect(head.tags['og:description'], path).toBeTruthy()
    }
  })

  it('na página inicial os destaques ficam abaixo da primeira tela: as fotos deles esperam a rolagem', async () => {
    const { html } = await headOf('/')
    const photos = [...html.matchAll(/<img [^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => tag.includes('/uploads/'))
    expect(photos.length).toBeGreaterThan(0)
    for (const tag of photos) {
      expect(tag).toContain('loading="lazy"')
      expect(tag).not.toMatch(/fetchpriority="high"/i)
    }
    expect(html).not.toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/i)
  })

  it('um evento mostra quando, onde e o começo da descrição', async () => {
    const list = await headOf('/univille/eventos')
    const eventPath = /href="(\/univille\/evento\/\d+)"/.exec(list.html)?.[1]
    expect(eventPath).toBeTruthy()
    const head = await headOf(eventPath as string)
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(head.html)?.[1]
    expect(head.title).toBe(`${heading} · Vupt`)
    expect(head.tags['og:title']).toBe(heading)
    expect(head.tags['og:description']).toMatch(/^\d{1,2} de [a-zç]+, \d{2}:\d{2} · \S/)
  })

  it('um anúncio aberto por um visitante mostra só o nome da comunidade; o membro vê o título do anúncio', async () => {
    const member = await headOf('/univille/produto/1', { cookie: await demoCookie() })
    const listingTitle = member.title?.replace(/ · Vupt$/, '')
    expect(listingTitle).toBeTruthy()
    expect(listingTitle).not.toBe(member.title)

    // The crawler follows the server's 302 to the sign-in page, as a visitor would.
    const visitor = await headOf('/univille/produto/1')
    expect(visitor.title).toBe('Entrar · Vupt')
    expect(visitor.tags['og:title']).toBe('Um anúncio na comunidade Univille')
    expect(visitor.tags['og:description']).toContain('Univille')
    expect(visitor.html).not.toContain(listingTitle)
    expect(visitor.tags['og:image']).toBeUndefined()
  })
})
