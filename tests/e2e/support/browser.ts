import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { signIn } from './accounts'

/** Debian's Chromium, headless, with the background services off (the test network refuses them). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** A phone-sized context: most students use Vupt on their phones. */
export function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    hasTouch: true,
  })
}

export function newDesktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR' })
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
