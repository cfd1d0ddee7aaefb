import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { moderationLog, wantedMatches, wantedPosts } from '../../server/db/schema'
import { listingAnswers, wantedKeywords } from '../../server/wanted/matching'
import { wantedState } from '../../server/wanted/visibility'
import type { WantedInput } from '../../shared/schemas/wanted'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import { firstSubcategoryOf, sellFormInput } from '../support/listings'
import { callerFor, createMember, setUpTestWorld, type TestMember } from '../support/test-app'

const world = setUpTestWorld()

/** The main category of the slug and one of its subcategories, as the sell form sends them. */
const categoryOf = (slug: 'criacoes' | 'servicos' | 'desapegos') => firstSubcategoryOf(world.db, slug)

const wanted = (overrides: Partial<WantedInput> = {}): WantedInput => ({
  title: 'Calculadora científica',
  mainCategoryId: categoryOf('desapegos').mainCategoryId,
  maxPriceCents: 8000,
  days: 14,
  ...overrides,
})

/** Publishes through the procedure, as the sell form does, so the matching runs. */
function publish(
  seller: TestMember,
  title: string,
  options: { priceCents?: number; slug?: 'servicos' | 'desapegos' } = {},
) {
  return seller.caller.listings.create(
    sellFormInput(world.db, seller.id, {
      title,
      description: `${title}, funcionando perfeitamente e com manual.`,
      priceCents: options.priceCents ?? 6000,
      ...categoryOf(options.slug ?? 'desapegos'),
    }),
  )
}

const kindsOf = async (who: TestMember) =>
  (await who.caller.notifications.list()).items.map((note) => note.kind)

let poster: TestMember
let seller: TestMember

beforeEach(async () => {
  poster = await createMember(world)
  seller = await createMember(world)
})

describe('Procura-se: publicar e gerenciar', () => {
  it('um pedido aparece no quadro da comunidade e em Meus pedidos', async () => {
    const { id } = await poster.caller.wanted.create(wanted({ details: 'Serve HP ou Casio.' }))
    const board = await seller.caller.wanted.board()
    expect(board.items.map((item) => [item.id, item.title, item.maxPriceCents])).toEqual([
      [id, 'Calculadora científica', 8000],
    ])
    expect(board.items[0]?.poster.username).toBe(poster.username)
    expect(board.items[0]?.isMine).toBe(false)
    const mine = await poster.caller.wanted.mine()
    expect(mine.map((item) => [item.id, item.state])).toEqual([[id, 'aberto']])
    const expiresIn = (mine[0]?.expiresAt.getTime() ?? 0) - Date.now()
    expect(Math.round(expiresIn / (24 * 60 * 60 * 1000))).toBe(14)
  })

  it.each([
    [{ title: 'ab' }, 'Título deve ter no mínimo 3 caracteres'],
    [{ title: 'x'.repeat(101) }, 'Título muito longo'],
    [{ days: 31 }, 'O pedido pode ficar no ar por no máximo 30 dias'],
    [{ maxPriceCents: 0 }, 'Preço máximo deve ser maior que 0'],
    [{ details: 'x'.repeat(501) }, 'Detalhes muito longos (máximo de 500 caracteres)'],
  ])('valida %j com "%s", sem gravar nada', async (change, message) => {
    await expectValidationMessage(poster.caller.wanted.create(wanted(change)), message)
    expect(world.db.select().from(wantedPosts).all()).toHaveLength(0)
  })

  it('recusa uma categoria que não existe, sem gravar nada', async () => {
    await expectAppError(
      poster.caller.wanted.create(wanted({ mainCategoryId: 9999 })),
      'MAIN_CATEGORY_REQUIRED',
    )
    expect(world.db.select().from(wantedPosts).all()).toHaveLength(0)
  })

  it('visitantes e contas pendentes não usam o quadro', async () => {
    const pending = await createStudent(world.db, { password: undefined, emailVerified: true })
    await expectTRPCError(callerFor(world.services, null).caller.wanted.board(), 'UNAUTHORIZED')
    await expectTRPCError(
      callerFor(world.services, { userId: pending.id }).caller.wanted.create(wanted()),
      'FORBIDDEN',
    )
  })

  it('no máximo 10 pedidos abertos por membro, e um limite de publicações por dia', async () => {
    for (let i = 0; i < 10; i += 1) await poster.caller.wanted.create(wanted({ title: `Pedido número ${i}` }))
    await expectAppError(poster.caller.wanted.create(wanted()), 'WANTED_TOO_MANY')
    // Closing one frees a place, but the daily posting limit (10) is spent.
    const [first] = await poster.caller.wanted.mine()
    await poster.caller.wanted.close({ id: first?.id ?? 0 })
    await expectAppError(poster.caller.wanted.create(wanted()), 'RATE_LIMITED', 'TOO_MANY_REQUESTS')
  })

  it('só quem pediu edita ou encerra; encerrado sai do quadro', async () => {
    const { id } = await poster.caller.wanted.create(wanted())
    await expectAppError(
      seller.caller.wanted.update({ id, ...wanted({ title: 'Outra coisa' }) }),
      'WANTED_NOT_FOUND',
    )
    await expectAppError(seller.caller.wanted.close({ id }), 'WANTED_NOT_FOUND')
    await poster.caller.wanted.update({ id, ...wanted({ title: 'Calculadora HP 12c', maxPriceCents: null }) })
    expect((await seller.caller.wanted.board()).items[0]).toMatchObject({
      title: 'Calculadora HP 12c',
      maxPriceCents: null,
    })
    await poster.caller.wanted.close({ id })
    expect((await seller.caller.wanted.board()).items).toHaveLength(0)
    expect((await poster.caller.wanted.mine())[0]?.state).toBe('encerrado')
  })

  it('um pedido vencido sai do quadro e aparece como expirado para quem pediu', async () => {
    const { id } = await poster.caller.wanted.create(wanted())
    world.db
      .update(wantedPosts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wantedPosts.id, id))
      .run()
    expect((await seller.caller.wanted.board()).items).toHaveLength(0)
    expect((await poster.caller.wanted.mine())[0]?.state).toBe('expirado')
  })
})

describe('Procura-se: o estado em Meus pedidos', () => {
  it('removido vence encerrado, encerrado vence vencido, e vence no instante marcado', () => {
    const now = new Date('2026-11-27T12:00:00Z')
    const later = new Date(now.getTime() + 1)
    const open = { status: 'open', moderationStatus: 'active' } as const
    expect(wantedState({ ...open, expiresAt: later }, now)).toBe('aberto')
    expect(wantedState({ ...open, expiresAt: now }, now)).toBe('expirado')
    expect(wantedState({ ...open, status: 'closed', expiresAt: now }, now)).toBe('encerrado')
    expect(wantedState({ status: 'closed', moderationStatus: 'removed', expiresAt: later }, now)).toBe(
      'removido',
    )
  })
})

describe('Procura-se: um anúncio novo que responde ao pedido', () => {
  it('avisa quem pediu (no app e por e-mail) e o vendedor vê "Alguém procura isto"', async () => {
    const { id: wantedId } = await poster.caller.wanted.create(wanted())
    const { id: listingId } = await publish(seller, 'Calculadora Cientifica Casio fx-82', {
      priceCents: 7500,
    })
    const [note] = (await poster.caller.notifications.list()).items
    expect(note).toMatchObject({
      kind: 'wanted_match',
      title: 'Alguém anunciou o que você procura: "Calculadora científica"',
      link: `/produto/${listingId}`,
    })
    expect(world.services.mailer.sent.map((mail) => mail.subject)).toContain(note?.title)
    const page = await seller.caller.listings.byId({ id: listingId })
    expect(page.wantedMatches.map((match) => [match.id, match.poster.username])).toEqual([
      [wantedId, poster.username],
    ])
    // Only the seller reads who is looking for it.
    expect((await poster.caller.listings.byId({ id: listingId })).wantedMatches).toEqual([])
    // The seller can open a conversation with the poster.
    const { conversationId } = await seller.caller.chat.start({ username: poster.username })
    expect(conversationId).toBeGreaterThan(0)
  })

  it('respeita a preferência de e-mail de quem pediu', async () => {
    await poster.caller.notifications.setEmailPreference({ kind: 'wanted_match', enabled: false })
    await poster.caller.wanted.create(wanted())
    await publish(seller, 'Calculadora científica HP')
    expect(await kindsOf(poster)).toEqual(['wanted_match'])
    expect(world.services.mailer.sent).toHaveLength(0)
  })

  it('anúncios em série para o mesmo pedido: um e-mail por pedido no dia, e o app avisa de cada um', async () => {
    await poster.caller.wanted.create(wanted())
    for (const model of ['Casio', 'HP', 'Texas', 'Sharp', 'Citizen'])
      await publish(seller, `Calculadora científica ${model}`)
    await poster.caller.wanted.create(wanted({ title: 'Jaleco branco' }))
    await publish(seller, 'Jaleco branco tamanho M')
    expect(await kindsOf(poster)).toHaveLength(6)
    expect(world.services.mailer.sent.map((mail) => mail.subject)).toEqual([
      'Alguém anunciou o que você procura: "Calculadora científica"',
      'Alguém anunciou o que você procura: "Jaleco branco"',
    ])
  })

  it('não combina com outra categoria, palavras que faltam, preço acima do máximo ou o próprio anúncio', async () => {
    await poster.caller.wanted.create(wanted())
    await publish(seller, 'Aulas de calculadora científica', { slug: 'servicos' })
    await publish(seller, 'Calculadora de bolso simples')
    await publish(seller, 'Calculadora científica nova', { priceCents: 8001 })
    await publish(poster, 'Calculadora científica da irmã')
    expect(await kindsOf(poster)).toEqual([])
    expect(world.db.select().from(wantedMatches).all()).toEqual([])
    // At the max price it matches.
    await publish(seller, 'Calculadora científica usada', { priceCents: 8000 })
    expect(await kindsOf(poster)).toEqual(['wanted_match'])
  })

  it('sem preço máximo, qualquer preço serve', async () => {
    await poster.caller.wanted.create(wanted({ maxPriceCents: null }))
    await publish(seller, 'Calculadora científica top de linha', { priceCents: 90000 })
    expect(await kindsOf(poster)).toEqual(['wanted_match'])
  })

  it('pedidos vencidos, encerrados ou removidos não combinam', async () => {
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    const expired = await poster.caller.wanted.create(wanted())
    world.db
      .update(wantedPosts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wantedPosts.id, expired.id))
      .run()
    const closed = await poster.caller.wanted.create(wanted())
    await poster.caller.wanted.close({ id: closed.id })
    const removed = await poster.caller.wanted.create(wanted())
    await moderator.caller.wanted.remove({ id: removed.id, reason: 'spam' })
    await publish(seller, 'Calculadora científica Casio')
    expect((await kindsOf(poster)).filter((kind) => kind === 'wanted_match')).toEqual([])
  })

  it('um bloqueio, de qualquer lado, impede a combinação e esconde os pedidos', async () => {
    await poster.caller.wanted.create(wanted())
    await seller.caller.safety.block({ userId: poster.id })
    expect((await seller.caller.wanted.board()).items).toHaveLength(0)
    expect((await poster.caller.wanted.board()).items).toHaveLength(1)
    await publish(seller, 'Calculadora científica Casio')
    expect(await kindsOf(poster)).toEqual([])

    await seller.caller.safety.unblock({ userId: poster.id })
    await poster.caller.safety.block({ userId: seller.id })
    expect((await seller.caller.wanted.board()).items).toHaveLength(0)
    await publish(seller, 'Calculadora científica HP')
    expect(await kindsOf(poster)).toEqual([])
  })

  it('um bloqueio depois da combinação tira o pedido de "Alguém procura isto"', async () => {
    await poster.caller.wanted.create(wanted())
    const { id } = await publish(seller, 'Calculadora científica Casio')
    expect((await seller.caller.listings.byId({ id })).wantedMatches).toHaveLength(1)
    await poster.caller.safety.block({ userId: seller.id })
    expect((await seller.caller.listings.byId({ id })).wantedMatches).toEqual([])
  })

  it('nunca atravessa comunidades', async () => {
    const outsider = await createMember(world, { community: 'udesc' })
    await outsider.caller.wanted.create(wanted())
    await publish(seller, 'Calculadora científica Casio')
    expect(await kindsOf(outsider)).toEqual([])
    expect((await seller.caller.wanted.board()).items).toHaveLength(0)
    expect((await outsider.caller.wanted.board()).items).toHaveLength(1)
    // A moderator of Univille cannot remove a post of UDESC.
    const [post] = (await outsider.caller.wanted.board()).items
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    await expectAppError(
      moderator.caller.wanted.remove({ id: post?.id ?? 0, reason: 'spam' }),
      'WANTED_NOT_FOUND',
    )
    await expectAppError(
      seller.caller.safety.report({ targetType: 'wanted', targetId: post?.id ?? 0, reason: 'spam' }),
      'REPORT_TARGET_NOT_FOUND',
    )
  })
})

describe('Procura-se: moderação e denúncias', () => {
  it('a moderação remove com motivo: sai do quadro, fica no registro e quem pediu é avisado', async () => {
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    const { id } = await poster.caller.wanted.create(wanted())
    await expectTRPCError(seller.caller.wanted.remove({ id, reason: 'spam' }), 'FORBIDDEN')
    await moderator.caller.wanted.remove({ id, reason: 'other', details: 'Pedido de item proibido' })
    expect((await seller.caller.wanted.board()).items).toHaveLength(0)
    expect((await poster.caller.wanted.board()).items).toHaveLength(0)
    const [mine] = await poster.caller.wanted.mine()
    expect(mine).toMatchObject({ state: 'removido', removalReason: 'Pedido de item proibido' })
    expect((await poster.caller.notifications.list()).items).toMatchObject([
      {
        kind: 'wanted_removed',
        title: 'Seu pedido "Calculadora científica" foi removido pela moderação',
        body: 'Motivo: Pedido de item proibido',
      },
    ])
    const log = world.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetType, 'wanted'), eq(moderationLog.targetId, id)))
      .all()
    expect(log.map((entry) => [entry.actionType, entry.moderatorId, entry.reason])).toEqual([
      ['remove_wanted', moderator.id, 'Pedido de item proibido'],
    ])
    // Removed: its poster can no longer edit it or reopen it.
    await expectAppError(poster.caller.wanted.update({ id, ...wanted() }), 'WANTED_REMOVED_NOT_EDITABLE')
    await expectAppError(poster.caller.wanted.close({ id }), 'WANTED_REMOVED_NOT_EDITABLE')
  })

  it('uma denúncia de pedido entra na fila e a decisão remove o pedido', async () => {
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    const { id } = await poster.caller.wanted.create(wanted())
    await seller.caller.safety.report({ targetType: 'wanted', targetId: id, reason: 'spam' })
    await expectAppError(
      poster.caller.safety.report({ targetType: 'wanted', targetId: id, reason: 'spam' }),
      'REPORT_SELF',
    )
    const [group] = await moderator.caller.admin.reports.queue()
    expect(group).toMatchObject({
      targetType: 'wanted',
      targetId: id,
      wantedState: { moderationStatus: 'active' },
      snapshot: { type: 'wanted', title: 'Calculadora científica', maxPriceCents: 8000 },
    })
    await expectTRPCError(
      moderator.caller.admin.reports.resolve({
        targetType: 'wanted',
        targetId: id,
        action: 'remove_listing',
        removalReason: 'spam',
        note: 'Anúncio errado',
      }),
      'BAD_REQUEST',
    )
    await moderator.caller.admin.reports.resolve({
      targetType: 'wanted',
      targetId: id,
      action: 'remove_wanted',
      removalReason: 'spam',
      note: 'Pedido repetido',
    })
    expect((await poster.caller.wanted.mine())[0]?.state).toBe('removido')
    expect((await seller.caller.safety.myReports())[0]).toMatchObject({ resolution: 'wanted_removed' })
    // Nothing left to report once it is gone.
    const other = await createMember(world)
    await expectAppError(
      other.caller.safety.report({ targetType: 'wanted', targetId: id, reason: 'spam' }),
      'REPORT_TARGET_NOT_FOUND',
    )
  })
})

describe('Procura-se: as palavras', () => {
  it('ignora acentos, maiúsculas, palavras de ligação e o plural', () => {
    expect(wantedKeywords('Procuro LIVROS de Cálculo para o semestre')).toEqual([
      'livro',
      'calculo',
      'semestre',
    ])
    expect(wantedKeywords('Uma TV')).toEqual(['tv'])
    expect(listingAnswers(['livro', 'calculo'], { title: 'Livro Cálculo I', description: 'Stewart' })).toBe(
      true,
    )
    expect(listingAnswers(['livro', 'calculo'], { title: 'Livro de física', description: 'Halliday' })).toBe(
      false,
    )
    expect(listingAnswers([], { title: 'Qualquer coisa', description: 'nada' })).toBe(false)
  })
})
