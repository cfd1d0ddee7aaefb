import { describe, expect, it } from 'vitest'
import { makeOffer, offerCard, openDealOnPhones, sendCounterOffer, setUpDeal } from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const deal = setUpDeal(
  stage,
  { buyer: 'Bianca Moraes', seller: 'Otávio Prado' },
  { title: 'Teclado Yamaha PSR', priceCents: 90000 },
)

describe('o negócio nunca fica desatualizado, no celular', () => {
  it('quem vende marca o anúncio como vendido e a contraproposta aberta na tela de quem compra se encerra sozinha, dizendo por quê', async () => {
    const { seller, buyer } = await openDealOnPhones(stage, deal)
    const [sellerPage, buyerPage] = [seller.page, buyer.page]
    try {
      await makeOffer(buyerPage, '800')
      await offerCard(sellerPage, 'R\\$\\s800,00').getByRole('button', { name: 'Contraproposta' }).click()
      await sendCounterOffer(sellerPage, '850,00')

      // The buyer's thread, open, has the counter to answer.
      const counter = offerCard(buyerPage, 'R\\$\\s850,00')
      await counter.getByRole('button', { name: 'Aceitar' }).waitFor()
      await counter.getByRole('button', { name: 'Contraproposta' }).waitFor()

      // The seller sells it elsewhere and marks it sold, on the listing's page.
      await sellerPage.goto(`/univille/produto/${deal.listingId}`)
      await sellerPage.getByRole('combobox', { name: 'Status' }).click()
      await sellerPage.getByRole('option', { name: 'Vendido' }).click()
      await sellerPage.getByText('Status alterado para Vendido').waitFor()

      // No reload: the card says why, and its buttons are gone.
      await counter.getByText('Esta oferta foi encerrada porque o anúncio foi vendido.').waitFor()
      await counter.getByText('Encerrada', { exact: true }).waitFor()
      expect(await counter.getByRole('button', { name: 'Aceitar' }).count()).toBe(0)
      expect(await counter.getByRole('button', { name: 'Contraproposta' }).count()).toBe(0)
      expect(await counter.getByRole('button', { name: 'Recusar' }).count()).toBe(0)
      expect(await buyerPage.getByRole('button', { name: 'Fazer uma oferta' }).count()).toBe(0)
    } finally {
      await seller.context.close()
      await buyer.context.close()
    }
  })
})
