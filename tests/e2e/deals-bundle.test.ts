import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { dealListings, listings, meetings } from '../../server/db/schema'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import {
  acceptOffer,
  agreeMeeting,
  confirmHandoffCode,
  createAlwaysOpenSpot,
  makeOffer,
  offerCard,
  showHandoffCode,
} from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

describe('um pacote de dois anúncios, no celular', () => {
  it('Juntar anúncios → uma oferta → aceite → uma entrega → um código confirma e os dois ficam vendidos', async () => {
    const buyer = await createMemberOnServer(stage.server.dataDir, 'Helena Prado')
    const seller = await createMemberOnServer(stage.server.dataDir, 'Otávio Nunes')
    const { lamp, desk } = await withServerDatabase(stage.server.dataDir, (db) => {
      createAlwaysOpenSpot(db, 'Biblioteca Central', 'Na entrada, perto dos armários')
      return {
        lamp: createListing(db, { sellerId: seller.id, title: 'Luminária articulada', priceCents: 5000 }),
        desk: createListing(db, { sellerId: seller.id, title: 'Escrivaninha de pinus', priceCents: 9000 }),
      }
    })
    const buyerSide = await stage.signedInPage(buyer, { device: 'phone' })
    const buyerPage = buyerSide.page
    await buyerPage.goto(`/univille/chat?produto=${lamp}`)
    await buyerPage.getByRole('list', { name: 'Mensagens' }).waitFor()
    const thread = new URL(buyerPage.url()).pathname

    // The buyer joins the lamp and the desk into one deal and makes one offer for both.
    await buyerPage.getByRole('button', { name: 'Juntar anúncios' }).click()
    const join = buyerPage.getByRole('dialog', { name: 'Juntar anúncios' })
    for (const title of ['Luminária articulada', 'Escrivaninha de pinus']) {
      const box = join.getByRole('checkbox', { name: title })
      if (!(await box.isChecked())) await box.click()
    }
    await join.getByText('2 anúncios, R$\u00a0140,00 pelos preços anunciados.').waitFor()
    await join.getByRole('button', { name: 'Juntar e negociar' }).click()
    await join.waitFor({ state: 'hidden' })
    await buyerPage
      .getByRole('region', { name: 'Negócios desta conversa' })
      .getByText('Escrivaninha de pinus')
      .waitFor()
    await makeOffer(buyerPage, '120')

    // The seller accepts the one offer for both, and the buyer proposes one meeting.
    const sellerSide = await stage.signedInPage(seller, { device: 'phone' })
    const sellerPage = sellerSide.page
    await sellerPage.goto(thread)
    // The lamp's empty deal became the bundle: the thread has that one deal.
    await sellerPage
      .getByRole('region', { name: 'Negócios desta conversa' })
      .getByText('Escrivaninha de pinus')
      .waitFor()
    await acceptOffer(sellerPage, 'R\\$\\s120,00')
    await offerCard(buyerPage, 'R\\$\\s120,00').getByText('Aceita', { exact: true }).waitFor()
    await agreeMeeting(buyerPage, sellerPage, 'Biblioteca Central', [60])

    // One code confirms the whole bundle.
    await confirmHandoffCode(buyerPage, sellerPage, await showHandoffCode(sellerPage))

    // Both listings of the deal are sold.
    const stored = await withServerDatabase(stage.server.dataDir, (db) => {
      const meeting = db.select().from(meetings).where(eq(meetings.status, 'confirmada')).get()
      const inDeal = meeting?.dealId
        ? db
            .select({ id: dealListings.listingId })
            .from(dealListings)
            .where(eq(dealListings.dealId, meeting.dealId))
            .all()
            .map((row) => row.id)
        : []
      return {
        inDeal: inDeal.sort(),
        statuses: db
          .select({ id: listings.id, status: listings.status })
          .from(listings)
          .where(inArray(listings.id, [lamp, desk]))
          .all(),
      }
    })
    expect(stored.inDeal).toEqual([lamp, desk].sort())
    expect(stored.statuses.map((row) => row.status)).toEqual(['vendido', 'vendido'])
    await sellerSide.context.close()
    await buyerSide.context.close()
  }, 240_000)
})
