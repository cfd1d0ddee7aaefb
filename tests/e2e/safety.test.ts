import type { Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { setUpMembers } from './support/accounts'
import { messageFromListing, openThreadWith } from './support/chat'
import { withServerDatabase } from './support/database'
import { setUpStage } from './support/stage'

const stage = setUpStage()
const members = setUpMembers(stage, {
  reporter: 'Carla Nunes',
  seller: 'Diego Souza',
  moderator: ['Moderadora Eva', { roles: ['user', 'moderator'] }],
})
let listingId: number
let bookId: number

beforeAll(async () => {
  await withServerDatabase(stage.server.dataDir, (db) => {
    listingId = createListing(db, {
      sellerId: members.seller.id,
      title: 'Fone bluetooth lacrado',
      description: 'Pagamento só por Pix adiantado.',
      priceCents: 5000,
    })
    bookId = createListing(db, {
      sellerId: members.seller.id,
      title: 'Livro de Cálculo',
      description: 'Sétima edição, conservado.',
      priceCents: 9000,
    })
  })
})

/** The moderator's report queue, on a desktop, and in it the group of the reports about `kind`. */
async function openReportGroup(kind: string) {
  const { context, page } = await stage.signedInPage(members.moderator, { device: 'desktop' })
  await page.goto('/univille/admin/denuncias')
  return { context, page, group: page.getByRole('listitem', { name: `Denúncia: ${kind}` }) }
}

/** Opens the decision on a group of the queue. */
async function openDecision(group: Locator) {
  await group.getByRole('button', { name: 'Decidir' }).click()
  return group.page().getByRole('dialog', { name: 'Decidir denúncia' })
}

/** Gives the decision its reason and confirms it; the queue says the report is resolved. */
async function confirmDecision(decision: Locator, reason: string) {
  await decision.getByLabel('Motivo da decisão').fill(reason)
  await decision.getByRole('button', { name: 'Confirmar' }).click()
  await decision.page().getByText('Denúncia resolvida').waitFor()
}

describe('segurança na comunidade', () => {
  it('"Denunciar" tocado antes de o código do diálogo chegar abre o diálogo quando ele chega, e fechá-lo devolve o foco ao botão', async () => {
    const { context, page } = await stage.signedInPage(members.reporter, { device: 'phone' })
    // The dialog's chunk is held until the button has been tapped: a phone on a slow network.
    let release = () => {}
    const tapped = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/report-dialog-[\w-]+\.js$/, async (route) => {
      await tapped
      await route.continue()
    })
    await page.goto(`/univille/produto/${bookId}`)
    await page.getByRole('button', { name: 'Denunciar' }).click()
    release()
    const dialog = page.getByRole('dialog', { name: 'Denunciar este anúncio' })
    await dialog.waitFor()
    // Closed, it hands focus back to the button that opened it.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Denunciar')
    await context.close()
  })

  it('denúncia de um anúncio → a moderação resolve pela fila → quem denunciou vê o resultado nas notificações', async () => {
    const { context: reporterContext, page: r } = await stage.signedInPage(members.reporter, {
      device: 'desktop',
    })
    await r.goto(`/univille/produto/${listingId}`)
    await r.getByRole('button', { name: 'Denunciar' }).click()
    const dialog = r.getByRole('dialog', { name: 'Denunciar este anúncio' })
    // Without a reason nothing is sent and the group of reasons says why; Cancelar closes the dialog.
    await dialog.getByRole('button', { name: 'Enviar denúncia' }).click()
    await dialog.getByRole('alert').getByText('Escolha o motivo da denúncia').waitFor()
    expect(await dialog.getByRole('group', { name: 'Motivo' }).getAttribute('aria-invalid')).toBe('true')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await r.getByRole('button', { name: 'Denunciar' }).click()
    await dialog.getByLabel('Golpe ou fraude').check()
    await dialog.getByLabel('Detalhes (opcional)').fill('Pede Pix antes de entregar.')
    await dialog.getByRole('button', { name: 'Enviar denúncia' }).click()
    await r.getByText('Denúncia enviada').waitFor()

    const { context: moderatorContext, page: m, group } = await openReportGroup('Anúncio')
    await group.getByText('Fone bluetooth lacrado').first().waitFor()
    await group.getByText('“Pede Pix antes de entregar.”').waitFor()
    const decision = await openDecision(group)
    await decision.getByLabel('Remover o anúncio').check()
    await confirmDecision(decision, 'Golpe confirmado pelo histórico')
    await m.getByText('Nenhuma denúncia aberta').waitFor()

    // The reporter's bell counts it live, and the centre says what happened.
    await r.getByRole('button', { name: 'Notificações, 1 não lida' }).click()
    await r
      .getByRole('menuitem', { name: /Sua denúncia foi analisada/ })
      .getByText('Anúncio removido')
      .waitFor()
    await r.goto('/univille/minha-conta')
    const mine = r.getByRole('region', { name: 'Minhas denúncias' })
    await mine.getByText('Anúncio: Fone bluetooth lacrado').waitFor()
    expect(await mine.getByText('Anúncio removido').count()).toBe(1)

    await reporterContext.close()
    await moderatorContext.close()
  })

  it('bloquear na conversa: o outro lado não consegue mais enviar', async () => {
    const { context: buyerContext, page: b } = await stage.signedInPage(members.reporter, {
      device: 'desktop',
    })
    const { context: sellerContext, page: a } = await stage.signedInPage(members.seller, {
      device: 'desktop',
    })

    // The buyer writes from the listing.
    const threadPath = await messageFromListing(b, bookId, 'Oi! Ainda tem o livro?')

    // The seller blocks from the conversation.
    await openThreadWith(a, threadPath, 'Oi! Ainda tem o livro?')
    await a.getByRole('button', { name: 'Bloquear' }).click()
    await a.getByRole('alertdialog').getByRole('button', { name: 'Bloquear' }).click()
    await a.getByText('Você bloqueou esta pessoa. Desbloqueie para voltar a conversar.').waitFor()

    // The buyer's open page still shows the composer: sending is refused by the stage.server.
    await b.getByLabel('Mensagem', { exact: true }).fill('Alô?')
    await b.getByRole('button', { name: 'Enviar', exact: true }).click()
    await b.getByText('Não é possível enviar mensagens nesta conversa.').first().waitFor()
    // Reloaded, the thread has no composer at all.
    await b.reload()
    await b.getByRole('status').getByText('Não é possível enviar mensagens nesta conversa.').waitFor()
    expect(await b.getByLabel('Mensagem', { exact: true }).count()).toBe(0)
    expect(await a.getByRole('list', { name: 'Mensagens' }).getByText('Alô?').count()).toBe(0)

    await buyerContext.close()
    await sellerContext.close()
  })

  it('barreira de acessibilidade: relatada na declaração → chega à fila → a moderação confirma → quem relatou é avisado', async () => {
    const { context: memberContext, page: r } = await stage.signedInPage(members.reporter)
    await r.goto('/univille/acessibilidade')
    await r.getByRole('button', { name: 'Relatar uma barreira' }).click()
    const dialog = r.getByRole('dialog', { name: 'Relatar uma barreira' })
    await dialog.getByRole('button', { name: 'Enviar relato' }).click()
    await dialog.getByText('Conte o que aconteceu (mínimo de 10 caracteres)').first().waitFor()
    await dialog.getByLabel('Página').fill('/univille/vender')
    await dialog.getByLabel('O que aconteceu').fill('O campo de preço não é anunciado pelo leitor de tela.')
    await dialog.getByLabel('O que você usa para navegar (opcional)').fill('TalkBack no Android')
    await dialog.getByRole('button', { name: 'Enviar relato' }).click()
    await r.getByText('Relato enviado').waitFor()

    const { context: moderatorContext, page: m, group } = await openReportGroup('Barreira de acessibilidade')
    await group.getByText('/univille/vender').waitFor()
    await group.getByText('Navega com: TalkBack no Android').waitFor()
    const decision = await openDecision(group)
    // Sanctions make no sense for a barrier: only confirming or archiving is offered.
    expect(await decision.getByRole('radio').count()).toBe(2)
    await decision.getByLabel('Confirmar a barreira (a equipe vai corrigir)').check()
    await confirmDecision(decision, 'Rótulo do preço será corrigido')

    await r.getByRole('button', { name: /Notificações, \d+ não lidas?/ }).click()
    await r
      .getByRole('menuitem', { name: /Sua denúncia foi analisada/ })
      .filter({ hasText: 'Barreira confirmada' })
      .waitFor()

    // The moderation log names the decision in words, not by its code.
    await m.goto('/univille/admin/moderacao')
    const line = m.getByRole('listitem').filter({ hasText: 'Rótulo do preço será corrigido' })
    await line.getByText('confirmou barreira de acessibilidade').waitFor()
    await line.getByText(/^Denúncia #\d+$/).waitFor()
    expect(await m.getByText(/Ação:|acknowledge_barrier|report #/).count()).toBe(0)
    await memberContext.close()
    await moderatorContext.close()
  })
})
