import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { meetingSpots } from '../../server/db/schema'
import { enrolTwoFactor } from './support/accounts'
import { withServerDatabase } from './support/database'
import { acceptOffer, makeOffer, offerCard, sendCounterOffer, setUpDeal } from './support/deals'
import { ADMIN } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const deal = setUpDeal(
  stage,
  { buyer: 'Clara Nunes', seller: 'Davi Rocha' },
  { title: 'Calculadora HP 12c', priceCents: 30000 },
)

describe('ofertas no chat, no celular', () => {
  it('quem compra oferta, quem vende vê ao vivo e contrapõe, quem compra aceita: os dois veem "Aceita"', async () => {
    const { context: sellerContext, page: sellerPage } = await stage.signedInPage(deal.seller)
    await sellerPage.goto(`/univille/chat/${deal.conversationId}`)
    await sellerPage.getByRole('list', { name: 'Mensagens' }).waitFor()
    // The seller is offered nothing to do: offers are made by the buyer.
    expect(await sellerPage.getByRole('button', { name: 'Fazer uma oferta' }).count()).toBe(0)

    const { context: buyerContext, page: buyerPage } = await stage.signedInPage(deal.buyer)
    await buyerPage.goto(`/univille/chat/${deal.conversationId}`)
    await makeOffer(buyerPage, '250')
    await offerCard(buyerPage, 'R\\$\\s250,00').waitFor()
    // The buyer waits: no answer buttons on their own offer.
    expect(await offerCard(buyerPage, 'R\\$\\s250,00').getByRole('button').count()).toBe(0)

    // The seller's open thread shows it without reloading, with the answers.
    const received = offerCard(sellerPage, 'R\\$\\s250,00')
    await received.getByRole('button', { name: 'Contraproposta' }).click()
    await sendCounterOffer(sellerPage, '280,00')
    await offerCard(sellerPage, 'R\\$\\s280,00').waitFor()
    await received.getByText('Contraproposta enviada').waitFor()

    const counter = offerCard(buyerPage, 'R\\$\\s280,00')
    await acceptOffer(buyerPage, 'R\\$\\s280,00')

    await counter.getByText('Aceita', { exact: true }).waitFor()
    await offerCard(sellerPage, 'R\\$\\s280,00').getByText('Aceita', { exact: true }).waitFor()
    expect(await offerCard(sellerPage, 'R\\$\\s280,00').getByRole('button').count()).toBe(0)
    // The listing keeps its public price.
    await buyerPage.goto(`/univille/produto/${deal.listingId}`)
    await buyerPage.getByRole('heading', { name: 'Calculadora HP 12c' }).waitFor()
    await buyerPage
      .getByText(/R\$\s300,00/)
      .first()
      .waitFor()
    await sellerContext.close()
    await buyerContext.close()
  }, 120_000)

  it('o administrador cria um ponto de encontro em "Pontos de encontro"', async () => {
    const { context, page } = await stage.signedInPage(ADMIN, {
      device: 'phone',
      totpKey: enrolTwoFactor(stage.server.dataDir, ADMIN.email),
    })
    await page.goto('/univille/admin/pontos-de-encontro')
    await page.getByText('Hall da Biblioteca Central').waitFor()
    await page.getByRole('button', { name: 'Novo ponto de encontro' }).click()
    const dialog = page.getByRole('dialog', { name: 'Novo ponto de encontro' })
    await dialog.getByLabel('Nome').fill('Ginásio de esportes')
    await dialog.getByLabel('Onde fica').fill('Na porta do ginásio, ao lado da quadra coberta.')
    await dialog.getByLabel('Abre às').fill('09:00')
    await dialog.getByLabel('Fecha às').fill('17:30')
    await dialog.getByRole('checkbox', { name: 'Sábado' }).check()
    await dialog.getByRole('button', { name: 'Salvar ponto de encontro' }).click()
    await page.getByRole('list', { name: 'Pontos de encontro' }).getByText('Ginásio de esportes').waitFor()
    await page.getByText('Seg a Sáb, das 09:00 às 17:30').waitFor()
    const stored = await withServerDatabase(stage.server.dataDir, (db) =>
      db.select().from(meetingSpots).where(eq(meetingSpots.name, 'Ginásio de esportes')).get(),
    )
    expect(stored).toMatchObject({ opensAt: '09:00', closesAt: '17:30', weekdays: 63, retiredAt: null })
    await context.close()
  }, 120_000)
})
