import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { type ServerMember, setUpMembers } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpPhotoFiles } from './support/photos'
import { attachListingPhotos, fillSellForm } from './support/sell-form'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, {
  poster: 'Helena Prado',
  seller: 'Igor Matos',
  fan: 'Joana Reis',
  moderator: ['Moderador Kaio', { roles: ['user', 'moderator'] }],
})
const photos = setUpPhotoFiles(900, 700, ['#15803d'])
let flaggedId: number

beforeAll(async () => {
  flaggedId = await withServerDatabase(stage.server.dataDir, (db) =>
    createListing(db, {
      sellerId: members.seller.id,
      title: 'Gabarito da prova de Química',
      priceCents: 1500,
    }),
  )
})

async function signedIn(student: ServerMember, phone = false): Promise<Page> {
  const { page } = await stage.signedInPage(student, {
    device: phone ? 'phone' : 'desktop',
  })
  return page
}

/** Publishes a desapego with one photo through /vender; returns its page's path. */
async function publish(page: Page, title: string, price: string): Promise<string> {
  await fillSellForm(page, {
    title,
    description: `${title}, funcionando e com manual, retirada no campus.`,
    price,
    category: /Desapegos/,
    subcategory: /Eletrônicos/,
    condition: 'Usado',
  })
  await attachListingPhotos(page, photos)
  await page.getByRole('button', { name: 'Publicar anúncio' }).click()
  await page.getByText('Anúncio criado com sucesso!').waitFor()
  await page.waitForURL(/\/meus-produtos$/)
  await page.getByRole('link', { name: title }).first().click()
  await page.waitForURL(/\/produto\/\d+$/)
  return new URL(page.url()).pathname
}

describe('Procura-se e avisos', () => {
  it('um pedido no Procura-se → um anúncio que combina → quem pediu é avisado e o vendedor manda mensagem', async () => {
    const p = await signedIn(members.poster)
    await p.goto('/univille/procura-se')
    await p.getByRole('heading', { name: 'Procura-se', level: 1 }).waitFor()
    await p.getByText('Nenhum pedido no ar').waitFor()
    await p.getByRole('button', { name: 'Publicar pedido' }).first().click()
    const form = p.getByRole('dialog', { name: 'Publicar pedido' })
    // A bad field says what is wrong, in Portuguese, and nothing is posted.
    await form.getByLabel('O que você procura?').fill('ab')
    await form.getByRole('button', { name: 'Publicar pedido' }).click()
    await p.getByText('Título deve ter no mínimo 3 caracteres').first().waitFor()
    await form.getByLabel('O que você procura?').fill('Calculadora científica')
    await form.getByLabel('Categoria').selectOption({ label: 'Desapegos' })
    await form.getByLabel('Pago até (opcional)').fill('80')
    await form.getByRole('button', { name: 'Publicar pedido' }).click()
    await p.getByText('Pedido publicado no Procura-se!').waitFor()
    await p.getByRole('region', { name: 'Meus pedidos' }).getByText('No ar', { exact: true }).waitFor()
    // A confirmation opened by a plain button hands focus back to it when it closes.
    const found = p.getByRole('button', { name: /Já encontrei/ })
    await found.click()
    await p.getByRole('alertdialog', { name: 'Encerrar pedido?' }).waitFor()
    await p.keyboard.press('Escape')
    await p.getByRole('alertdialog').waitFor({ state: 'detached' })
    await expect.poll(() => found.evaluate((button) => button === document.activeElement)).toBe(true)

    const s = await signedIn(members.seller, true)
    await s.goto('/univille/procura-se')
    await s.getByRole('article', { name: 'Calculadora científica' }).getByText('Paga até R$ 80,00').waitFor()
    await publish(s, 'Calculadora Científica Casio fx-82', '60')

    // The poster's bell counts it live; the notification opens the listing.
    await p.getByRole('button', { name: 'Notificações, 1 não lida' }).click()
    await p.getByRole('menuitem', { name: /Alguém anunciou o que você procura/ }).click()
    await p.waitForURL(/\/produto\/\d+$/)
    await p.getByRole('heading', { name: 'Calculadora Científica Casio fx-82' }).waitFor()
    expect(await p.getByText('Alguém procura isto').count()).toBe(0)

    // The seller sees who is looking for it, and writes to them.
    const matches = s.getByRole('region', { name: 'Alguém procura isto' })
    await matches.getByText('“Calculadora científica”').waitFor()
    await matches.getByRole('link', { name: 'Enviar mensagem para Helena Prado' }).click()
    await s.waitForURL(/\/chat\/\d+$/)
    await s.getByRole('heading', { name: 'Helena Prado' }).waitFor()
    await s.getByLabel('Mensagem', { exact: true }).fill('Oi, Helena! Tenho a calculadora que você procura.')
    await s.getByRole('button', { name: 'Enviar', exact: true }).click()
    await s
      .getByRole('list', { name: 'Mensagens' })
      .getByText('Tenho a calculadora que você procura.')
      .waitFor()

    await p.context().close()
    await s.context().close()
  })

  it('o preço de um favorito cai → quem favoritou recebe o aviso', async () => {
    const s = await signedIn(members.seller)
    const path = await publish(s, 'Fone de ouvido sem fio JBL', '150')
    const f = await signedIn(members.fan, true)
    await f.goto(path)
    await f.getByRole('button', { name: 'Favoritar', exact: true }).click()
    await f.getByText('Adicionado aos favoritos').first().waitFor()

    await s.goto(path)
    await s.getByRole('button', { name: 'Editar' }).click()
    await s.getByLabel('Preço').fill('120')
    await s.getByRole('button', { name: 'Salvar alterações' }).click()
    await s.getByText('Anúncio atualizado com sucesso!').waitFor()

    await f.getByRole('button', { name: /Notificações, \d+ não lida/ }).click()
    const note = f.getByRole('menuitem', { name: /"Fone de ouvido sem fio JBL" baixou de preço/ })
    await note.getByText(/De R\$\s150,00 por R\$\s120,00/).waitFor()

    await s.context().close()
    await f.context().close()
  })

  it('Admin → Anúncios: um anúncio removido abre na prévia de moderação, com o motivo', async () => {
    const m = await signedIn(members.moderator)
    await m.goto('/univille/admin/anuncios')
    await m.getByRole('button', { name: 'Remover anúncio Gabarito da prova de Química' }).click()
    const dialog = m.getByRole('dialog', { name: 'Remover anúncio' })
    await dialog.getByLabel('Spam ou duplicado').check()
    await dialog.getByRole('button', { name: 'Remover anúncio' }).click()
    await m.getByText('Anúncio removido com sucesso!').waitFor()

    await m.getByRole('link', { name: 'Gabarito da prova de Química' }).click()
    await m.waitForURL(new RegExp(`/admin/anuncios/${flaggedId}$`))
    await m.getByRole('heading', { name: 'Prévia do anúncio', level: 1 }).waitFor()
    await m.getByRole('heading', { name: 'Gabarito da prova de Química' }).waitFor()
    await m.getByText('Removido pela moderação').first().waitFor()
    await m.getByRole('region', { name: 'Remoção' }).getByText('Spam ou duplicado').waitFor()
    expect(await m.getByText('Anúncio não encontrado').count()).toBe(0)

    // A member following the old link is told it is gone.
    const f = await signedIn(members.fan)
    await f.goto(`/univille/produto/${flaggedId}`)
    await f.getByRole('heading', { name: 'Anúncio não encontrado' }).waitFor()
    await m.context().close()
    await f.context().close()
  })
})
