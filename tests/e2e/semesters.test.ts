import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { alumni, listings } from '../../server/db/schema'
import { pauseListingsOf } from '../../server/listings/life'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import { lastMailLink } from './support/server'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const listingRow = (id: number) =>
  withServerDatabase(stage.server.dataDir, async (db) =>
    db.select().from(listings).where(eq(listings.id, id)).get(),
  )

describe('semestres e validade dos anúncios, no celular', () => {
  it('um egresso pede o link, abre o e-mail e volta a publicar; o anúncio pausado volta ao ar', async () => {
    const member = await createMemberOnServer(stage.server.dataDir, 'Caio Egresso')
    const listingId = await withServerDatabase(stage.server.dataDir, async (db) => {
      const id = createListing(db, { sellerId: member.id, title: 'Calculadora HP 12c' })
      // As the semester's job leaves someone who let the deadline pass.
      db.insert(alumni).values({ userId: member.id, since: new Date() }).run()
      pauseListingsOf(db, member.id)
      return id
    })

    const { context, page } = await stage.signedInPage(member)
    try {
      await page.goto('/univille/meus-produtos')
      const banner = page.getByRole('region', { name: 'Confirmação do e-mail institucional' })
      await banner.getByText('Confirme seu e-mail da Univille para voltar a publicar.').waitFor()
      await page.getByText('Pausado: confirme seu e-mail institucional em Minha Conta').waitFor()
      // The sell form is not offered: the page says why and how to come back.
      await page.goto('/univille/vender')
      await page
        .getByRole('status')
        .getByText('Confirme seu e-mail da Univille para voltar a publicar.')
        .waitFor()
      expect(await page.getByRole('button', { name: 'Publicar anúncio' }).count()).toBe(0)
      await banner.getByRole('button', { name: 'Confirmar meu e-mail' }).click()
      await page.getByText(`Abra o e-mail que mandamos para ${member.email}`).waitFor()

      // The institutional mailbox, read on the phone.
      const link = lastMailLink(stage.server.dataDir, member.email)
      expect(new URL(link).pathname).toBe('/univille/reconfirmar-email')
      await page.goto(link)
      await page.getByRole('heading', { name: 'E-mail institucional confirmado!' }).waitFor()
      expect(await listingRow(listingId)).toMatchObject({ hold: null })

      await page.getByRole('link', { name: 'Ir para Minha Conta' }).click()
      await page.getByText(/E-mail confirmado para o semestre/).waitFor()
      expect(await banner.count()).toBe(0)
      await page.goto('/univille/vender')
      await page.getByRole('button', { name: 'Publicar anúncio' }).waitFor()

      // Spent: the same link opened again confirms nothing more.
      await page.goto(link)
      await page.getByRole('heading', { name: 'Link inválido ou expirado' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('um anúncio expirado volta ao portal com "Renovar" em Meus Produtos', async () => {
    const member = await createMemberOnServer(stage.server.dataDir, 'Dora Renova')
    const listingId = await withServerDatabase(stage.server.dataDir, async (db) => {
      const id = createListing(db, { sellerId: member.id, title: 'Jaleco tamanho M' })
      // Past its 60 days, as the listing job leaves it.
      db.update(listings)
        .set({ hold: 'expired', expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(listings.id, id))
        .run()
      return id
    })

    const { context, page } = await stage.signedInPage(member)
    try {
      await page.goto('/univille/meus-produtos')
      await page.getByText('Expirado: saiu do portal e da busca.').waitFor()
      await page.getByRole('button', { name: 'Renovar Jaleco tamanho M' }).click()
      await page.getByText('Anúncio renovado!').waitFor()
      await page.getByText(/No portal até/).waitFor()
      const row = await listingRow(listingId)
      expect(row?.hold).toBeNull()
      expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 60 * 60 * 1000)

      await page.goto('/univille/portal')
      await page
        .getByRole('link', { name: /Jaleco tamanho M/ })
        .first()
        .waitFor()
    } finally {
      await context.close()
    }
  })
})
