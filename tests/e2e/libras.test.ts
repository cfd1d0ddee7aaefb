import { createHash } from 'node:crypto'
import type { Page, Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LIBRAS_COOKIE, VLIBRAS_APP_URL, VLIBRAS_SCRIPT_URL } from '../../shared/libras'
import { setUpStage } from './support/stage'

const stage = setUpStage()

/** Stands in for the government's script: records that it ran and with which app address. */
const STUB = 'window.VLibras = { Widget: function (url) { window.__vlibrasWidget = url } }'

const cspOf = (response: Response | null) => response?.headers()['content-security-policy'] ?? ''

async function librasButton(page: Page) {
  const button = page.getByRole('button', { name: /Acessibilidade em Libras/ })
  await button.waitFor()
  return button
}

describe('Libras (VLibras) por escolha', () => {
  it('nada externo carrega antes de ativar; depois o widget carrega, a CSP o admite e a escolha fica lembrada', async () => {
    const context = await stage.phoneContext()
    const page = await context.newPage()
    const outside: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(stage.server.url)) outside.push(request.url())
    })
    await context.route('https://vlibras.gov.br/**', (route) =>
      route.request().url() === VLIBRAS_SCRIPT_URL
        ? route.fulfill({ contentType: 'text/javascript', body: STUB })
        : route.fulfill({ status: 404, body: '' }),
    )

    const first = await page.goto('/univille/faq')
    await page.waitForLoadState('networkidle')
    expect(outside).toEqual([])
    expect(cspOf(first)).not.toContain('vlibras')
    const button = await librasButton(page)
    expect(await button.getAttribute('aria-pressed')).toBe('false')
    await expect(
      page.getByText(/carregar o VLibras, do governo federal \(vlibras\.gov\.br\)/).count(),
    ).resolves.toBe(1)

    // Keyboard: focus the switch and press Enter; the page reloads with the choice.
    const reloaded = page.waitForResponse((response) => response.url().endsWith('/univille/faq'))
    await button.focus()
    await page.keyboard.press('Enter')
    const withLibras = await reloaded
    expect(cspOf(withLibras)).toContain('https://vlibras.gov.br')
    await page.waitForFunction(() => (window as { __vlibrasWidget?: string }).__vlibrasWidget !== undefined)
    expect(await page.evaluate(() => (window as { __vlibrasWidget?: string }).__vlibrasWidget)).toBe(
      VLIBRAS_APP_URL,
    )
    expect(outside).toContain(VLIBRAS_SCRIPT_URL)
    expect(await page.locator('[vw]').count()).toBe(1)
    // The switch reads the choice from the browser's storage once the reloaded page has hydrated (the
    // server cannot see it).
    const switchOn = await librasButton(page)
    await expect.poll(() => switchOn.getAttribute('aria-pressed')).toBe('true')

    // Remembered on the next visit, in a new tab of the same browser.
    const later = await context.newPage()
    await later.goto('/univille/portal')
    await later.waitForFunction(() => (window as { __vlibrasWidget?: string }).__vlibrasWidget !== undefined)

    // Off again: the next page loads nothing from outside and its policy is back to the default.
    outside.length = 0
    const off = later.waitForResponse((response) => response.url().endsWith('/univille/portal'))
    await (await librasButton(later)).focus()
    await later.keyboard.press('Enter')
    expect(cspOf(await off)).not.toContain('vlibras')
    await later.waitForLoadState('networkidle')
    expect(await (await librasButton(later)).getAttribute('aria-pressed')).toBe('false')
    expect(outside).toEqual([])
    await context.close()
  })

  it('a CSP padrão recusa o VLibras, e só o cookie de quem ativou a estende', async () => {
    const plain = await fetch(`${stage.server.url}/univille/faq`)
    const optedIn = await fetch(`${stage.server.url}/univille/faq`, {
      headers: { cookie: `${LIBRAS_COOKIE}=1` },
    })
    const other = await fetch(`${stage.server.url}/univille/faq`, {
      headers: { cookie: `${LIBRAS_COOKIE}=0` },
    })
    const scriptSrc = (response: globalThis.Response) =>
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src'))
        ?.trim()
    // Beyond its own files, the page may run only the inline scripts it carries, each by its hash.
    const inline = [...(await plain.clone().text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    )
    expect(inline).toHaveLength(1)
    expect(scriptSrc(plain)).toBe(`script-src 'self' ${inline.join(' ')}`)
    expect(scriptSrc(other)).toBe(`script-src 'self' ${inline.join(' ')}`)
    expect(scriptSrc(optedIn)).toContain('https://vlibras.gov.br')
  })
})
