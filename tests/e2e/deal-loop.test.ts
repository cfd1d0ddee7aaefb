import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { meetings, offers, reviews } from '../../server/db/schema'
import { withServerDatabase } from './support/database'
import {
  acceptOffer,
  agreeMeeting,
  confirmHandoffCode,
  makeOffer,
  offerCard,
  openDealOnPhones,
  sendCounterOffer,
  setUpDeal,
  showHandoffCode,
} from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const deal = setUpDeal(
  stage,
  { buyer: 'Lívia Campos', seller: 'Rafael Teixeira' },
  { title: 'Violão Giannini', priceCents: 40000 },
  { name: 'Portaria do Bloco C', description: 'Ao lado da catraca' },
)

async function review(page: Page, name: string, stars: string, comment?: string) {
  await page.getByRole('link', { name: `Avaliar ${name}` }).click()
  const form = page.getByRole('form', { name: `Avaliar ${name}` })
  await form.getByRole('radio', { name: stars }).focus()
  await page.keyboard.press('Space')
  if (comment) await form.getByLabel('Comentário (opcional)').fill(comment)
  await form.getByRole('button', { name: 'Enviar avaliação' }).click()
  await page.getByText('Avaliação enviada').waitFor()
}

describe('da conversa à entrega, no celular', () => {
  it('oferta → contraproposta → aceite → entrega combinada → confirmada pelo código → os dois se avaliam → o perfil mostra', async () => {
    const { seller, buyer } = await openDealOnPhones(stage, deal)
    const [sellerPage, buyerPage] = [seller.page, buyer.page]

    // The offer, the counter and the acceptance, each seen live on the other phone.
    await makeOffer(buyerPage, '320')
    await offerCard(sellerPage, 'R\\$\\s320,00').getByRole('button', { name: 'Contraproposta' }).click()
    await sendCounterOffer(sellerPage, '350,00')
    await acceptOffer(buyerPage, 'R\\$\\s350,00')
    await offerCard(sellerPage, 'R\\$\\s350,00').getByText('Aceita', { exact: true }).waitFor()

    // The buyer proposes two times at the spot; the seller picks the first.
    await agreeMeeting(buyerPage, sellerPage, 'Portaria do Bloco C', [60, 120])

    // At the spot: the seller shows the code, the buyer types it.
    await confirmHandoffCode(buyerPage, sellerPage, await showHandoffCode(sellerPage))

    // Both review from the conversation, which now offers it.
    await buyerPage.reload()
    await review(buyerPage, 'Rafael Teixeira', '5 estrelas', 'Violão perfeito e entrega no horário.')
    await sellerPage.reload()
    await review(sellerPage, 'Lívia Campos', '5 estrelas')

    // The seller's profile: the review and one confirmed hand-off as seller.
    await buyerPage.goto(`/univille/perfil/${deal.seller.username}`)
    const section = buyerPage.getByRole('region', { name: 'Avaliações' })
    await section.getByText('1 entrega confirmada como vendedor(a)').waitFor()
    await section.getByText('Violão perfeito e entrega no horário.').waitFor()

    const stored = await withServerDatabase(stage.server.dataDir, (db) => ({
      offers: db
        .select({ status: offers.status })
        .from(offers)
        .where(eq(offers.conversationId, deal.conversationId))
        .all(),
      meeting: db.select().from(meetings).where(eq(meetings.conversationId, deal.conversationId)).get(),
      reviews: db.select({ stars: reviews.stars }).from(reviews).all(),
    }))
    expect(stored.offers.map((offer) => offer.status)).toEqual(['contraposta', 'aceita'])
    expect(stored.meeting).toMatchObject({
      status: 'confirmada',
      buyerId: deal.buyer.id,
      sellerId: deal.seller.id,
    })
    expect(stored.reviews).toHaveLength(2)
    await seller.context.close()
    await buyer.context.close()
  }, 240_000)
})
