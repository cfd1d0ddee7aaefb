import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { listings } from '../../server/db/schema'
import { createApprovedStudent, type Student } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
let seller: Student
let buyer: Student
const ids = { backpack: 0, lamp: 0 }

beforeAll(async () => {
  seller = await createApprovedStudent(stage.server.dataDir, 'Rita Campos')
  buyer = await createApprovedStudent(stage.server.dataDir, 'Otávio Mendes')
  await withServerDatabase(stage.server.dataDir, (db) => {
    ids.backpack = createListing(db, { sellerId: seller.id, title: 'Mochila de couro' })
    ids.lamp = createListing(db, { sellerId: seller.id, title: 'Luminária de leitura' })
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
    await page.getByRole('option', { name: 'Inativo' }).waitFor()
    await page.keyboard.press('Home')
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
})
