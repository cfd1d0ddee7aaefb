import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createConfirmedMeeting, createConversation, createListing } from '../../server/db/factories'
import { rowWhere } from '../../server/db/rows'
import { conversations, meetings, moderationLog, reviews } from '../../server/db/schema'
import { createMemberOnServer } from './support/accounts'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()

describe('avaliações no perfil: a que não conta e a remoção pela moderação, no celular', () => {
  it('o perfil diz qual avaliação não entra na média; quem modera remove uma dali, com o motivo', async () => {
    const seller = await createMemberOnServer(stage.server.dataDir, 'Lucas Andrade')
    const buyer = await createMemberOnServer(stage.server.dataDir, 'Paula Reis')
    const moderator = await createMemberOnServer(stage.server.dataDir, 'Moderadora Íris', {
      roles: ['user', 'moderator'],
    })
    const { farmed } = await withServerDatabase(stage.server.dataDir, (db) => {
      const listingId = createListing(db, { sellerId: seller.id, title: 'Livro de física' })
      const conversationId = createConversation(db, buyer.id, seller.id, listingId)
      const { communityId } = rowWhere(db, conversations, 'id', conversationId, ['communityId']) ?? {
        communityId: 0,
      }
      // Two confirmed hand-offs of the same pair: the second review is shown but does not count.
      const write = (comment: string, counted: boolean) => {
        const { id } = createConfirmedMeeting(db, { conversationId })
        const dealId = rowWhere(db, meetings, 'id', id, ['dealId'])?.dealId
        return db
          .insert(reviews)
          .values({
            communityId,
            meetingId: id,
            dealId,
            reviewerId: buyer.id,
            revieweeId: seller.id,
            stars: 5,
            comment,
            counted,
          })
          .returning({ id: reviews.id })
          .get().id
      }
      write('Livro impecável.', true)
      return { farmed: write('Tudo certo de novo!', false) }
    })

    // Any member reads which review stays out of the average, and finds no "Remover".
    const member = await stage.signedInPage(buyer, { device: 'phone' })
    await member.page.goto(`/univille/perfil/${seller.username}`)
    const section = member.page.getByRole('region', { name: 'Avaliações' })
    const second = section.getByRole('article').filter({ hasText: 'Tudo certo de novo!' })
    await second.getByText('Não entra na média (mesma dupla em 30 dias)').waitFor()
    const first = section.getByRole('article').filter({ hasText: 'Livro impecável.' })
    expect(await first.getByText(/Não entra na média/).count()).toBe(0)
    expect(await section.getByRole('button', { name: 'Remover' }).count()).toBe(0)
    await member.context.close()

    // The moderator removes the second one from the profile; a reason is required.
    const { context, page } = await stage.signedInPage(moderator, { device: 'phone' })
    await page.goto(`/univille/perfil/${seller.username}`)
    const reviewsHere = page.getByRole('region', { name: 'Avaliações' })
    await reviewsHere
      .getByRole('article')
      .filter({ hasText: 'Tudo certo de novo!' })
      .getByRole('button', { name: 'Remover' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Remover a avaliação' })
    await dialog.getByRole('button', { name: 'Remover avaliação' }).click()
    await dialog.getByText('Explique o motivo da remoção (mínimo de 3 caracteres)').waitFor()
    await dialog.getByLabel('Motivo').fill('Avaliação repetida entre as mesmas pessoas.')
    await dialog.getByRole('button', { name: 'Remover avaliação' }).click()
    await page.getByText('Avaliação removida.').waitFor()
    await reviewsHere.getByText('Tudo certo de novo!').waitFor({ state: 'detached' })
    await reviewsHere.getByText('Livro impecável.').waitFor()

    const stored = await withServerDatabase(stage.server.dataDir, (db) => ({
      removedAt: db.select().from(reviews).where(eq(reviews.id, farmed)).get()?.removedAt,
      log: db.select().from(moderationLog).where(eq(moderationLog.actionType, 'remove_review')).all(),
    }))
    expect(stored.removedAt).toBeInstanceOf(Date)
    expect(stored.log).toEqual([
      expect.objectContaining({
        moderatorId: moderator.id,
        targetId: farmed,
        reason: 'Avaliação repetida entre as mesmas pessoas.',
      }),
    ])
    await context.close()
  }, 180_000)
})
