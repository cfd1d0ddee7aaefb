import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { offers } from '../../server/db/schema'
import { RESERVATION_HOLD_MS } from '../../shared/deals'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import { acceptOffer, agreeMeeting, makeOffer, meetingRegion, offerCard, setUpDeal } from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const deal = setUpDeal(
  stage,
  { buyer: 'Marina Lopes', seller: 'Tiago Ferraz' },
  { title: 'Bicicleta Caloi aro 29', priceCents: 90000 },
  { name: 'Estacionamento do Bloco A', description: 'Perto do bicicletário' },
)

const portalCard = (page: Page) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Bicicleta Caloi aro 29' }) })

describe('"Reservado" no portal, no celular', () => {
  it('quem vende reserva depois do aceite, outro estudante vê o selo no portal, e ele some quando a entrega é cancelada', async () => {
    const seller = await stage.signedInPage(deal.seller, { device: 'phone' })
    const buyer = await stage.signedInPage(deal.buyer, { device: 'phone' })
    const other = await createMemberOnServer(stage.server.dataDir, 'Sofia Ramos')
    const browsing = await stage.signedInPage(other, { device: 'phone' })

    await buyer.page.goto(`/univille/chat/${deal.conversationId}`)
    await makeOffer(buyer.page, '850')

    // Before the offer is accepted there is nothing to reserve.
    await seller.page.goto(`/univille/chat/${deal.conversationId}`)
    const sellerDeal = seller.page.getByRole('region', { name: 'Negócios desta conversa' })
    await offerCard(seller.page, 'R\\$\\s850,00').getByRole('button', { name: 'Aceitar' }).waitFor()
    expect(await sellerDeal.getByRole('button', { name: 'Reservar' }).count()).toBe(0)
    await acceptOffer(seller.page, 'R\\$\\s850,00')
    await sellerDeal.getByRole('button', { name: 'Reservar' }).click()
    await seller.page.getByText('Anúncio reservado.').waitFor()
    await sellerDeal.getByText('Reservado', { exact: true }).waitFor()

    // Another student still finds the listing on the portal, with the badge.
    await browsing.page.goto('/univille/portal')
    await portalCard(browsing.page).getByTestId('reserved-badge').waitFor()
    expect(await portalCard(browsing.page).getByTestId('reserved-badge').textContent()).toBe('Reservado')

    // A meeting is agreed; three days later only the meeting holds the reservation, and it is cancelled.
    await agreeMeeting(buyer.page, seller.page, 'Estacionamento do Bloco A', [60])
    await withServerDatabase(stage.server.dataDir, (db) =>
      db
        .update(offers)
        .set({ answeredAt: new Date(Date.now() - RESERVATION_HOLD_MS - 60_000) })
        .where(and(eq(offers.conversationId, deal.conversationId), eq(offers.status, 'aceita')))
        .run(),
    )
    await meetingRegion(buyer.page).getByRole('button', { name: 'Cancelar entrega' }).click()
    const cancel = buyer.page.getByRole('dialog', { name: 'Cancelar a entrega combinada' })
    await cancel.getByLabel('Motivo').fill('Não vou conseguir ir ao campus esta semana.')
    await cancel.getByRole('button', { name: 'Cancelar entrega' }).click()
    await meetingRegion(seller.page)
      .getByText(/Entrega cancelada pela outra pessoa/)
      .waitFor()

    // Back to plain "Ativo": the portal card has no badge, and it is still there.
    await browsing.page.reload()
    await portalCard(browsing.page).waitFor()
    expect(await portalCard(browsing.page).getByTestId('reserved-badge').count()).toBe(0)
    await seller.page.reload()
    await sellerDeal.getByRole('link', { name: /Bicicleta Caloi aro 29/ }).waitFor()
    expect(await sellerDeal.getByText('Reservado', { exact: true }).count()).toBe(0)

    await browsing.context.close()
    await buyer.context.close()
    await seller.context.close()
  }, 240_000)
})
