import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../../../scripts/lib/chromium'
import { signIn } from './accounts'

/** Debian's Chromium, headless, with the background services off (the test network refuses them). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  })
}

/**
 * Pages arrive rendered by the server, so a button is visible before its handler exists. After a
 * page load, wait until the app has hydrated (`<html data-hydrated>`), as a person would wait for
 * the page to respond; a page that is not the app (no #root) is ready when loaded.
 */
export function waitForHydration(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.hydrated !== undefined,
    null,
    { timeout: 20_000 },
  )
}

function hydratedNavigation(context: BrowserContext): BrowserContext {
  context.on('page', (page) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args) => {
      const response = await goto(...args)
      // 'commit' asks for the page as it starts to arrive (a test holding its code, say), not hydrated.
      if (args[1]?.waitUntil !== 'commit') await waitForHydration(page)
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await waitForHydration(page)
      return response
    }
  })
  return context
}

/** A phone-sized context: most students use Vupt on their phones. */
export async function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return hydratedNavigation(
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      hasTouch: true,
    }),
  )
}

export async function newDesktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return hydratedNavigation(
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR' }),
  )
}

/**
 * A new browser context signed in through the sign-in page, on a phone (the default) or a desktop.
 * With `totpKey`, the two-factor step is answered too.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  {
    device = 'phone',
    totpKey,
    community = 'univille',
  }: { device?: 'phone' | 'desktop'; totpKey?: string; community?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (device === 'phone' ? newPhoneContext : newDesktopContext)(browser, baseURL)
  const page = await context.newPage()
  await page.goto(`/${community}/auth`)
  await signIn(page, account.email, account.password, totpKey)
  return { context, page }
}
