/**
 * A tap in the dead window of a real slow phone (issue #52): the page is painted from the server's HTML
 * and its code has not come yet. Each tap is made 100 ms after the first contentful paint, with the
 * network and CPU slowed for real (scripts/lib/slow-phone.ts), and must land: a link as a link, a
 * button held and tapped again once the page responds.
 */
import { and, eq } from 'drizzle-orm'
import type { BrowserContext, Cookie, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SLOW_PHONE, throttle } from '../../scripts/lib/slow-phone'
import { favorites, listings, users } from '../../server/db/schema'
import { withServerDatabase } from './support/database'
import { DEMO_MEMBER } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage({ demo: true })

/** A phone that has never opened Vupt (no service worker to serve the code), with `cookies`. */
async function freshPhone(cookies: Cookie[] = []): Promise<BrowserContext> {
  const context = await stage.browser.newContext({
    baseURL: stage.server.url,
    viewport: SLOW_PHONE.viewport,
    locale: 'pt-BR',
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  })
  await context.addCookies(cookies)
  return context
}

/**
 * Opens `path` on a throttled phone, holding the page's code back (the dead window, made to last) until
 * `tap` has been made, 100 ms after the first contentful paint; then lets the code come.
 */
async function tapWhilePainted(context: BrowserContext, path: string, tap: (page: Page) => Promise<void>) {
  const page = await context.newPage()
  await throttle(context, page)
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
    polling: 10,
    timeout: 30_000,
  })
  await page.waitForTimeout(100)
  expect(await isHydrated(page)).toBe(false)
  await tap(page)
  release()
  return page
}

/** A finger on the middle of what `locator` finds. */
async function tapOn(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded()
  const box = await locator.boundingBox()
  if (!box) throw new Error('nada para tocar')
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated !== undefined)

describe('um toque antes de a página responder, num celular lento de verdade', () => {
  it('"Criar Conta" abre o cadastro', async () => {
    const context = await freshPhone()
    try {
      const page = await tapWhilePainted(context, '/univille/auth', (painted) =>
        tapOn(painted, painted.getByRole('tab', { name: 'Criar Conta' })),
      )
      await page.getByRole('button', { name: 'Criar conta' }).waitFor({ timeout: 30_000 })
      expect(page.url()).toMatch(/\/univille\/auth\?aba=criar-conta$/)
      await expect(
        page.getByRole('tab', { name: 'Criar Conta' }).getAttribute('aria-selected'),
      ).resolves.toBe('true')
    } finally {
      await context.close()
    }
  })

  it('uma categoria do portal filtra', async () => {
    const context = await freshPhone()
    try {
      const page = await tapWhilePainted(context, '/univille/portal', (painted) =>
        tapOn(painted, painted.getByRole('link', { name: /Desapegos/ })),
      )
      await page.waitForURL(/\/univille\/portal\?category=desapegos$/, { timeout: 30_000 })
      await page.locator('a[aria-current="true"]', { hasText: 'Desapegos' }).waitFor({ timeout: 30_000 })
    } finally {
      await context.close()
    }
  })

  it('uma busca digitada e enviada com Enter vale quando a página responde', async () => {
    const context = await freshPhone()
    try {
      const page = await tapWhilePainted(context, '/univille/portal', async (painted) => {
        const search = painted.getByRole('searchbox', { name: 'Buscar anúncios' })
        await tapOn(painted, search)
        await search.pressSequentially('caneca')
        await search.press('Enter')
      })
      await page.waitForURL(/\/univille\/portal\?q=caneca$/, { timeout: 30_000 })
      await expect(page.getByRole('searchbox', { name: 'Buscar anúncios' }).inputValue()).resolves.toBe(
        'caneca',
      )
    } finally {
      await context.close()
    }
  })

  it('"Favoritar" num anúncio fica pendente e vale quando a página responde', async () => {
    const signedIn = await stage.signedInPage(DEMO_MEMBER)
    const context = await freshPhone(await signedIn.context.cookies())
    await signedIn.context.close()
    const listing = await withServerDatabase(stage.server.dataDir, (db) => {
      const marina = db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email)).get()
      // Someone else's listing that Marina has not favorited.
      const other = db
        .select({ id: listings.id, sellerId: listings.sellerId })
        .from(listings)
        .all()
        .find(
          (row) =>
            row.sellerId !== marina?.id &&
            !db
              .select()
              .from(favorites)
              .where(and(eq(favorites.listingId, row.id), eq(favorites.userId, marina?.id ?? 0)))
              .get(),
        )
      if (!marina || !other) throw new Error('a demonstração mudou')
      return { id: other.id, userId: marina.id }
    })
    try {
      const page = await tapWhilePainted(context, `/univille/produto/${listing.id}`, async (painted) => {
        const favorite = painted.getByRole('button', { name: 'Favoritar' })
        await tapOn(painted, favorite)
        // Held, and shown so, until the page responds.
        await painted
          .locator('button[aria-busy="true"][data-tap-pending]', { hasText: 'Favoritar' })
          .waitFor()
      })
      await page.locator('[aria-pressed="true"]', { hasText: 'Favoritar' }).waitFor({ timeout: 30_000 })
      await expect
        .poll(
          () =>
            withServerDatabase(stage.server.dataDir, (db) =>
              db
                .select()
                .from(favorites)
                .where(and(eq(favorites.userId, listing.userId), eq(favorites.listingId, listing.id)))
                .get(),
            ),
          { timeout: 30_000 },
        )
        .toBeTruthy()
    } finally {
      await context.close()
    }
  })
})
