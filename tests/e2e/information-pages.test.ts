import type { Browser, BrowserContext, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { createMemberOnServer } from './support/accounts'
import { launchBrowser, newDesktopContext, newPhoneContext } from './support/browser'
import { withServerDatabase } from './support/database'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let activeCommunities: number

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ CONTACT_EMAIL: 'fale@vupt.test' }), launchBrowser()])
  // Three listings on sale by two students; a sold and a paused one by a third, who sells nothing now.
  const [ana, bruno, carla] = await Promise.all(
    ['Ana Sobral', 'Bruno Sobral', 'Carla Sobral'].map((name) => createMemberOnServer(server.dataDir, name)),
  )
  activeCommunities = await withServerDatabase(server.dataDir, (db) => {
    for (const [seller, title, status] of [
      [ana, 'Calculadora HP', 'ativo'],
      [ana, 'Jaleco M', 'ativo'],
      [bruno, 'Aulas de violão', 'ativo'],
      [carla, 'Livro de Física', 'vendido'],
      [carla, 'Mesa de estudos', 'inativo'],
    ] as const) {
      createListing(db, { sellerId: seller?.id ?? 0, title, status })
    }
    return db.$client.prepare('select count(*) as total from communities where active = 1').get() as {
      total: number
    }
  }).then((row) => row.total)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
})

/** Each figure of the list as read aloud: value, then what it counts. */
function figureTexts(list: Locator) {
  return list
    .locator('dl > div')
    .evaluateAll((items) =>
      items.map(
        (item) => `${item.querySelector('dd')?.textContent} ${item.querySelector('dt')?.textContent}`,
      ),
    )
}

describe('páginas informativas', () => {
  it('o rodapé e o topo levam a cada página informativa, que só chamam a API para os números do Sobre', async () => {
    context = await newDesktopContext(browser, server.url)
    const page = await context.newPage()
    const apiCalls: string[] = []
    page.on('request', (request) => {
      // The API answers with or without the community prefix the page was opened with.
      const api = /^(\/[a-z0-9-]+)?\/api\/trpc\//.test(new URL(request.url()).pathname)
      // Sobre shows the community's counts, read through the API when reached inside the app.
      if (api && !request.url().includes('auth.me') && !request.url().includes('listings.stats')) {
        apiCalls.push(request.url())
      }
    })
    await page.goto('/univille')
    const footer = page.getByRole('contentinfo')

    await footer.getByRole('link', { name: 'Como Funciona' }).click()
    await page.waitForURL(`${server.url}/univille/como-funciona`)
    await page.getByRole('heading', { level: 1, name: 'Como funciona' }).waitFor()

    await footer.getByRole('link', { name: 'Sobre' }).click()
    await page.waitForURL(`${server.url}/univille/sobre`)
    const figures = page.getByRole('region', { name: 'O Vupt em números' })
    // Reached inside the app, the counts arrive from the API: the list is busy until they do.
    await figures.locator('dl[aria-busy="false"]').waitFor()
    expect(await figureTexts(figures)).toEqual([
      '3 anúncios no ar',
      '2 estudantes anunciando',
      `${activeCommunities} ${activeCommunities === 1 ? 'comunidade' : 'comunidades'} no Vupt`,
    ])
    expect(await page.getByText(/500\+|1\.200\+|vendidos|usuários ativos/).count()).toBe(0)

    await footer.getByRole('link', { name: 'FAQ' }).click()
    await page.waitForURL(`${server.url}/univille/faq`)
    await page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' }).waitFor()

    // The contact address comes from the configuration.
    expect(await footer.getByRole('link', { name: 'Contato', exact: true }).getAttribute('href')).toBe(
      'mailto:fale@vupt.test',
    )

    // Top navigation.
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Como Funciona' })
      .click()
    await page.waitForURL(`${server.url}/univille/como-funciona`)
    await page.getByRole('heading', { level: 1, name: 'Como funciona' }).waitFor()

    expect(apiCalls).toEqual([])
  })

  it('o Sobre vem do servidor já com os números da comunidade', async () => {
    const html = await (await fetch(`${server.url}/univille/sobre`)).text()
    const numbers = [...html.matchAll(/<dd[^>]*>([^<]*)<\/dd>/g)].map((match) => match[1])
    expect(numbers).toEqual(['3', '2', String(activeCommunities)])
  })

  it('o FAQ e o Como funciona dizem o que o produto faz', async () => {
    const page = await context.newPage()
    await page.goto('/univille/faq')
    const answer = async (question: string) => {
      await page.getByRole('button', { name: question }).click()
      return page.getByRole('region', { name: question }).innerText()
    }
    // Vupts count, earn the two badges and order the portal; they do not pick the featured listings.
    const vupt = await answer('O que é um Vupt?')
    expect(vupt).toContain('"Em alta!"')
    expect(vupt).toContain('"Destaque!"')
    expect(vupt).toContain('"Mais Vupts"')
    expect(vupt).not.toMatch(/destaque no portal/i)
    // The status picker is in Meus Produtos, with the statuses it offers.
    const status = await answer('Posso editar meu anúncio ou marcá-lo como vendido?')
    expect(status).toMatch(/Em Meus Produtos.*Inativo.*Vendido.*Ativo/s)
    expect(status).not.toMatch(/pausar/)

    await page.goto('/univille/como-funciona')
    const account = page.getByRole('region', { name: 'Antes de tudo: sua conta' })
    const steps = await account.getByRole('listitem').allInnerTexts()
    const position = (text: RegExp) => steps.findIndex((step) => text.test(step))
    // The order the app enforces: sign up, confirm the e-mail, approval, then the profile dialog.
    const order = [/Crie sua conta/, /Confirme o e-mail/, /Aguarde a aprovação/, /complete o seu perfil/].map(
      position,
    )
    expect(order).toEqual([0, 1, 2, 3])
    const vupts = await page.getByRole('region', { name: 'Vupts' }).innerText()
    expect(vupts).not.toMatch(/destaque no portal/i)
    expect(vupts).toContain('"Em alta!"')
    await page.close()
  })

  it('a busca do FAQ ignora acentos e maiúsculas e diz quantos resultados achou', async () => {
    const page = await context.newPage()
    await page.goto('/univille/faq')
    const search = page.getByLabel('Buscar nas perguntas e respostas')
    await search.fill('SENHA')
    const status = page.locator('#faq-search-status')
    await expect.poll(() => status.textContent()).toMatch(/^\d+ resultado\(s\) encontrado\(s\)$/)
    await search.fill('aprovacao')
    await expect.poll(() => status.textContent()).toMatch(/^\d+ resultado\(s\) encontrado\(s\)$/)
    await search.fill('xyzzy inexistente')
    await expect.poll(() => status.textContent()).toBe('Nenhum resultado encontrado')
    await page.close()
  })

  it('o seletor de comunidades leva à Univille e mostra as próximas como em breve', async () => {
    const phone = await newPhoneContext(browser, server.url)
    const page = await phone.newPage()
    await page.goto('/comunidades')
    await page.getByText('Em breve').first().waitFor()
    await page
      .getByRole('link', { name: /Univille/ })
      .first()
      .click()
    await page.waitForURL(`${server.url}/univille`)
    await phone.close()
  })

  it('um caminho desconhecido mostra o 404 com link para o início', async () => {
    const page = await context.newPage()
    const response = await page.goto('/univille/pagina-que-nao-existe')
    expect(response?.status()).toBe(404)
    await page.getByText('Oops! Page not found').waitFor()
    await page.getByRole('link', { name: 'Voltar para o início' }).click()
    await page.waitForURL(`${server.url}/`)
    await page.getByRole('heading', { level: 1, name: 'Marketplace Universitário' }).waitFor()
    await page.close()
  })

  it('o rodapé só aparece com a página: enquanto ela carrega, nada fica na tela para ser empurrado', async () => {
    const phones: BrowserContext[] = []
    // The FAQ page's code held, as a slow connection would, and the page's layout shifts recorded. The
    // whole context's requests are held: the service worker's fetches too.
    const pageWithFaqHeld = async () => {
      const phone = await newPhoneContext(browser, server.url)
      phones.push(phone)
      const page = await phone.newPage()
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await phone.route(/\/assets\/faq-page-[^/]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, { layoutShifts: shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value)
        }).observe({ type: 'layout-shift', buffered: true })
      })
      const layoutShift = async () =>
        (await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).reduce(
          (sum, value) => sum + value,
          0,
        )
      return { page, release, layoutShift }
    }

    // Opened from a link: the server's page is whole, content then footer, before its code arrives.
    const opened = await pageWithFaqHeld()
    await opened.page.goto('/univille/faq', { waitUntil: 'commit' })
    await opened.page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' }).waitFor()
    await opened.page.getByRole('contentinfo').waitFor({ state: 'attached' })
    expect(await opened.page.getByRole('status').count()).toBe(0)
    opened.release()
    await opened.page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined)
    expect(await opened.layoutShift()).toBeLessThan(0.05)

    // Reached inside the app, the page's code is fetched only then: the footer waits with the page.
    const reached = await pageWithFaqHeld()
    await reached.page.goto('/univille/como-funciona')
    await reached.page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
    await reached.page.getByRole('status').first().waitFor()
    expect(await reached.page.getByRole('contentinfo').count()).toBe(0)
    reached.release()
    await reached.page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' }).waitFor()
    await reached.page.getByRole('contentinfo').waitFor({ state: 'attached' })
    expect(await reached.layoutShift()).toBeLessThan(0.05)
    for (const phone of phones) await phone.close()
  })
})
