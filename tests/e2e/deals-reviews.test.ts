import { beforeAll, describe, expect, it } from 'vitest'
import { createConfirmedMeeting } from '../../server/db/factories'
import { withServerDatabase } from './support/database'
import { setUpDeal } from './support/deals'
import { setUpStage } from './support/stage'

const stage = setUpStage()

const deal = setUpDeal(
  stage,
  { buyer: 'Bruna Alves', seller: 'Caio Mendes' },
  { title: 'Jaleco branco M', priceCents: 6000 },
)

beforeAll(async () => {
  // The hand-off was confirmed by the seller's code a few minutes ago.
  await withServerDatabase(stage.server.dataDir, (db) =>
    createConfirmedMeeting(db, { conversationId: deal.conversationId }),
  )
})

describe('avaliações depois de uma entrega confirmada, no celular', () => {
  it('os dois se avaliam pela conversa, quem vende responde e o perfil mostra a avaliação, a resposta e a entrega', async () => {
    const { context: buyerContext, page: buyerPage } = await stage.signedInPage(deal.buyer)
    await buyerPage.goto(`/univille/chat/${deal.conversationId}`)
    await buyerPage.getByRole('link', { name: 'Avaliar Caio Mendes' }).click()
    await buyerPage.getByRole('heading', { name: 'Avaliar Caio Mendes' }).waitFor()
    const buyerForm = buyerPage.getByRole('form', { name: 'Avaliar Caio Mendes' })
    // Stars by keyboard: the radio group of the five stars.
    await buyerForm.getByRole('radio', { name: '5 estrelas' }).focus()
    await buyerPage.keyboard.press('Space')
    await buyerForm
      .getByLabel('Comentário (opcional)')
      .fill('Jaleco impecável, entrega pontual na biblioteca.')
    await buyerForm.getByRole('button', { name: 'Enviar avaliação' }).click()
    await buyerPage.getByText('Avaliação enviada').waitFor()
    await buyerPage.getByRole('heading', { name: 'Sua avaliação' }).waitFor()

    // The seller finds it in Minhas entregas.
    const { context: sellerContext, page: sellerPage } = await stage.signedInPage(deal.seller)
    await sellerPage.goto('/univille/minhas-entregas')
    await sellerPage.getByRole('link', { name: 'Avaliar Bruna Alves' }).click()
    const sellerForm = sellerPage.getByRole('form', { name: 'Avaliar Bruna Alves' })
    await sellerForm.getByRole('radio', { name: '4 estrelas' }).focus()
    await sellerPage.keyboard.press('Space')
    await sellerForm.getByRole('button', { name: 'Enviar avaliação' }).click()
    await sellerPage.getByText('Avaliação enviada').waitFor()

    // The seller replies on their own profile, once.
    await sellerPage.goto(`/univille/perfil/${deal.seller.username}`)
    const review = sellerPage.getByRole('article', { name: 'Avaliação de Bruna Alves' })
    await review.getByText('Jaleco impecável, entrega pontual na biblioteca.').waitFor()
    await review.getByRole('button', { name: 'Responder' }).click()
    await review.getByLabel('Sua resposta pública').fill('Obrigado, Bruna! Bom semestre.')
    await review.getByRole('button', { name: 'Publicar resposta' }).click()
    await review.getByText('Resposta de Caio Mendes').waitFor()
    await review.getByText('Obrigado, Bruna! Bom semestre.').waitFor()
    await review.getByRole('button', { name: 'Responder' }).waitFor({ state: 'detached' })

    // Anyone of the community reads it on the seller's profile; one review is no average yet.
    await buyerPage.goto(`/univille/perfil/${deal.seller.username}`)
    const section = buyerPage.getByRole('region', { name: 'Avaliações' })
    await section.getByText('1 entrega confirmada como vendedor(a)').waitFor()
    await section.getByRole('img', { name: '5 de 5 estrelas' }).waitFor()
    await section.getByText('Obrigado, Bruna! Bom semestre.').waitFor()
    expect(await section.getByText('1 avaliação').count()).toBe(1)
    expect(await section.getByText('(a média aparece a partir de 3)').count()).toBe(1)
    // Nothing left to review in the conversation.
    await buyerPage.goto(`/univille/chat/${deal.conversationId}`)
    await buyerPage.getByRole('list', { name: 'Mensagens' }).waitFor()
    expect(await buyerPage.getByRole('link', { name: 'Avaliar Caio Mendes' }).count()).toBe(0)

    await buyerContext.close()
    await sellerContext.close()
  }, 120_000)
})
