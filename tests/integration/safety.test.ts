import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createListing, createStudent, createUpload } from '../../server/db/factories'
import { listings, messages, moderationLog, reports, users } from '../../server/db/schema'
import { runChatDigest } from '../../server/notifications/chat-digest'
import { readUnsubscribeToken, unsubscribeToken } from '../../server/notifications/unsubscribe'
import { activeSuspension } from '../../server/safety/sanctions'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import { startHttpApp } from '../support/http'
import { expectListingActionRefused } from '../support/reports'
import {
  type AppCaller,
  callerFor,
  createAdmin,
  createMarketScene,
  createMember,
  createUdescModerator,
  type MarketScene,
  openCommunity,
  setUpTestWorld,
} from '../support/test-app'

const world = setUpTestWorld()
/** Set by beforeEach: a seller's listing, a buyer's conversation about it, a moderator. */
let scene: MarketScene

beforeEach(async () => {
  scene = await createMarketScene(world, {
    title: 'Calculadora HP 12c',
  })
})

const report = (caller: AppCaller, targetType: 'listing' | 'user' | 'message', targetId: number) =>
  caller.safety.report({ targetType, targetId, reason: 'scam', details: 'Pediu Pix antes de entregar.' })

type Resolution = Parameters<AppCaller['admin']['reports']['resolve']>[0]
type WithoutTarget<Input> = Input extends unknown ? Omit<Input, 'targetType' | 'targetId'> : never
type Decision = WithoutTarget<Resolution>

/** The buyer reports the scene's listing or seller, and the scene's moderator decides. */
async function reportAndResolve(target: 'listing' | 'user', decision: Decision) {
  const targetId = target === 'listing' ? scene.listingId : scene.seller.id
  await report(scene.buyer.caller, target, targetId)
  await scene.moderator.caller.admin.reports.resolve({ targetType: target, targetId, ...decision })
}

/** The scene's moderator tries to warn and to suspend `userId` over their open report: refused both times. */
async function expectSanctionsRefused(userId: number, note: string) {
  for (const action of ['warn', 'suspend'] as const) {
    await expectAppError(
      scene.moderator.caller.admin.reports.resolve({
        targetType: 'user',
        targetId: userId,
        action,
        days: 1,
        note,
      }),
      'REPORT_ACTION_NOT_ALLOWED',
      'BAD_REQUEST',
    )
  }
}

describe('bloqueio', () => {
  beforeEach(async () => {
    await scene.seller.caller.chat.send({ conversationId: scene.conversationId, content: 'Oi! Ainda tenho.' })
    await scene.buyer.caller.safety.block({ userId: scene.seller.id })
  })

  it('quem bloqueou e quem foi bloqueado deixam de ver os anúncios um do outro', async () => {
    for (const side of [scene.buyer, scene.seller]) {
      const other = side === scene.buyer ? scene.seller : scene.buyer
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
    await scene.buyer.caller.safety.unblock({ userId: scene.seller.id })
    await scene.buyer.caller.listings.setFavorite({ id: scene.listingId, favorite: true })
    expect((await scene.buyer.caller.listings.favorites()).map((row) => row.id)).toEqual([scene.listingId])
    await scene.buyer.caller.safety.block({ userId: scene.seller.id })
    expect(await scene.buyer.caller.listings.favorites()).toEqual([])
    // A third member still sees them.
    const third = await createMember(world)
    const list = await third.caller.listings.list({ sort: 'recent', limit: 50 })
    expect(list.items.map((item) => item.id)).toContain(scene.listingId)
  })

  it('os perfis somem nos dois sentidos', async () => {
    await expectTRPCError(
      scene.buyer.caller.profiles.byUsername({ username: scene.seller.username }),
      'NOT_FOUND',
    )
    await expectTRPCError(
      scene.seller.caller.profiles.byUsername({ username: scene.buyer.username }),
      'NOT_FOUND',
    )
  })

  it('ninguém envia mensagem nem abre conversa nova; quem foi bloqueado não é avisado de outra forma', async () => {
    const refused = await expectTRPCError(
      scene.seller.caller.chat.send({ conversationId: scene.conversationId, content: 'Oi?' }),
      'FORBIDDEN',
    )
    expect(refused.message).toBe('Não é possível enviar mensagens nesta conversa.')
    await expectTRPCError(
      scene.buyer.caller.chat.send({ conversationId: scene.conversationId, content: 'Oi?' }),
      'FORBIDDEN',
    )
    await expectTRPCError(scene.seller.caller.chat.start({ username: scene.buyer.username }), 'NOT_FOUND')
    await expectTRPCError(scene.buyer.caller.chat.start({ listingId: scene.listingId }), 'NOT_FOUND')
    // The thread stays readable for both, with who can send said.
    const header = await scene.buyer.caller.chat.conversation({ conversationId: scene.conversationId })
    expect(header).toMatchObject({ blockedByMe: true, canSend: false })
    const otherSide = await scene.seller.caller.chat.conversation({ conversationId: scene.conversationId })
    expect(otherSide).toMatchObject({ blockedByMe: false, canSend: false })
    expect(
      (await scene.seller.caller.chat.messages({ conversationId: scene.conversationId })).items,
    ).toHaveLength(1)
  })

  it('a lista de bloqueados é só de quem bloqueou, e desfazer devolve tudo', async () => {
    expect((await scene.buyer.caller.safety.blocked()).map((row) => row.userId)).toEqual([scene.seller.id])
    expect(await scene.seller.caller.safety.blocked()).toEqual([])
    await scene.buyer.caller.safety.unblock({ userId: scene.seller.id })
    expect(await scene.buyer.caller.safety.blocked()).toEqual([])
    await scene.buyer.caller.chat.send({ conversationId: scene.conversationId, content: 'Voltei!' })
    expect((await scene.buyer.caller.listings.byId({ id: scene.listingId })).id).toBe(scene.listingId)
  })

  it('não se bloqueia a si mesmo nem alguém de outra comunidade', async () => {
    await expectTRPCError(scene.buyer.caller.safety.block({ userId: scene.buyer.id }), 'BAD_REQUEST')
    openCommunity(world.db, 'udesc')
    const outsider = await createStudent(world.db, {
      member: true,
      password: undefined,
      community: 'udesc',
    })
    await expectTRPCError(scene.buyer.caller.safety.block({ userId: outsider.id }), 'NOT_FOUND')
    // Someone who does not exist is refused the same way.
    await expectTRPCError(scene.buyer.caller.safety.block({ userId: outsider.id + 1000 }), 'NOT_FOUND')
    expect((await scene.buyer.caller.safety.blocked()).map((row) => row.userId)).toEqual([scene.seller.id])
  })
})

describe('denúncia', () => {
  it('guarda uma cópia do anúncio: editar ou apagar depois não esconde nada da moderação', async () => {
    await report(scene.buyer.caller, 'listing', scene.listingId)
    world.db.update(listings).set({ title: 'Outro título' }).where(eq(listings.id, scene.listingId)).run()
    const [group] = await scene.moderator.caller.admin.reports.queue()
    expect(group?.snapshot).toMatchObject({ type: 'listing', title: 'Calculadora HP 12c' })
    expect(group?.person?.userId).toBe(scene.seller.id)
    expect(group?.reports).toHaveLength(1)
    expect(group?.overdue).toBe(false)
  })

  it('uma denúncia aberta por pessoa e alvo; ninguém denuncia a si mesmo', async () => {
    await report(scene.buyer.caller, 'listing', scene.listingId)
    await expectTRPCError(
      report(scene.buyer.caller, 'listing', scene.listingId),
      'CONFLICT',
      'Você já denunciou isto.',
    )
    await expectTRPCError(report(scene.seller.caller, 'listing', scene.listingId), 'BAD_REQUEST')
    await expectTRPCError(report(scene.seller.caller, 'user', scene.seller.id), 'BAD_REQUEST')
    // Another member's report on the same target joins the same group.
    const third = await createMember(world)
    await report(third.caller, 'listing', scene.listingId)
    const queue = await scene.moderator.caller.admin.reports.queue()
    expect(queue).toHaveLength(1)
    expect(queue[0]?.reports).toHaveLength(2)
  })

  it('só se denuncia o que se vê: nada de outra comunidade, perfil pendente, remetente apagado ou que não existe', async () => {
    openCommunity(world.db, 'udesc')
    const outsider = await createMember(world, { community: 'udesc' })
    const outsiderListing = createListing(world.db, { sellerId: outsider.id, title: 'Livro da Udesc' })
    const pending = await createStudent(world.db)
    const orphan = await scene.seller.caller.chat.send({
      conversationId: scene.conversationId,
      content: 'Oi',
    })
    world.db.update(messages).set({ senderId: null }).where(eq(messages.id, orphan.id)).run()
    const hidden = [
      ['listing', outsiderListing],
      ['listing', 999_999],
      ['user', outsider.id],
      ['user', pending.id],
      ['user', 999_999],
      ['message', orphan.id],
      ['message', 999_999],
    ] as const
    for (const [type, id] of hidden) {
      await expectAppError(report(scene.buyer.caller, type, id), 'REPORT_TARGET_NOT_FOUND', 'NOT_FOUND')
    }
    expect(world.db.select().from(reports).all()).toEqual([])
  })

  it('a cópia guardada tem as fotos do anúncio, o perfil, o aviso de fotos da mensagem e os detalhes', async () => {
    const photo = createUpload(world.db, { ownerId: scene.seller.id, kind: 'listing' })
    const withPhoto = createListing(
      world.db,
      { sellerId: scene.seller.id, title: 'Mochila', imageIds: [photo.id] },
      world.services.storage,
    )
    const chatPhoto = createUpload(world.db, { ownerId: scene.seller.id, kind: 'chat' })
    const sent = await scene.seller.caller.chat.send({
      conversationId: scene.conversationId,
      content: 'Olha o estado',
      photos: [chatPhoto.id],
    })
    const created = [
      await report(scene.buyer.caller, 'listing', withPhoto),
      await report(scene.buyer.caller, 'user', scene.seller.id),
      await report(scene.buyer.caller, 'message', sent.id),
    ]
    const queue = await scene.moderator.caller.admin.reports.queue()
    const byType = new Map(queue.map((group) => [group.targetType, group]))
    expect(byType.get('listing')?.snapshot).toMatchObject({ imageUrls: [photo.fullUrl] })
    expect(byType.get('user')?.snapshot).toMatchObject({
      type: 'user',
      username: scene.seller.username,
      course: 'Engenharia de Software',
    })
    expect(byType.get('message')?.snapshot).toMatchObject({ content: 'Olha o estado (📷 Foto)' })
    const stored = queue.flatMap((group) => group.reports)
    expect(stored.map((row) => row.details)).toEqual(Array(3).fill('Pediu Pix antes de entregar.'))
    expect(stored.map((row) => row.id).sort()).toEqual(created.map((row) => row.id).sort())
  })

  it('repetir a denúncia não gasta o limite por hora, nem quando duas saem juntas', async () => {
    const twice = await Promise.allSettled([
      report(scene.buyer.caller, 'listing', scene.listingId),
      report(scene.buyer.caller, 'listing', scene.listingId),
    ])
    expect(twice.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = twice.find((result) => result.status === 'rejected')
    await expectAppError(Promise.reject(refused?.reason), 'REPORT_ALREADY_OPEN', 'CONFLICT')
    for (let i = 0; i < 10; i++) {
      await expectAppError(report(scene.buyer.caller, 'listing', scene.listingId), 'REPORT_ALREADY_OPEN')
    }
    expect(world.db.select().from(reports).all()).toHaveLength(1)
    const another = createListing(world.db, { sellerId: scene.seller.id, title: 'Régua T' })
    await report(scene.buyer.caller, 'listing', another)
  })

  it('detalhes acima de 1.000 caracteres são recusados e nada é gravado', async () => {
    await expectValidationMessage(
      scene.buyer.caller.safety.report({
        targetType: 'listing',
        targetId: scene.listingId,
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
      targets.push(createListing(world.db, { sellerId: scene.seller.id, title: `Item ${i}` }))
    for (const id of targets.slice(0, 10)) await report(scene.buyer.caller, 'listing', id)
    await expectTRPCError(report(scene.buyer.caller, 'listing', targets[10] ?? 0), 'TOO_MANY_REQUESTS')
  })

  it('uma mensagem só pode ser denunciada por quem participa da conversa e não a enviou', async () => {
    const sent = await scene.seller.caller.chat.send({
      conversationId: scene.conversationId,
      content: 'Me passa o código do SMS',
    })
    const third = await createMember(world)
    await expectTRPCError(report(third.caller, 'message', sent.id), 'NOT_FOUND')
    await expectTRPCError(report(scene.seller.caller, 'message', sent.id), 'BAD_REQUEST')
    await report(scene.buyer.caller, 'message', sent.id)
    const [group] = await scene.moderator.caller.admin.reports.queue()
    expect(group?.snapshot).toMatchObject({ type: 'message', content: 'Me passa o código do SMS' })
  })

  it('quem foi denunciado não vê quem denunciou nem a denúncia', async () => {
    await report(scene.buyer.caller, 'user', scene.seller.id)
    await expectTRPCError(scene.seller.caller.admin.reports.queue(), 'FORBIDDEN')
    expect(await scene.seller.caller.safety.myReports()).toEqual([])
  })
})

describe('fila de denúncias', () => {
  it('remover o anúncio pela fila: registra, avisa quem vendeu e quem denunciou', async () => {
    await reportAndResolve('listing', {
      action: 'remove_listing',
      removalReason: 'violation',
      note: 'Golpe confirmado',
    })
    const row = world.db.select().from(listings).where(eq(listings.id, scene.listingId)).get()
    expect(row).toMatchObject({ moderationStatus: 'removed', removalReason: 'Violação de regras' })
    expect(await scene.moderator.caller.admin.reports.queue()).toEqual([])
    const [mine] = await scene.buyer.caller.safety.myReports()
    expect(mine).toMatchObject({ status: 'resolved', resolution: 'listing_removed' })
    const buyerNotes = await scene.buyer.caller.notifications.list()
    expect(buyerNotes.items[0]).toMatchObject({ kind: 'report_resolved', body: 'Anúncio removido' })
    const sellerNotes = await scene.seller.caller.notifications.list()
    expect(sellerNotes.items[0]).toMatchObject({
      kind: 'listing_removed',
      body: 'Motivo: Violação de regras',
    })
    expect(world.services.mailer.sent.map((mail) => mail.subject)).toContain(
      'Seu anúncio "Calculadora HP 12c" foi removido pela moderação',
    )
    const log = world.db.select().from(moderationLog).all()
    expect(log.map((line) => [line.actionType, line.targetId])).toContainEqual([
      'remove_listing',
      scene.listingId,
    ])
  })

  it('suspender: o membro entra só para ver o motivo e até quando', async () => {
    await report(scene.buyer.caller, 'user', scene.seller.id)
    const before = Date.now()
    await scene.moderator.caller.admin.reports.resolve({
      targetType: 'user',
      targetId: scene.seller.id,
      action: 'suspend',
      days: 3,
      note: 'Assédio no chat',
    })
    const suspended = callerFor(world.services, { userId: scene.seller.id }).caller
    const me = await suspended.auth.me()
    expect(me?.suspension?.reason).toBe('Assédio no chat')
    const endsAt = me?.suspension?.endsAt.getTime() ?? 0
    expect(endsAt - before).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000)
    expect(endsAt - Date.now()).toBeLessThanOrEqual(3 * 24 * 3600 * 1000)
    await expectTRPCError(suspended.listings.mine(), 'FORBIDDEN')
    await expectTRPCError(
      suspended.chat.send({ conversationId: scene.conversationId, content: 'oi' }),
      'FORBIDDEN',
      'Sua conta está suspensa.',
    )
    await expectTRPCError(
      suspended.safety.report({ targetType: 'user', targetId: scene.buyer.id, reason: 'spam' }),
      'FORBIDDEN',
    )
    const log = world.db.select().from(moderationLog).all()
    expect(log.map((line) => [line.actionType, line.reason])).toContainEqual([
      'suspend_user',
      'Assédio no chat',
    ])
    // It ends when it says: a minute before, still in force; a minute after, over.
    expect(activeSuspension(world.db, scene.seller.id, new Date(endsAt - 60_000))).not.toBeNull()
    expect(activeSuspension(world.db, scene.seller.id, new Date(endsAt + 60_000))).toBeNull()
  })

  it('advertir e arquivar avisam as pessoas certas', async () => {
    await reportAndResolve('user', { action: 'warn', note: 'Linguagem ofensiva' })
    expect((await scene.seller.caller.notifications.list()).items[0]).toMatchObject({ kind: 'warning' })
    // The warned member can still use Vupt.
    expect((await scene.seller.caller.listings.mine()).length).toBe(1)
    await reportAndResolve('listing', { action: 'dismiss', note: 'Sem violação' })
    const notes = (await scene.buyer.caller.notifications.list()).items
    expect(notes.map((note) => note.body)).toEqual([
      'Analisada: nenhuma violação encontrada',
      'O membro recebeu uma advertência',
    ])
    expect(
      world.db.select().from(listings).where(eq(listings.id, scene.listingId)).get()?.moderationStatus,
    ).toBe('active')
  })

  it('remover a conta é só de administradores', async () => {
    await report(scene.buyer.caller, 'user', scene.seller.id)
    const input = {
      targetType: 'user' as const,
      targetId: scene.seller.id,
      action: 'remove_account' as const,
      note: 'Perfil falso',
    }
    await expectTRPCError(scene.moderator.caller.admin.reports.resolve(input), 'FORBIDDEN')
    const admin = await createAdmin(world.db, { password: undefined })
    await callerFor(world.services, { userId: admin.id }).caller.admin.reports.resolve(input)
    expect(world.db.select().from(users).where(eq(users.id, scene.seller.id)).get()?.deletedAt).not.toBeNull()
  })

  it('quem administra só é advertido por outro administrador, e nunca removido pela fila', async () => {
    const target = await createAdmin(world.db, { password: undefined })
    const other = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
    await report(scene.buyer.caller, 'user', target.id)
    const decide = (action: 'warn' | 'remove_account') => ({
      targetType: 'user' as const,
      targetId: target.id,
      action,
      note: 'Conduta no chat',
    })
    await expectSanctionsRefused(target.id, 'Conduta no chat')
    await expectAppError(
      other.admin.reports.resolve(decide('remove_account')),
      'REPORT_ACTION_NOT_ALLOWED',
      'BAD_REQUEST',
    )
    expect(world.db.select().from(users).where(eq(users.id, target.id)).get()?.deletedAt).toBeNull()
    expect(world.db.select().from(moderationLog).all()).toEqual([])
    await other.admin.reports.resolve(decide('warn'))
    expect(
      world.db
        .select()
        .from(moderationLog)
        .all()
        .map((entry) => [entry.actionType, entry.targetId]),
    ).toEqual([['warn_user', target.id]])
  })

  it('ninguém da moderação pune a si mesmo pela fila; outra pessoa da moderação pode', async () => {
    await report(scene.buyer.caller, 'user', scene.moderator.id)
    await expectSanctionsRefused(scene.moderator.id, 'Em causa própria')
    const colleague = await createMember(world, { roles: ['user', 'moderator'] })
    await colleague.caller.admin.reports.resolve({
      targetType: 'user',
      targetId: scene.moderator.id,
      action: 'warn',
      note: 'Conduta no chat',
    })
    expect(
      world.db
        .select()
        .from(moderationLog)
        .all()
        .map((entry) => entry.moderatorId),
    ).toEqual([colleague.id])
  })

  it('uma conta já removida não recebe advertência nem suspensão pela fila', async () => {
    await report(scene.buyer.caller, 'user', scene.seller.id)
    const admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
    await admin.admin.users.delete({ userId: scene.seller.id })
    await expectSanctionsRefused(scene.seller.id, 'Tarde demais')
  })

  it('suspender e remover a conta encerram na hora o que a pessoa tem aberto; advertir não', async () => {
    const abort = new AbortController()
    const listener = world.services.bus.listen('account', scene.seller.id, abort.signal)
    await listener.ready
    const heard: unknown[] = []
    const collecting = (async () => {
      for await (const message of listener) heard.push(message)
    })()
    try {
      await reportAndResolve('user', { action: 'warn', note: 'Linguagem ofensiva' })
      await reportAndResolve('user', { action: 'suspend', days: 1, note: 'Assédio no chat' })
      await report(scene.buyer.caller, 'user', scene.seller.id)
      const admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
      await admin.admin.reports.resolve({
        targetType: 'user',
        targetId: scene.seller.id,
        action: 'remove_account',
        note: 'Perfil falso',
      })
      await vi.waitFor(() =>
        expect(heard).toEqual([
          { userId: scene.seller.id, reason: 'suspended' },
          { userId: scene.seller.id, reason: 'deleted' },
        ]),
      )
    } finally {
      abort.abort()
      await collecting.catch(() => undefined)
    }
  })

  it('a moderação de outra comunidade não vê nem resolve', async () => {
    await report(scene.buyer.caller, 'listing', scene.listingId)
    const other = (await createUdescModerator(world)).caller
    expect(await other.admin.reports.queue()).toEqual([])
    await expectTRPCError(
      other.admin.reports.resolve({
        targetType: 'listing',
        targetId: scene.listingId,
        action: 'dismiss',
        note: 'Nada',
      }),
      'NOT_FOUND',
    )
    expect((await scene.moderator.caller.admin.reports.queue()).length).toBe(1)
    expect(await other.admin.badges.counts()).toMatchObject({ openReports: 0 })
    expect(await scene.moderator.caller.admin.badges.counts()).toMatchObject({ openReports: 1 })
  })

  it('membros comuns não chegam à fila', async () => {
    await expectTRPCError(scene.buyer.caller.admin.reports.queue(), 'FORBIDDEN')
  })
})

describe('barreira de acessibilidade', () => {
  const barrier = {
    page: '/vender',
    details: 'O leitor de tela não anuncia o campo de preço.',
    assistiveTech: 'NVDA com Firefox',
  }

  it('chega à fila da moderação da comunidade como uma denúncia sem responsável', async () => {
    const { id } = await scene.buyer.caller.safety.reportBarrier(barrier)
    const [group] = await scene.moderator.caller.admin.reports.queue()
    expect(group).toMatchObject({
      targetType: 'barrier',
      targetId: id,
      snapshot: { type: 'barrier', page: '/vender', assistiveTech: 'NVDA com Firefox' },
      person: null,
      reports: [{ reason: 'accessibility', details: barrier.details, reporter: scene.buyer.username }],
    })
    expect(await scene.moderator.caller.admin.badges.counts()).toMatchObject({ openReports: 1 })
    expect((await scene.buyer.caller.safety.myReports())[0]).toMatchObject({
      title: '/vender',
      status: 'open',
    })
  })

  it('cada relato é um alvo próprio: a mesma pessoa pode relatar duas barreiras', async () => {
    await scene.buyer.caller.safety.reportBarrier(barrier)
    await scene.buyer.caller.safety.reportBarrier({ ...barrier, page: '/chat' })
    expect((await scene.moderator.caller.admin.reports.queue()).map((group) => group.snapshot)).toEqual([
      expect.objectContaining({ page: '/vender' }),
      expect.objectContaining({ page: '/chat' }),
    ])
  })

  it('confirmar a barreira registra e avisa quem relatou; advertir ou remover anúncio não se aplicam', async () => {
    const { id } = await scene.buyer.caller.safety.reportBarrier(barrier)
    for (const action of ['warn', 'suspend', 'remove_listing'] as const) {
      await expectTRPCError(
        scene.moderator.caller.admin.reports.resolve({
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
    await report(scene.buyer.caller, 'listing', scene.listingId)
    await expectListingActionRefused(scene, 'acknowledge_barrier', 'Não é barreira')
    await scene.moderator.caller.admin.reports.resolve({
      targetType: 'barrier',
      targetId: id,
      action: 'acknowledge_barrier',
      note: 'Rótulo do preço corrigido na próxima versão',
    })
    expect((await scene.buyer.caller.notifications.list()).items[0]).toMatchObject({
      kind: 'report_resolved',
      body: 'Barreira confirmada: a equipe vai corrigir e avisar você',
    })
    expect(
      world.db.select().from(moderationLog).where(eq(moderationLog.actionType, 'acknowledge_barrier')).all(),
    ).toHaveLength(1)
    expect((await scene.moderator.caller.admin.reports.queue()).map((group) => group.targetType)).toEqual([
      'listing',
    ])
  })

  it('arquivar o relato avisa quem relatou; remover pedido ou avaliação não se aplicam a um anúncio', async () => {
    const { id } = await scene.buyer.caller.safety.reportBarrier(barrier)
    await scene.moderator.caller.admin.reports.resolve({
      targetType: 'barrier',
      targetId: id,
      action: 'dismiss',
      note: 'Funciona com o NVDA atual',
    })
    expect((await scene.buyer.caller.safety.myReports())[0]).toMatchObject({ resolution: 'dismissed' })
    await report(scene.buyer.caller, 'listing', scene.listingId)
    await expectListingActionRefused(scene, 'remove_wanted', 'Não é pedido', 'spam')
    expect(
      world.db.select().from(listings).where(eq(listings.id, scene.listingId)).get()?.moderationStatus,
    ).toBe('active')
    expect(world.db.select().from(moderationLog).all()).toHaveLength(1)
  })

  it('a moderação de outra comunidade não vê o relato; texto curto é recusado e nada é gravado', async () => {
    const outsider = await createUdescModerator(world)
    await scene.buyer.caller.safety.reportBarrier(barrier)
    expect(await outsider.caller.admin.reports.queue()).toEqual([])
    await expectValidationMessage(
      scene.buyer.caller.safety.reportBarrier({ page: '/vender', details: 'ruim' }),
      'Conte o que aconteceu (mínimo de 10 caracteres)',
    )
    await expectValidationMessage(
      scene.buyer.caller.safety.reportBarrier({ ...barrier, page: '/'.repeat(201) }),
      'Página muito longa (máximo de 200 caracteres)',
    )
    await expectValidationMessage(
      scene.buyer.caller.safety.reportBarrier({ ...barrier, details: 'x'.repeat(1001) }),
      'Detalhes muito longos (máximo de 1.000 caracteres)',
    )
    await expectValidationMessage(
      scene.buyer.caller.safety.reportBarrier({ ...barrier, assistiveTech: 'x'.repeat(121) }),
      'Texto muito longo (máximo de 120 caracteres)',
    )
    expect(world.db.select().from(reports).all()).toHaveLength(1)
  })
})

describe('notificações', () => {
  it('favoritos e Vupts de um anúncio viram uma notificação só, contando', async () => {
    const fans = [await createMember(world), await createMember(world), await createMember(world)]
    for (const fan of fans) await fan.caller.listings.setFavorite({ id: scene.listingId, favorite: true })
    await fans[0]?.caller.listings.setVupt({ id: scene.listingId, vupt: true })
    const notes = (await scene.seller.caller.notifications.list()).items
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ kind: 'listing_reaction', count: 4, read: false })
    expect((await scene.seller.caller.notifications.unreadCount()).count).toBe(1)
    await scene.seller.caller.notifications.markRead({})
    expect((await scene.seller.caller.notifications.unreadCount()).count).toBe(0)
    // After reading, a new reaction starts a new notification.
    await fans[1]?.caller.listings.setVupt({ id: scene.listingId, vupt: true })
    expect((await scene.seller.caller.notifications.list()).items.map((note) => note.count)).toEqual([1, 4])
  })

  it('ninguém lê ou marca as notificações de outra pessoa', async () => {
    await scene.buyer.caller.listings.setFavorite({ id: scene.listingId, favorite: true })
    const [note] = (await scene.seller.caller.notifications.list()).items
    expect((await scene.buyer.caller.notifications.markRead({ ids: [note?.id ?? 0] })).read).toBe(0)
    expect((await scene.seller.caller.notifications.unreadCount()).count).toBe(1)
  })

  it('um e-mail desligado não é enviado, e o link de descadastro vale só para a pessoa e o tipo', async () => {
    await scene.seller.caller.notifications.setEmailPreference({ kind: 'listing_removed', enabled: false })
    await scene.moderator.caller.admin.listings.remove({ id: scene.listingId, reason: 'spam' })
    expect(world.services.mailer.sent).toHaveLength(0)
    expect((await scene.seller.caller.notifications.list()).items[0]?.kind).toBe('listing_removed')
    const token = unsubscribeToken(world.services, scene.seller.id, 'chat_digest')
    expect(readUnsubscribeToken(world.services, token, undefined)).toEqual({
      userId: scene.seller.id,
      kind: 'chat_digest',
    })
    expect(
      readUnsubscribeToken(world.services, `unsubscribe:${scene.buyer.id}:chat_digest`, undefined),
    ).toBeNull()
    // A different next-to-last character: all six of its bits count, unlike the last one's.
    const other = token.at(-2) === 'A' ? 'B' : 'A'
    const tampered = `${token.slice(0, -2)}${other}${token.at(-1)}`
    expect(readUnsubscribeToken(world.services, tampered, undefined)).toBeNull()
  })

  it('o resumo do chat vai uma vez para mensagens não lidas há uma hora, com o descadastro do tipo', async () => {
    await scene.seller.caller.chat.send({
      conversationId: scene.conversationId,
      content: 'Ainda quer a calculadora?',
    })
    const sentAt = Date.now()
    // Not yet an hour.
    expect(await runChatDigest(world.services, new Date(sentAt + 59 * 60 * 1000))).toBe(0)
    expect(await runChatDigest(world.services, new Date(sentAt + 61 * 60 * 1000))).toBe(1)
    const mail = world.services.mailer.last
    expect(mail?.subject).toBe('Você tem 1 mensagem não lida no Vupt')
    const link = mail?.headers?.['List-Unsubscribe'] ?? ''
    const token = new URL(link.slice(1, -1)).searchParams.get('token') ?? ''
    const buyerEmail = world.db.select().from(users).where(eq(users.id, scene.buyer.id)).get()?.email
    expect(mail?.to).toBe(buyerEmail)
    expect(readUnsubscribeToken(world.services, token, undefined)).toEqual({
      userId: scene.buyer.id,
      kind: 'chat_digest',
    })
    // The same message is never mailed twice.
    expect(await runChatDigest(world.services, new Date(sentAt + 3 * 60 * 60 * 1000))).toBe(0)
    // A member who turned the digest off gets nothing.
    await scene.buyer.caller.chat.send({ conversationId: scene.conversationId, content: 'Quero sim!' })
    await scene.seller.caller.notifications.setEmailPreference({ kind: 'chat_digest', enabled: false })
    expect(await runChatDigest(world.services, new Date(sentAt + 5 * 60 * 60 * 1000))).toBe(0)
  })

  it('descadastro em um clique: o GET só pergunta, o POST (botão ou provedor de e-mail) desliga o tipo', async () => {
    const app = await startHttpApp(world.services)
    try {
      const token = unsubscribeToken(world.services, scene.buyer.id, 'listing_removed')
      const url = `${app.url}/descadastrar?token=${token}`
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Confirmar descadastro')
      expect(
        (await scene.buyer.caller.notifications.emailPreferences()).find((p) => p.kind === 'listing_removed')
          ?.enabled,
      ).toBe(true)
      // RFC 8058: the provider posts 'List-Unsubscribe=One-Click' from elsewhere, with no Origin of ours.
      const posted = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(posted.status).toBe(200)
      const preferences = await scene.buyer.caller.notifications.emailPreferences()
      expect(preferences.find((p) => p.kind === 'listing_removed')?.enabled).toBe(false)
      expect(preferences.filter((p) => !p.enabled)).toHaveLength(1)
      const forged = await fetch(`${app.url}/descadastrar?token=unsubscribe:${scene.seller.id}:chat_digest`, {
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
      expect((await scene.seller.caller.notifications.emailPreferences()).every((p) => p.enabled)).toBe(true)
    } finally {
      await app.close()
    }
  })
})
