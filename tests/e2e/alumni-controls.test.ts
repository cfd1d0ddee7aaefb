import { eq } from 'drizzle-orm'
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createConversation, createListing } from '../../server/db/factories'
import { alumni, communities, mainCategories, wantedPosts } from '../../server/db/schema'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import { createAlwaysOpenSpot, meetingRegion } from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

/** The control is disabled and its description is the reason, as a screen reader reads it. */
async function expectClosedWith(control: Locator, reason: string) {
  await control.waitFor()
  expect(await control.isDisabled()).toBe(true)
  const noteId = await control.getAttribute('aria-describedby')
  expect(noteId).toBeTruthy()
  expect(await control.page().locator(`[id="${noteId}"]`).textContent()).toBe(reason)
}

describe('o que um egresso vê, no celular', () => {
  it('cada ação de publicar aparece desativada, com o motivo e o caminho de volta', async () => {
    const egresso = await createMemberOnServer(stage.server.dataDir, 'Elis Egressa')
    const seller = await createMemberOnServer(stage.server.dataDir, 'Saulo Vendedor')
    const stranger = await createMemberOnServer(stage.server.dataDir, 'Tania Nova')
    const ids = await withServerDatabase(stage.server.dataDir, async (db) => {
      const theirs = createListing(db, { sellerId: seller.id, title: 'Calculadora HP 12c' })
      const strangers = createListing(db, { sellerId: stranger.id, title: 'Livro de física' })
      const own = createListing(db, { sellerId: egresso.id, title: 'Caneca', status: 'inativo' })
      const conversation = createConversation(db, egresso.id, seller.id, theirs)
      createAlwaysOpenSpot(db, 'Hall da biblioteca', 'Biblioteca central, térreo')
      db.insert(alumni).values({ userId: egresso.id, since: new Date() }).run()
      const category = db.select({ id: mainCategories.id }).from(mainCategories).get()
      db.insert(wantedPosts)
        .values({
          communityId: stranger.communityId as number,
          posterId: stranger.id,
          title: 'Régua T',
          mainCategoryId: category?.id as number,
          expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        })
        .run()
      const univille = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
      return { theirs, strangers, own, conversation, communityName: univille?.name ?? '' }
    })
    const reason = `Confirme seu e-mail da ${ids.communityName} para voltar a publicar.`

    const { context, page } = await stage.signedInPage(egresso)
    try {
      // A seller they never talked to: no new conversation.
      await page.goto(`/univille/produto/${ids.strangers}`)
      await expectClosedWith(page.getByRole('button', { name: 'Enviar mensagem' }), reason)
      // The seller they already talk to: the conversation goes on.
      await page.goto(`/univille/produto/${ids.theirs}`)
      await page.getByRole('link', { name: 'Enviar mensagem' }).waitFor()

      // In that conversation: no offer and no meeting proposal.
      await page.goto(`/univille/chat/${ids.conversation}`)
      await expectClosedWith(page.getByRole('button', { name: 'Fazer uma oferta' }), reason)
      await expectClosedWith(meetingRegion(page).getByRole('button', { name: 'Combinar entrega' }), reason)
      // Writing in it still works.
      expect(await page.getByRole('textbox', { name: 'Mensagem', exact: true }).isDisabled()).toBe(false)

      // Their own inactive listing: no edit, and 'Ativo' is not offered.
      await page.goto(`/univille/produto/${ids.own}`)
      await expectClosedWith(page.getByRole('button', { name: 'Editar', exact: true }), reason)
      await page.getByRole('combobox', { name: 'Status' }).click()
      const active = page.getByRole('option', { name: 'Ativo', exact: true })
      await active.waitFor()
      expect(await active.getAttribute('aria-disabled')).toBe('true')
      expect(await page.getByRole('option', { name: 'Vendido' }).getAttribute('aria-disabled')).toBeNull()
      await page.keyboard.press('Escape')

      // Procura-se: no new post.
      await page.goto('/univille/procura-se')
      await expectClosedWith(page.getByRole('button', { name: 'Publicar pedido' }).first(), reason)
      // Nor a new conversation from someone else's post.
      await expectClosedWith(
        page.getByRole('article', { name: 'Régua T' }).getByRole('button', { name: 'Tenho isto' }),
        reason,
      )

      // The event form is not offered: the page says why and how to come back.
      await page.goto('/univille/criar-evento')
      const notice = page.getByRole('status').filter({ hasText: reason })
      await notice.getByRole('button', { name: 'Confirmar meu e-mail' }).waitFor()
      expect(await page.getByRole('button', { name: 'Criar evento' }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
