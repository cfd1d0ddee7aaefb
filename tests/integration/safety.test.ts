import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { communities, listings, moderationLog, reports, users } from '../../server/db/schema'
import { runChatDigest } from '../../server/notifications/chat-digest'
import { readUnsubscribeToken, unsubscribeToken } from '../../server/notifications/unsubscribe'
import { expectTRPCError, expectValidationMessage } from '../support/assertions'
import { startHttpApp } from '../support/http'
import {
  type AppCaller,
  callerFor,
  communityBySlug,
  createAdmin,
  createApprovedStudent,
  createMarketScene,
  createMember,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

const world = setUpTestWorld()
let seller: TestMember
let buyer: TestMember
let moderator: TestMember
let listingId: number
let conversationId: number

beforeEach(async () => {
  ;({ seller, buyer, moderator, listingId, conversationId } = await createMarketScene(world, {
    title: 'Calculadora HP 12c',
  }))
})

const report = (caller: AppCaller, targetType: 'listing' | 'user' | 'message', targetId: number) =>
  caller.safety.report({ targetType, targetId, reason: 'scam', details: 'Pediu Pix antes de entregar.' })

describe('bloqueio', () => {
  beforeEach(async () => {
    await seller.caller.chat.send({ conversationId, content: 'Oi! Ainda tenho.' })
    await buyer.caller.safety.block({ userId: seller.id })
  })

  it('quem bloqueou e quem foi bloqueado deixam de ver os anúncios um do outro', async () => {
    for (const side of [buyer, seller]) {
      const other = side === buyer ? seller : buyer
      const otherListing = createListing(world.db, {
        sellerId: other.id,
        title: `Anúncio de ${other.username}`,
      })
      const list = await side.caller.listings.list({ sort: 'recent', limit: 50 })
      expect(list.items.map((item) => item.id)).not.toContain(otherListing)
      const featured = await side.caller.listings.featured()
      expect(featured.map((item) => item.id)).not.toContain(otherListing)
      await expectTRPCError(side.caller.listings.byId({ id: otherListing }), 'NOT_FOUND')
      await expectTRPCError(
        side.caller.listings.setFavorite({ id: otherListing, favorite: true }),
        'NOT_FOUND',
      )
      await expectTRPCError(side.caller.listings.setVupt({ id: otherListing, vupt: true }), 'NOT_FOUND')
    }
    // A favorite made before the block leaves Meus favoritos too.
    await buyer.caller.safety.unblock({ userId: seller.id })
    await buyer.caller.listings.setFavorite({ id: listingId, favorite: true })
    expect((await buyer.caller.listings.favorites()).map((row) => row.id)).toEqual([listingId])
    await buyer.caller.safety.block({ userId: seller.id })
    expect(await buyer.caller.listings.favorites()).toEqual([])
    // A third member still sees them.
    const third = await createMember(world)
    const list = await third.caller.listings.list({ sort: 'recent', limit: 50 })
    expect(list.items.map((item) => item.id)).toContain(listingId)
  })

  it('os perfis somem nos dois sentidos', async () => {
    await expectTRPCError(buyer.caller.profiles.byUsername({ username: seller.username }), 'NOT_FOUND')
    await expectTRPCError(seller.caller.profiles.byUsername({ username: buyer.username }), 'NOT_FOUND')
  })

  it('ninguém envia mensagem nem abre conversa nova; quem foi bloqueado não é avisado de outra forma', async () => {
    const refused = await expectTRPCError(
      seller.caller.chat.send({ conversationId, content: 'Oi?' }),
      'FORBIDDEN',
    )
    expect(refused.message).toBe('Não é possível enviar mensagens nesta conversa.')
    await expectTRPCError(buyer.caller.chat.send({ conversationId, content: 'Oi?' }), 'FORBIDDEN')
    await expectTRPCError(seller.caller.chat.start({ username: buyer.username }), 'NOT_FOUND')
    await expectTRPCError(buyer.caller.chat.start({ listingId }), 'NOT_FOUND')
    // The thread stays readable for both, with who can send said.
    const header = await buyer.caller.chat.conversation({ conversationId })
    expect(header).toMatchObject({ blockedByMe: true, canSend: false })
    const otherSide = await seller.caller.chat.conversation({ conversationId })
    expect(otherSide).toMatchObject({ blockedByMe: false, canSend: false })
    expect((await seller.caller.chat.messages({ conversationId })).items).toHaveLength(1)
  })

  it('a lista de bloqueados é só de quem bloqueou, e desfazer devolve tudo', async () => {
    expect((await buyer.caller.safety.blocked()).map((row) => row.userId)).toEqual([seller.id])
    expect(await seller.caller.safety.blocked()).toEqual([])
    await buyer.caller.safety.unblock({ userId: seller.id })
    expect(await buyer.caller.safety.blocked()).toEqual([])
    await buyer.caller.chat.send({ conversationId, content: 'Voltei!' })
    expect((await buyer.caller.listings.byId({ id: listingId })).id).toBe(listingId)
  })

  it('não se bloqueia a si mesmo nem alguém de outra comunidade', async () => {
    await expectTRPCError(buyer.caller.safety.block({ userId: buyer.id }), 'BAD_REQUEST')
    world.db.update(communities).set({ active: true }).where(eq(communities.slug, 'udesc')).run()
    const outsider = await createApprovedStudent(world.db, {
      password: undefined,
      communityId: communityBySlug(world.db, 'udesc').id,
      email: `fora${Date.now()}@edu.udesc.br`,
    })
    await expectTRPCError(buyer.caller.safety.block({ userId: outsider.id }), 'NOT_FOUND')
  })
})

describe('denúncia', () => {
  it('guarda uma cópia do anúncio: editar ou apagar depois não esconde nada da moderação', async () => {
    await report(buyer.caller, 'listing', listingId)
    world.db.update(listings).set({ title: 'Outro título' }).where(eq(listings.id, listingId)).run()
    const [group] = await moderator.caller.admin.reports.queue()
    expect(group?.snapshot).toMatchObject({ type: 'listing', title: 'Calculadora HP 12c' })
    expect(group?.person?.userId).toBe(seller.id)
    expect(group?.reports).toHaveLength(1)
    expect(group?.overdue).toBe(false)
  })

  it('uma denúncia aberta por pessoa e alvo; ninguém denuncia a si mesmo', async () => {
    await report(buyer.caller, 'listing', listingId)
    await expectTRPCError(report(buyer.caller, 'listing', listingId), 'CONFLICT', 'Você já denunciou isto.')
    await expectTRPCError(report(seller.caller, 'listing', listingId), 'BAD_REQUEST')
    await expectTRPCError(report(seller.caller, 'user', seller.id), 'BAD_REQUEST')
    // Another member's report on the same target joins the same group.
    const third = await createMember(world)
    await report(third.caller, 'listing', listingId)
    const queue = await moderator.caller.admin.reports.queue()
    expect(queue).toHaveLength(1)
    expect(queue[0]?.reports).toHaveLength(2)
  })

  it('detalhes acima de 1.000 caracteres são recusados e nada é gravado', async () => {
    await expectValidationMessage(
      buyer.caller.safety.report({
        targetType: 'listing',
        targetId: listingId,
        reason: 'other',
        details: 'x'.repeat(1001),
      }),
      'Detalhes muito longos (máximo de 1.000 caracteres)',
    )
    expect(world.db.select().from(reports).all()).toHaveLength(0)
  })

  it('é limitada por hora', async () => {
    const targets = []
    for (let i = 0; i < 11; i++)
      targets.push(createListing(world.db, { sellerId: seller.id, title: `Item ${i}` }))
    for (const id of targets.slice(0, 10)) await report(buyer.caller, 'listing', id)
    await expectTRPCError(report(buyer.caller, 'listing', targets[10] ?? 0), 'TOO_MANY_REQUESTS')
  })

  it('uma mensagem só pode ser denunciada por quem participa da conversa e não a enviou', async () => {
    const sent = await seller.caller.chat.send({ conversationId, content: 'Me passa o código do SMS' })
    const third = await createMember(world)
    await expectTRPCError(report(third.caller, 'message', sent.id), 'NOT_FOUND')
    await expectTRPCError(report(seller.caller, 'message', sent.id), 'BAD_REQUEST')
    await report(buyer.caller, 'message', sent.id)
    const [group] = await moderator.caller.admin.reports.queue()
    expect(group?.snapshot).toMatchObject({ type: 'message', content: 'Me passa o código do SMS' })
  })

  it('quem foi denunciado não vê quem denunciou nem a denúncia', async () => {
    await report(buyer.caller, 'user', seller.id)
    await expectTRPCError(seller.caller.admin.reports.queue(), 'FORBIDDEN')
    expect(await seller.caller.safety.myReports()).toEqual([])
  })
})

describe('fila de denúncias', () => {
  it('remover o anúncio pela fila: registra, avisa quem vendeu e quem denunciou', async () => {
    await report(buyer.caller, 'listing', listingId)
    await moderator.caller.admin.reports.resolve({
      targetType: 'listing',
      targetId: listingId,
      action: 'remove_listing',
      removalReason: 'violation',
      note: 'Golpe confirmado',
    })
    const row = world.db.select().from(listings).where(eq(listings.id, listingId)).get()
    expect(row).toMatchObject({ moderationStatus: 'removed', removalReason: 'Violação de regras' })
    expect(await moderator.caller.admin.reports.queue()).toEqual([])
    const [mine] = await buyer.caller.safety.myReports()
    expect(mine).toMatchObject({ status: 'resolved', resolution: 'listing_removed' })
    const buyerNotes = await buyer.caller.notifications.list()
    expect(buyerNotes.items[0]).toMatchObject({ kind: 'report_resolved', body: 'Anúncio removido' })
    const sellerNotes = await seller.caller.notifications.list()
    expect(sellerNotes.items[0]).toMatchObject({
      kind: 'listing_removed',
      body: 'Motivo: Violação de regras',
    })
    expect(world.services.mailer.sent.map((mail) => mail.subject)).toContain(
      'Seu anúncio "Calculadora HP 12c" foi removido pela moderação',
    )
    const log = world.db.select().from(moderationLog).all()
    expect(log.map((line) => [line.actionType, line.targetId])).toContainEqual(['remove_listing', listingId])
  })

  it('suspender: o membro entra só para ver o motivo e até quando', async () => {
    await report(buyer.caller, 'user', seller.id)
    const before = Date.now()
    await moderator.caller.admin.reports.resolve({
      targetType: 'user',
      targetId: seller.id,
      action: 'suspend',
      days: 3,
      note: 'Assédio no chat',
    })
    const suspended = callerFor(world.services, { userId: seller.id }).caller
    const me = await suspended.auth.me()
    expect(me?.suspension?.reason).toBe('Assédio no chat')
    const endsAt = me?.suspension?.endsAt.getTime() ?? 0
    expect(endsAt - before).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000)
    expect(endsAt - Date.now()).toBeLessThanOrEqual(3 * 24 * 3600 * 1000)
    await expectTRPCError(suspended.listings.mine(), 'FORBIDDEN')
    await expectTRPCError(
      suspended.chat.send({ conversationId, content: 'oi' }),
      'FORBIDDEN',
      'Sua conta está suspensa.',
    )
    await expectTRPCError(
      suspended.safety.report({ targetType: 'user', targetId: buyer.id, reason: 'spam' }),
      'FORBIDDEN',
    )
    const log = world.db.select().from(moderationLog).all()
    expect(log.map((line) => [line.actionType, line.reason])).toContainEqual([
      'suspend_user',
      'Assédio no chat',
    ])
  })

  it('advertir e arquivar avisam as pessoas certas', async () => {
    await report(buyer.caller, 'user', seller.id)
    await moderator.caller.admin.reports.resolve({
      targetType: 'user',
      targetId: seller.id,
      action: 'warn',
      note: 'Linguagem ofensiva',
    })
    expect((await seller.caller.notifications.list()).items[0]).toMatchObject({ kind: 'warning' })
    // The warned member can still use Vupt.
    expect((await seller.caller.listings.mine()).length).toBe(1)
    await report(buyer.caller, 'listing', listingId)
    await moderator.caller.admin.reports.resolve({
      targetType: 'listing',
      targetId: listingId,
      action: 'dismiss',
      note: 'Sem violação',
    })
    const notes = (await buyer.caller.notifications.list()).items
    expect(notes.map((note) => note.body)).toEqual([
      'Analisada: nenhuma violação encontrada',
      'O membro recebeu uma advertência',
    ])
    expect(world.db.select().from(listings).where(eq(listings.id, listingId)).get()?.moderationStatus).toBe(
      'active',
    )
  })

  it('remover a conta é só de administradores', async () => {
    await report(buyer.caller, 'user', seller.id)
    const input = {
      targetType: 'user' as const,
      targetId: seller.id,
      action: 'remove_account' as const,
      note: 'Perfil falso',
    }
    await expectTRPCError(moderator.caller.admin.reports.resolve(input), 'FORBIDDEN')
    const admin = await createAdmin(world.db, { password: undefined })
    await callerFor(world.services, { userId: admin.id }).caller.admin.reports.resolve(input)
    expect(world.db.select().from(users).where(eq(users.id, seller.id)).get()?.deletedAt).not.toBeNull()
  })

  it('a moderação de outra comunidade não vê nem resolve', async () => {
    await report(buyer.caller, 'listing', listingId)
    world.db.update(communities).set({ active: true }).where(eq(communities.slug, 'udesc')).run()
    const outsider = await createApprovedStudent(world.db, {
      password: undefined,
      communityId: communityBySlug(world.db, 'udesc').id,
      email: `mod${Date.now()}@edu.udesc.br`,
      roles: ['user', 'moderator'],
    })
    const other = callerFor(world.services, { userId: outsider.id }).caller
    expect(await other.admin.reports.queue()).toEqual([])
    await expectTRPCError(
      other.admin.reports.resolve({
        targetType: 'listing',
        targetId: listingId,
        action: 'dismiss',
        note: 'Nada',
      }),
      'NOT_FOUND',
    )
    expect((await moderator.caller.admin.reports.queue()).length).toBe(1)
    expect(await other.admin.badges.counts()).toMatchObject({ openReports: 0 })
    expect(await moderator.caller.admin.badges.counts()).toMatchObject({ openReports: 1 })
  })

  it('membros comuns não chegam à fila', async () => {
    await expectTRPCError(buyer.caller.admin.reports.queue(), 'FORBIDDEN')
  })
})

describe('barreira de acessibilidade', () => {
  const barrier = {
    page: '/vender',
    details: 'O leitor de tela não anuncia o campo de preço.',
    assistiveTech: 'NVDA com Firefox',
  }

  it('chega à fila da moderação da comunidade como uma denúncia sem responsável', async () => {
    const { id } = await buyer.caller.safety.reportBarrier(barrier)
    const [group] = await moderator.caller.admin.reports.queue()
    expect(group).toMatchObject({
      targetType: 'barrier',
      targetId: id,
      snapshot: { type: 'barrier', page: '/vender', assistiveTech: 'NVDA com Firefox' },
      person: null,
      reports: [{ reason: 'accessibility', details: barrier.details, reporter: buyer.username }],
    })
    expect(await moderator.caller.admin.badges.counts()).toMatchObject({ openReports: 1 })
    expect((await buyer.caller.safety.myReports())[0]).toMatchObject({ title: '/vender', status: 'open' })
  })

  it('cada relato é um alvo próprio: a mesma pessoa pode relatar duas barreiras', async () => {
    await buyer.caller.safety.reportBarrier(barrier)
    await buyer.caller.safety.reportBarrier({ ...barrier, page: '/chat' })
    expect((await moderator.caller.admin.reports.queue()).map((group) => group.snapshot)).toEqual([
      expect.objectContaining({ page: '/vender' }),
      expect.objectContaining({ page: '/chat' }),
    ])
  })

  it('confirmar a barreira registra e avisa quem relatou; advertir ou remover anúncio não se aplicam', async () => {
    const { id } = await buyer.caller.safety.reportBarrier(barrier)
    for (const action of ['warn', 'suspend', 'remove_listing'] as const) {
      await expectTRPCError(
        moderator.caller.admin.reports.resolve({
          targetType: 'barrier',
          targetId: id,
          action,
          note: 'Tentativa',
          days: 1,
          removalReason: 'violation',
        }),
        'BAD_REQUEST',
      )
    }
    await report(buyer.caller, 'listing', listingId)
    await expectTRPCError(
      moderator.caller.admin.reports.resolve({
        targetType: 'listing',
        targetId: listingId,
        action: 'acknowledge_barrier',
        note: 'Não é barreira',
      }),
      'BAD_REQUEST',
    )
    await moderator.caller.admin.reports.resolve({
      targetType: 'barrier',
      targetId: id,
      action: 'acknowledge_barrier',
      note: 'Rótulo do preço corrigido na próxima versão',
    })
    expect((await buyer.caller.notifications.list()).items[0]).toMatchObject({
      kind: 'report_resolved',
      body: 'Barreira confirmada: a equipe vai corrigir e avisar você',
    })
    expect(
      world.db.select().from(moderationLog).where(eq(moderationLog.actionType, 'acknowledge_barrier')).all(),
    ).toHaveLength(1)
    expect((await moderator.caller.admin.reports.queue()).map((group) => group.targetType)).toEqual([
      'listing',
    ])
  })

  it('a moderação de outra comunidade não vê o relato; texto curto é recusado e nada é gravado', async () => {
    world.db.update(communities).set({ active: true }).where(eq(communities.slug, 'udesc')).run()
    const outsider = await createApprovedStudent(world.db, {
      password: undefined,
      communityId: communityBySlug(world.db, 'udesc').id,
      email: `mod${Date.now()}@edu.udesc.br`,
      roles: ['user', 'moderator'],
    })
    await buyer.caller.safety.reportBarrier(barrier)
    expect(await callerFor(world.services, { userId: outsider.id }).caller.admin.reports.queue()).toEqual([])
    await expectValidationMessage(
      buyer.caller.safety.reportBarrier({ page: '/vender', details: 'ruim' }),
      'Conte o que aconteceu (mínimo de 10 caracteres)',
    )
    await expectValidationMessage(
      buyer.caller.safety.reportBarrier({ ...barrier, page: '/'.repeat(201) }),
      'Página muito longa (máximo de 200 caracteres)',
    )
    await expectValidationMessage(
      buyer.caller.safety.reportBarrier({ ...barrier, details: 'x'.repeat(1001) }),
      'Detalhes muito longos (máximo de 1.000 caracteres)',
    )
    await expectValidationMessage(
      buyer.caller.safety.reportBarrier({ ...barrier, assistiveTech: 'x'.repeat(121) }),
      'Texto muito longo (máximo de 120 caracteres)',
    )
    expect(world.db.select().from(reports).all()).toHaveLength(1)
  })
})

describe('notificações', () => {
  it('favoritos e Vupts de um anúncio viram uma notificação só, contando', async () => {
    const fans = [await createMember(world), await createMember(world), await createMember(world)]
    for (const fan of fans) await fan.caller.listings.setFavorite({ id: listingId, favorite: true })
    await fans[0]?.caller.listings.setVupt({ id: listingId, vupt: true })
    const notes = (await seller.caller.notifications.list()).items
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ kind: 'listing_reaction', count: 4, read: false })
    expect((await seller.caller.notifications.unreadCount()).count).toBe(1)
    await seller.caller.notifications.markRead({})
    expect((await seller.caller.notifications.unreadCount()).count).toBe(0)
    // After reading, a new reaction starts a new notification.
    await fans[1]?.caller.listings.setVupt({ id: listingId, vupt: true })
    expect((await seller.caller.notifications.list()).items.map((note) => note.count)).toEqual([1, 4])
  })

  it('ninguém lê ou marca as notificações de outra pessoa', async () => {
    await buyer.caller.listings.setFavorite({ id: listingId, favorite: true })
    const [note] = (await seller.caller.notifications.list()).items
    expect((await buyer.caller.notifications.markRead({ ids: [note?.id ?? 0] })).read).toBe(0)
    expect((await seller.caller.notifications.unreadCount()).count).toBe(1)
  })

  it('um e-mail desligado não é enviado, e o link de descadastro vale só para a pessoa e o tipo', async () => {
    await seller.caller.notifications.setEmailPreference({ kind: 'listing_removed', enabled: false })
    await moderator.caller.admin.listings.remove({ id: listingId, reason: 'spam' })
    expect(world.services.mailer.sent).toHaveLength(0)
    expect((await seller.caller.notifications.list()).items[0]?.kind).toBe('listing_removed')
    const token = unsubscribeToken(world.services, seller.id, 'chat_digest')
    expect(readUnsubscribeToken(world.services, token)).toEqual({ userId: seller.id, kind: 'chat_digest' })
    expect(readUnsubscribeToken(world.services, `unsubscribe:${buyer.id}:chat_digest`)).toBeNull()
    expect(readUnsubscribeToken(world.services, `${token.slice(0, -2)}xx`)).toBeNull()
  })

  it('o resumo do chat vai uma vez para mensagens não lidas há uma hora, com o descadastro do tipo', async () => {
    await seller.caller.chat.send({ conversationId, content: 'Ainda quer a calculadora?' })
    const sentAt = Date.now()
    // Not yet an hour.
    expect(await runChatDigest(world.services, new Date(sentAt + 59 * 60 * 1000))).toBe(0)
    expect(await runChatDigest(world.services, new Date(sentAt + 61 * 60 * 1000))).toBe(1)
    const mail = world.services.mailer.last
    expect(mail?.subject).toBe('Você tem 1 mensagem não lida no Vupt')
    const link = mail?.headers?.['List-Unsubscribe'] ?? ''
    const token = new URL(link.slice(1, -1)).searchParams.get('token') ?? ''
    const buyerEmail = world.db.select().from(users).where(eq(users.id, buyer.id)).get()?.email
    expect(mail?.to).toBe(buyerEmail)
    expect(readUnsubscribeToken(world.services, token)).toEqual({ userId: buyer.id, kind: 'chat_digest' })
    // The same message is never mailed twice.
    expect(await runChatDigest(world.services, new Date(sentAt + 3 * 60 * 60 * 1000))).toBe(0)
    // A member who turned the digest off gets nothing.
    await buyer.caller.chat.send({ conversationId, content: 'Quero sim!' })
    await seller.caller.notifications.setEmailPreference({ kind: 'chat_digest', enabled: false })
    expect(await runChatDigest(world.services, new Date(sentAt + 5 * 60 * 60 * 1000))).toBe(0)
  })

  it('descadastro em um clique: o GET só pergunta, o POST (botão ou provedor de e-mail) desliga o tipo', async () => {
    const app = await startHttpApp(world.services)
    try {
      const token = unsubscribeToken(world.services, buyer.id, 'listing_removed')
      const url = `${app.url}/descadastrar?token=${token}`
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Confirmar descadastro')
      expect(
        (await buyer.caller.notifications.emailPreferences()).find((p) => p.kind === 'listing_removed')
          ?.enabled,
      ).toBe(true)
      // RFC 8058: the provider posts 'List-Unsubscribe=One-Click' from elsewhere, with no Origin of ours.
      const posted = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(posted.status).toBe(200)
      const preferences = await buyer.caller.notifications.emailPreferences()
      expect(preferences.find((p) => p.kind === 'listing_removed')?.enabled).toBe(false)
      expect(preferences.filter((p) => !p.enabled)).toHaveLength(1)
      const forged = await fetch(`${app.url}/descadastrar?token=unsubscribe:${seller.id}:chat_digest`, {
        method: 'POST',
      })
      expect(forged.status).toBe(400)
      // A token far beyond any sealed one is refused before any decryption, and a big body too.
      const huge = await fetch(`${app.url}/descadastrar?token=${'a.'.repeat(4000)}`, { method: 'POST' })
      expect(huge.status).toBe(400)
      const bigBody = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `List-Unsubscribe=${'x'.repeat(5000)}`,
      })
      expect(bigBody.status).toBe(413)
      expect((await seller.caller.notifications.emailPreferences()).every((p) => p.enabled)).toBe(true)
    } finally {
      await app.close()
    }
  })
})
