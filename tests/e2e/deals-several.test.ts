import { describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { createMemberOnServer, type ServerMember } from './support/accounts'
import { withServerDatabase } from './support/database'
import { makeOffer, offerCard } from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

describe('dois anúncios na mesma conversa, no celular', () => {
  it('Enviar mensagem no segundo anúncio abre o negócio dele sem mexer no primeiro; cada um com a sua oferta', async () => {
    const buyer: ServerMember = await createMemberOnServer(stage.server.dataDir, 'Bruna Alves')
    const seller: ServerMember = await createMemberOnServer(stage.server.dataDir, 'Caio Martins')
    const { lamp, desk } = await withServerDatabase(stage.server.dataDir, (db) => ({
      lamp: createListing(db, { sellerId: seller.id, title: 'Luminária de mesa', priceCents: 4000 }),
      desk: createListing(db, { sellerId: seller.id, title: 'Escrivaninha', priceCents: 15000 }),
    }))
    const { context, page } = await stage.signedInPage(buyer, { device: 'phone' })

    await page.goto(`/univille/chat?produto=${lamp}`)
    await page.getByRole('list', { name: 'Mensagens' }).waitFor()
    await makeOffer(page, '30')
    await offerCard(page, 'R\\$\\s30,00').waitFor()
    const lampThread = new URL(page.url()).pathname

    await page.goto(`/univille/chat?produto=${desk}`)
    const deals = page.getByTestId('deal-list')
    await deals.getByRole('button', { name: /Escrivaninha/, pressed: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe(lampThread)
    // The desk's deal starts empty: the lamp's offer stays with the lamp.
    await page.getByRole('button', { name: 'Fazer uma oferta' }).waitFor()
    expect(await offerCard(page, 'R\\$\\s30,00').count()).toBe(0)
    await makeOffer(page, '120')
    await offerCard(page, 'R\\$\\s120,00').waitFor()

    await deals.getByRole('button', { name: /Luminária de mesa/ }).click()
    await offerCard(page, 'R\\$\\s30,00').waitFor()
    expect(await offerCard(page, 'R\\$\\s120,00').count()).toBe(0)
    await deals.getByRole('button', { name: /Luminária de mesa.*Oferta de R\$\s30,00/ }).waitFor()

    // The seller finds the conversation at the top of Mensagens with the latest offer, then both deals.
    const sellerSide = await stage.signedInPage(seller, { device: 'phone' })
    await sellerSide.page.goto('/univille/chat')
    await sellerSide.page.getByText('Oferta de R$\u00a0120,00').waitFor()
    await sellerSide.page.goto(lampThread)
    const sellerDeals = sellerSide.page.getByTestId('deal-list')
    await sellerDeals.getByRole('button', { name: /Escrivaninha/ }).waitFor()
    await sellerDeals.getByRole('button', { name: /Luminária de mesa/ }).waitFor()
    await sellerSide.context.close()
    await context.close()
  }, 180_000)
})
