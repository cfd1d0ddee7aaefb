import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowWhere } from '../../server/db/rows'
import { listings, meetings } from '../../server/db/schema'
import { withServerDatabase } from './support/database'
import { confirmHandoffCode, meetingRegion, proposeMeeting, setUpDeal } from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const deal = setUpDeal(
  stage,
  { buyer: 'Bianca Souza', seller: 'Caio Martins' },
  { title: 'Livro de Física I', priceCents: 8000 },
  { name: 'Portaria principal', description: 'Guarita da entrada principal' },
)

const entrega = meetingRegion

describe('combinar e confirmar a entrega, no celular', () => {
  it('quem compra propõe dois horários, quem vende escolhe, o código confirma a entrega e o anúncio vira vendido', async () => {
    const { context: sellerContext, page: sellerPage } = await stage.signedInPage(deal.seller, {
      device: 'phone',
    })
    await sellerPage.goto(`/univille/chat/${deal.conversationId}`)
    await entrega(sellerPage).getByRole('button', { name: 'Combinar entrega' }).waitFor()

    const { context: buyerContext, page: buyerPage } = await stage.signedInPage(deal.buyer, {
      device: 'phone',
    })
    await buyerPage.goto(`/univille/chat/${deal.conversationId}`)
    await proposeMeeting(buyerPage, 'Portaria principal', [60, 90])
    await entrega(buyerPage).getByText('Você propôs uma entrega').waitFor()

    // The seller's open thread shows the proposal live, with one button per time.
    const picks = entrega(sellerPage).getByRole('button', { name: /^Escolher/ })
    await picks.nth(1).waitFor()
    expect(await picks.count()).toBe(2)
    await picks.first().click()

    // Pinned for both, without reloading.
    await entrega(sellerPage).getByText('Entrega combinada').waitFor()
    await entrega(buyerPage).getByText('Entrega combinada').waitFor()
    await entrega(buyerPage).getByRole('link', { name: 'Adicionar à agenda' }).waitFor()
    // The code is the seller's; the confirmation is the buyer's.
    expect(await entrega(buyerPage).getByRole('button', { name: 'Mostrar código da entrega' }).count()).toBe(
      0,
    )
    expect(await entrega(sellerPage).getByRole('button', { name: 'Confirmar entrega' }).count()).toBe(0)

    await entrega(sellerPage).getByRole('button', { name: 'Mostrar código da entrega' }).click()
    const codeDialog = sellerPage.getByRole('dialog', { name: 'Código da entrega' })
    const shown = codeDialog.getByTestId('handoff-code')
    await shown.waitFor()
    const code = (await shown.textContent())?.trim() ?? ''
    expect(code).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/)
    await codeDialog.getByRole('img', { name: /QR code/ }).waitFor()

    await confirmHandoffCode(buyerPage, sellerPage, code.toLowerCase())
    expect(await entrega(buyerPage).getByRole('button', { name: 'Marcar como vendido' }).count()).toBe(0)
    await entrega(sellerPage).getByRole('button', { name: 'Marcar como vendido' }).click()
    await entrega(sellerPage)
      .getByRole('button', { name: 'Marcar como vendido' })
      .waitFor({ state: 'detached' })

    const stored = await withServerDatabase(stage.server.dataDir, (db) => ({
      listing: rowWhere(db, listings, 'id', deal.listingId, ['status']),
      meeting: db.select().from(meetings).where(eq(meetings.conversationId, deal.conversationId)).get(),
    }))
    expect(stored.listing?.status).toBe('vendido')
    expect(stored.meeting).toMatchObject({
      status: 'confirmada',
      buyerId: deal.buyer.id,
      sellerId: deal.seller.id,
    })

    // "Minhas entregas" lists it among the past ones.
    await buyerPage.goto('/univille/minhas-entregas')
    await buyerPage.getByRole('heading', { name: 'Minhas entregas', level: 1 }).waitFor()
    await buyerPage.getByRole('region', { name: 'Passadas' }).getByText('Livro de Física I').waitFor()
    await sellerContext.close()
    await buyerContext.close()
  }, 180_000)
})
