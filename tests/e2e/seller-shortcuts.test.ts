import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createConversation, createListing } from '../../server/db/factories'
import { listings } from '../../server/db/schema'
import { createMemberOnServer, type ServerMember } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
let seller: ServerMember
let buyer: ServerMember
const ids = { backpack: 0, lamp: 0, conversation: 0 }

beforeAll(async () => {
  seller = await createMemberOnServer(stage.server.dataDir, 'Rita Campos')
  buyer = await createMemberOnServer(stage.server.dataDir, 'Otávio Mendes')
  await withServerDatabase(stage.server.dataDir, (db) => {
    ids.backpack = createListing(db, { sellerId: seller.id, title: 'Mochila de couro' })
    ids.lamp = createListing(db, { sellerId: seller.id, title: 'Luminária de leitura' })
    ids.conversation = createConversation(db, buyer.id, seller.id, ids.backpack)
  })
})

/** Whether the portal, freshly opened by the buyer, lists the listing. */
async function portalLists(page: Page, title: string): Promise<boolean> {
  await page.goto('/univille/portal')
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page
    .getByRole('link', { name: /Luminária de leitura/ })
    .first()
    .waitFor()
  return (await page.getByRole('link', { name: new RegExp(title) }).count()) > 0
}

/** Tabs forward from the top of the page until the focused element is `name`; fails after `limit` tabs. */
async function tabTo(page: Page, name: string, limit = 20): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''
    })
    if (focused === name) return
  }
  throw new Error(`"${name}" não foi alcançado pelo teclado`)
}

describe('atalhos de quem vende', () => {
  it('Meus Produtos muda o status do anúncio, e o portal acompanha', async () => {
    const { context: buyerContext, page: portal } = await stage.signedInPage(buyer, { device: 'desktop' })
    expect(await portalLists(portal, 'Mochila de couro')).toBe(true)

    const { context, page } = await stage.signedInPage(seller)
    await page.goto('/univille/meus-produtos')
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Mochila de couro' }) })
    const status = card.getByRole('combobox', { name: 'Status de Mochila de couro' })
    await expect.poll(() => status.textContent()).toContain('Ativo')

    // While the server answers, the picker shows the choice and takes no other.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/listings\.setStatus/, async (route) => {
      await held
      await route.continue()
    })
    await status.click()
    await page.getByRole('option', { name: 'Inativo' }).click()
    await expect.poll(() => status.isDisabled()).toBe(true)
    expect(await status.textContent()).toContain('Inativo')
    release()
    await page.getByText('Status alterado para Inativo').waitFor()
    await expect.poll(() => status.isDisabled()).toBe(false)
    await page.unroute(/listings\.setStatus/)
    await card.getByText('Inativo', { exact: true }).first().waitFor()
    expect(await portalLists(portal, 'Mochila de couro')).toBe(false)

    // By keyboard, back on sale.
    await status.focus()
    await page.keyboard.press('Enter')
    // The list takes the focus once it is placed: keys pressed before would go to the trigger.
    const focusedOption = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'option' ? document.activeElement.textContent : null,
      )
    await expect.poll(focusedOption).toBe('Inativo')
    await page.keyboard.press('Home')
    await expect.poll(focusedOption).toBe('Ativo')
    await page.keyboard.press('Enter')
    await page.getByText('Status alterado para Ativo').waitFor()
    expect(await portalLists(portal, 'Mochila de couro')).toBe(true)

    await status.click()
    await page.getByRole('option', { name: 'Vendido' }).click()
    await page.getByText('Status alterado para Vendido').waitFor()
    expect(await portalLists(portal, 'Mochila de couro')).toBe(false)

    // Removed by the moderation while the page was open: the server refuses, the toast says why.
    await withServerDatabase(stage.server.dataDir, (db) =>
      db.update(listings).set({ moderationStatus: 'removed' }).where(eq(listings.id, ids.lamp)).run(),
    )
    const lamp = page.getByRole('combobox', { name: 'Status de Luminária de leitura' })
    await lamp.click()
    await page.getByRole('option', { name: 'Vendido' }).click()
    await page.getByText('Este anúncio foi removido pela moderação e não pode ser reativado.').waitFor()
    await expect.poll(() => lamp.isDisabled()).toBe(false)
    await expect.poll(() => lamp.textContent()).toContain('Ativo')

    await context.close()
    await buyerContext.close()
  })

  it('num celular de 360 px, "Anunciar" está ao alcance do teclado no anúncio, no chat e no próprio Vender', async () => {
    const { context, page } = await stage.signedInPage(buyer)
    await page.setViewportSize({ width: 360, height: 740 })
    for (const path of [
      `/univille/produto/${ids.backpack}`,
      `/univille/chat/${ids.conversation}`,
      '/univille/vender',
    ]) {
      await page.goto(path)
      // No floating '+' on these pages, and the top bar's button does not fit.
      expect(await page.getByRole('button', { name: 'Criar' }).count(), path).toBe(0)
      await tabTo(page, 'Abrir menu')
      await page.keyboard.press('Enter')
      const menu = page.getByRole('dialog')
      const anunciar = menu.getByRole('link', { name: 'Anunciar' })
      await anunciar.waitFor()
      // Inside the phone's screen once the sheet has slid in.
      await expect
        .poll(
          async () => {
            const box = await anunciar.boundingBox()
            return box !== null && box.x >= 0 && box.x + box.width <= 360 && box.y + box.height <= 740
          },
          { message: path },
        )
        .toBe(true)
      await tabTo(page, 'Anunciar')
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/univille\/vender$/)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await menu.waitFor({ state: 'detached' })
    }
    await context.close()
  })
})
