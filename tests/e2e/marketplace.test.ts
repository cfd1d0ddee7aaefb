import { beforeAll, describe, expect, it } from 'vitest'
import { createMemberOnServer, type ServerMember } from './support/accounts'
import { setUpPhotoFiles } from './support/photos'
import { attachListingPhotos, fillSellForm } from './support/sell-form'
import { setUpStage } from './support/stage'

const stage = setUpStage()
let seller: ServerMember
let buyer: ServerMember
const photos = setUpPhotoFiles(1200, 900)

beforeAll(async () => {
  seller = await createMemberOnServer(stage.server.dataDir, 'Marina Costa')
  buyer = await createMemberOnServer(stage.server.dataDir, 'Pedro Alves')
})

describe('marketplace', () => {
  it('anunciar com duas fotos → achar sem acento → favoritar e dar Vupt → editar e marcar vendido', async () => {
    const { context: sellerContext, page } = await stage.signedInPage(seller)

    await fillSellForm(page, {
      title: 'Caneca de cerâmica pintada à mão',
      description: 'Caneca artesanal para o café da manhã, feita no ateliê do campus.',
      price: '45,90',
      category: /Criações/,
      subcategory: /Artesanato/,
      condition: 'Novo',
    })
    await attachListingPhotos(page, photos)
    await page.getByRole('button', { name: 'Publicar anúncio' }).click()
    await page.getByText('Anúncio criado com sucesso!').waitFor()
    await page.waitForURL(/\/meus-produtos$/)
    await page.getByText('Caneca de cerâmica pintada à mão').waitFor()

    // Another student finds it in the portal with an accent-free, partial search.
    const { context: buyerContext, page: buyerPage } = await stage.signedInPage(buyer)
    await buyerPage.goto('/univille/portal')
    const search = buyerPage.getByRole('searchbox').first()
    await search.fill('ceramica pint')
    await search.press('Enter')
    await buyerPage.waitForURL(/q=ceramica/)
    await buyerPage
      .getByRole('link', { name: /Caneca de cerâmica pintada à mão/ })
      .first()
      .click()
    await buyerPage.waitForURL(/\/produto\/\d+$/)
    const listingUrl = buyerPage.url()
    await buyerPage.getByRole('heading', { name: 'Caneca de cerâmica pintada à mão' }).waitFor()
    await expect
      .poll(() => buyerPage.locator('[aria-label="Fotos de Caneca de cerâmica pintada à mão"] img').count())
      .toBe(2)

    await buyerPage.getByRole('button', { name: /Favoritar/ }).click()
    await buyerPage.getByText('Adicionado aos favoritos').waitFor()
    await buyerPage.getByRole('button', { name: 'Vupt!' }).click()
    await buyerPage.getByText('Vupt! dado com sucesso!').waitFor()
    await buyerPage.getByText('1 Vupt', { exact: true }).first().waitFor()
    await buyerPage.reload()
    expect(await buyerPage.getByRole('button', { name: 'Vupt!' }).getAttribute('aria-pressed')).toBe('true')
    expect(await buyerPage.getByRole('button', { name: /Favoritar/ }).getAttribute('aria-pressed')).toBe(
      'true',
    )

    // The owner edits the listing on its page, then marks it sold.
    await page.goto(listingUrl.replace(stage.server.url, ''))
    await page.getByRole('button', { name: 'Seu anúncio' }).waitFor()
    await page.getByRole('button', { name: 'Editar' }).click()
    await page.getByLabel('Preço').fill('39,90')
    await page.getByRole('button', { name: 'Salvar alterações' }).click()
    await page.getByText('Anúncio atualizado com sucesso!').waitFor()
    await page.getByText('R$ 39,90').first().waitFor()
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Vendido' }).click()
    await page.getByText(/Status alterado para Vendido/).waitFor()

    // It leaves the public listings but stays in Meus Produtos.
    await buyerPage.goto('/univille/portal?q=ceramica')
    await buyerPage.getByText('Nenhum anúncio encontrado').waitFor()
    await page.goto('/univille/meus-produtos')
    await page.getByText('Caneca de cerâmica pintada à mão').waitFor()
    await page.getByText('Vendido').first().waitFor()

    await buyerContext.close()
    await sellerContext.close()
  })
})
