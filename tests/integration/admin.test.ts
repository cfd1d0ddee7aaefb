import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createListing, createStudent, createUpload } from '../../server/db/factories'
import {
  conversations,
  listings,
  listingVupts,
  mainCategories,
  messages,
  moderationLog,
  profiles,
  subcategories,
  uploads,
  users,
} from '../../server/db/schema'
import { validateSessionToken } from '../../server/people/auth/session'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import { bannerInput } from '../support/banners'
import { eventInput } from '../support/events'
import { type AppCaller, callerFor, createAdmin, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()
let adminId: number
let admin: AppCaller
let moderator: AppCaller
let sub: { id: number; mainCategoryId: number }

function listing(sellerId: number, title = 'Calculadora científica') {
  return createListing(world.db, { sellerId, title, subcategoryId: sub.id })
}

/** A fresh database for every test: none depends on what another left behind. */
beforeEach(async () => {
  adminId = (await createAdmin(world.db)).id
  admin = callerFor(world.services, { userId: adminId }).caller
  moderator = callerFor(world.services, {
    userId: (await createStudent(world.db, { member: true, roles: ['user', 'moderator'] })).id,
  }).caller
  const row = world.db
    .select({ id: subcategories.id, mainCategoryId: subcategories.mainCategoryId })
    .from(subcategories)
    .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
    .get()
  if (!row) throw new Error('subcategoria ausente')
  sub = row
})

describe('usuários e papéis', () => {
  it('salvar papéis substitui todos e encerra as sessões da pessoa', async () => {
    const student = await createStudent(world.db, { member: true })
    const session = callerFor(world.services, { userId: student.id })
    await admin.admin.users.setRoles({ userId: student.id, roles: ['moderator'] })
    const list = await admin.admin.users.list({ search: student.email })
    expect(list[0]?.roles.sort()).toEqual(['moderator', 'user'])
    expect(validateSessionToken(world.db, session.sessionToken ?? '')).toBeNull()
    await admin.admin.users.setRoles({ userId: student.id, roles: [] })
    expect((await admin.admin.users.list({ search: student.email }))[0]?.roles).toEqual(['user'])
  })

  it('um admin não tira o próprio acesso nem se exclui pelo painel', async () => {
    await expectTRPCError(
      admin.admin.users.setRoles({ userId: adminId, roles: ['user', 'moderator'] }),
      'BAD_REQUEST',
      'Você não pode remover o seu próprio acesso de administrador.',
    )
    await expectTRPCError(
      admin.admin.users.delete({ userId: adminId }),
      'BAD_REQUEST',
      'Você não pode remover a sua própria conta por aqui.',
    )
    expect((await admin.admin.users.list({})).find((user) => user.id === adminId)?.roles.sort()).toEqual([
      'admin',
      'user',
    ])
    // Keeping admin among the roles is allowed: saving replaces all of them (tests/integration/last-admin).
    expect(await admin.admin.users.setRoles({ userId: adminId, roles: ['admin', 'moderator'] })).toEqual({
      roles: ['user', 'admin', 'moderator'],
    })
  })

  it('excluir um usuário encerra sessões, remove anúncios, corrige contadores e anonimiza as mensagens', async () => {
    const target = await createStudent(world.db, { member: true })
    const other = await createStudent(world.db, { member: true })
    const session = callerFor(world.services, { userId: target.id })
    const otherCaller = callerFor(world.services, { userId: other.id }).caller
    const ownListing = listing(target.id, 'Anúncio de quem sai')
    const othersListing = listing(other.id, 'Anúncio que fica')
    await session.caller.listings.setVupt({ id: othersListing, vupt: true })
    const { conversationId } = await otherCaller.chat.start({ username: target.username ?? '' })
    await session.caller.chat.send({ conversationId, content: 'Tchau, pessoal!' })

    await admin.admin.users.delete({ userId: target.id })

    expect(validateSessionToken(world.db, session.sessionToken ?? '')).toBeNull()
    expect(world.db.select().from(listings).where(eq(listings.id, ownListing)).get()).toBeUndefined()
    expect(world.db.select().from(listings).where(eq(listings.id, othersListing)).get()?.vuptsCount).toBe(0)
    expect(world.db.select().from(listingVupts).where(eq(listingVupts.userId, target.id)).all()).toEqual([])
    const thread = await otherCaller.chat.conversation({ conversationId })
    expect(thread.other.fullName).toBe('Conta removida')
    const kept = world.db.select().from(messages).where(eq(messages.conversationId, conversationId)).all()
    expect(kept.map((m) => m.content)).toEqual(['Tchau, pessoal!'])
    // The e-mail is free again.
    const tombstone = world.db.select().from(users).where(eq(users.id, target.id)).get()
    expect(tombstone?.email).not.toBe(target.email)
    await createStudent(world.db, { email: target.email, username: `novo_${randomUUID().slice(0, 6)}` })
    expect((await admin.admin.users.list({})).map((u) => u.id)).not.toContain(target.id)
    expect(
      world.db.select().from(conversations).where(eq(conversations.id, conversationId)).get(),
    ).toBeDefined()
  })
})

describe('registro e avisos', () => {
  it('aprovar, mudar papéis e excluir ficam no registro de moderação e avisam a pessoa na hora', async () => {
    const student = await createStudent(world.db, { emailVerified: true })
    const abort = new AbortController()
    const { caller } = callerFor(world.services, { userId: student.id }, {}, { signal: abort.signal })
    const changes = (await caller.auth.onAccountChange())[Symbol.asyncIterator]()
    const next = () => changes.next().then((result) => result.value)
    const first = next()
    await world.services.bus.listening('account', student.id)
    try {
      await admin.admin.users.approve({ userId: student.id })
      expect(await first).toEqual({ reason: 'approved' })
      await admin.admin.users.setRoles({ userId: student.id, roles: ['moderator'] })
      expect(await next()).toEqual({ reason: 'roles' })
      await admin.admin.users.delete({ userId: student.id })
      expect(await next()).toEqual({ reason: 'deleted' })
    } finally {
      abort.abort()
      await changes.return?.()
    }
    const log = await admin.admin.dashboard.log()
    expect(
      log.map((line) => [
        line.actionType,
        line.targetType,
        line.targetId,
        line.reason,
        line.moderator?.fullName,
      ]),
    ).toEqual([
      ['delete_user', 'user', student.id, null, 'Administração de Teste'],
      ['set_roles', 'user', student.id, 'user, moderator', 'Administração de Teste'],
      ['approve_user', 'user', student.id, null, 'Administração de Teste'],
    ])
  })
})

describe('anúncios', () => {
  it('remove só anúncios ativos, com motivo, registrado no log e visível ao vendedor', async () => {
    const seller = await createStudent(world.db, { member: true })
    const sellerCaller = callerFor(world.services, { userId: seller.id }).caller
    const id = listing(seller.id)
    await expectValidationMessage(
      moderator.admin.listings.remove({ id, reason: 'other', details: '  ' }),
      'Por favor, informe o motivo da remoção',
    )
    await moderator.admin.listings.remove({ id, reason: 'spam' })
    const mine = (await sellerCaller.listings.mine()).find((item) => item.id === id)
    expect(mine?.moderationStatus).toBe('removed')
    expect(mine?.removalReason).toBe('Spam ou duplicado')
    await expectTRPCError(moderator.admin.listings.remove({ id, reason: 'violation' }), 'NOT_FOUND')
    const entry = world.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetId, id), eq(moderationLog.targetType, 'listing')))
      .get()
    expect(entry).toMatchObject({
      actionType: 'remove_listing',
      targetType: 'listing',
      reason: 'Spam ou duplicado',
    })
    const removed = await moderator.admin.listings.list({ filter: 'removed' })
    expect(removed.map((item) => item.id)).toContain(id)
    expect((await moderator.admin.listings.list({ filter: 'active' })).map((item) => item.id)).not.toContain(
      id,
    )
    const logView = await moderator.admin.dashboard.log()
    expect(logView.some((line) => line.targetType === 'listing' && line.targetId === id)).toBe(true)
  })
})

describe('banners', () => {
  const banner = bannerInput

  it.each([
    [{ title: 'ab' }, 'Título deve ter no mínimo 3 caracteres'],
    [{ title: 'x'.repeat(101) }, 'Título deve ter no máximo 100 caracteres'],
    [{ description: 'x'.repeat(501) }, 'Descrição deve ter no máximo 500 caracteres'],
    [{ imageUrl: 'http://exemplo.com/a.png' }, 'URL da imagem deve começar com https:// ou /'],
    [{ linkUrl: 'http://exemplo.com' }, 'Link deve começar com https://'],
    [{ displayOrder: 101 }, 'A ordem deve ser um número inteiro de 0 a 100'],
  ])('valida %j com "%s"', async (change, message) => {
    await expectValidationMessage(admin.admin.banners.create({ ...banner, ...change }), message)
  })

  it('cria, desativa, edita e exclui; o portal mostra só os ativos, pela ordem', async () => {
    const first = await admin.admin.banners.create({ ...banner, displayOrder: 5 })
    const second = await admin.admin.banners.create({
      ...banner,
      title: 'Feira de Criações',
      displayOrder: 1,
    })
    const anonymous = callerFor(world.services, null).caller
    const shown = await anonymous.banners.active({ placement: 'hero_banner' })
    expect(shown.map((b) => b.id)).toEqual([second.id, first.id])
    // An image hosted elsewhere has no renditions of ours.
    expect(shown[0]?.renditions).toBeNull()
    await admin.admin.banners.setActive({ id: second.id, active: false })
    expect((await anonymous.banners.active({ placement: 'hero_banner' })).map((b) => b.id)).toEqual([
      first.id,
    ])
    await admin.admin.banners.update({ id: first.id, ...banner, placement: 'between_products' })
    expect(await anonymous.banners.active({ placement: 'hero_banner' })).toEqual([])
    await admin.admin.banners.delete({ id: first.id })
    expect(await anonymous.banners.active({ placement: 'between_products' })).toEqual([])
    await expectTRPCError(moderator.admin.banners.create(banner), 'FORBIDDEN')
  })

  it('usa a imagem enviada pelo Vupt e a tira da limpeza de órfãs', async () => {
    const { id: uploadId, fullUrl } = createUpload(world.db, {
      ownerId: adminId,
      kind: 'banner',
      width: 1920,
    })
    await admin.admin.banners.create({
      ...banner,
      imageUrl: fullUrl,
      imageUploadId: uploadId,
    })
    expect(world.db.select().from(uploads).where(eq(uploads.id, uploadId)).get()?.attachedAt).toBeInstanceOf(
      Date,
    )
    // The portal gets the card and phone renditions beside the full one, for a phone's srcset.
    const [shown] = await callerFor(world.services, null).caller.banners.active({ placement: 'hero_banner' })
    expect(shown?.renditions).toEqual({
      cardUrl: fullUrl.replace('-full.webp', '-card.webp'),
      cardWidth: 640,
      phoneUrl: fullUrl.replace('-full.webp', '-phone.webp'),
      phoneWidth: 960,
      fullWidth: 1920,
    })
    // A banner stored before the phone rendition existed offers card and full until the backfill.
    world.db.update(uploads).set({ phoneKey: null }).where(eq(uploads.id, uploadId)).run()
    const [stored] = await callerFor(world.services, null).caller.banners.active({ placement: 'hero_banner' })
    expect(stored?.renditions).toMatchObject({ phoneUrl: null, phoneWidth: null })
  })
})

describe('subcategorias', () => {
  it('cria, edita e só exclui quando nenhum anúncio usa', async () => {
    await expectValidationMessage(
      admin.admin.subcategories.create({
        name: '  ',
        mainCategoryId: sub.mainCategoryId,
        description: null,
        icon: null,
      }),
      'Preencha os campos obrigatórios',
    )
    const { id } = await admin.admin.subcategories.create({
      name: 'Instrumentos musicais',
      mainCategoryId: sub.mainCategoryId,
      description: null,
      icon: '🎸',
    })
    await admin.admin.subcategories.update({
      id,
      name: 'Instrumentos',
      mainCategoryId: sub.mainCategoryId,
      description: 'Violões e teclados',
      icon: '🎸',
    })
    const seller = await createStudent(world.db, { member: true })
    const used = createListing(world.db, { sellerId: seller.id, title: 'Violão', subcategoryId: id })
    await expectAppError(admin.admin.subcategories.delete({ id }), 'SUBCATEGORY_IN_USE')
    world.db.delete(listings).where(eq(listings.id, used)).run()
    await admin.admin.subcategories.delete({ id })
    expect((await admin.admin.subcategories.list()).map((s) => s.id)).not.toContain(id)
    await expectTRPCError(moderator.admin.subcategories.list(), 'FORBIDDEN')
  })

  it('recusa um nome repetido na mesma categoria e uma subcategoria que não existe', async () => {
    const fields = { mainCategoryId: sub.mainCategoryId, description: null, icon: null }
    await admin.admin.subcategories.create({ name: 'Jogos de tabuleiro', ...fields })
    const { id } = await admin.admin.subcategories.create({ name: 'Quebra-cabeças', ...fields })
    await expectAppError(
      admin.admin.subcategories.create({ name: 'Jogos de tabuleiro', ...fields }),
      'SUBCATEGORY_DUPLICATE',
      'CONFLICT',
    )
    await expectAppError(
      admin.admin.subcategories.update({ id, name: 'Jogos de tabuleiro', ...fields }),
      'SUBCATEGORY_DUPLICATE',
      'CONFLICT',
    )
    const missing = id + 1_000
    await expectAppError(
      admin.admin.subcategories.update({ id: missing, name: 'Dominó', ...fields }),
      'SUBCATEGORY_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      admin.admin.subcategories.delete({ id: missing }),
      'SUBCATEGORY_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      admin.admin.subcategories.create({ ...fields, name: 'Dominó', mainCategoryId: 99_999 }),
      'REQUIRED_FIELDS',
      'BAD_REQUEST',
    )
  })
})

describe('painel', () => {
  const DAY = 24 * 60 * 60 * 1000
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY)
  const WEEK = 7 * DAY

  afterEach(() => {
    vi.useRealTimers()
  })

  it('conta usuários, anúncios, eventos pendentes e banners, com as semanas', async () => {
    // The clock stands still: the weeks are counted back from one known instant.
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
    // People besides the admin and the moderator: one approved, two pending, one who signed up ten days
    // ago (week 1), one deleted (not counted) and one who signed up before the eight weeks shown.
    const approved = await createStudent(world.db, { member: true })
    await createStudent(world.db)
    await createStudent(world.db, { emailVerified: true })
    const lastWeek = await createStudent(world.db, { member: true })
    world.db
      .update(profiles)
      .set({ createdAt: daysAgo(10) })
      .where(eq(profiles.userId, lastWeek.id))
      .run()
    const deleted = await createStudent(world.db)
    await admin.admin.users.delete({ userId: deleted.id })
    const longAgo = await createStudent(world.db, { member: true })
    world.db
      .update(profiles)
      .set({ createdAt: daysAgo(70) })
      .where(eq(profiles.userId, longAgo.id))
      .run()

    // Listings: two live, one sold, one removed by moderation, one live from twenty days ago (week 2).
    listing(approved.id)
    listing(approved.id)
    world.db
      .update(listings)
      .set({ status: 'vendido' })
      .where(eq(listings.id, listing(approved.id)))
      .run()
    const removed = listing(approved.id)
    await moderator.admin.listings.remove({ id: removed, reason: 'spam' })
    const old = listing(lastWeek.id)
    world.db
      .update(listings)
      .set({ createdAt: daysAgo(20) })
      .where(eq(listings.id, old))
      .run()

    // Events: two waiting, one approved, one rejected.
    const organizer = callerFor(world.services, { userId: approved.id }).caller
    const event = (title: string) => organizer.events.create(eventInput({ title }))
    await event('Palestra pendente')
    await event('Oficina pendente')
    await admin.events.approve({ id: (await event('Feira aprovada')).id })
    await admin.events.reject({ id: (await event('Festa rejeitada')).id, reason: 'Fora das regras' })

    // Banners: one active, one not.
    await admin.admin.banners.create({ ...bannerInput, active: true })
    await admin.admin.banners.create({ ...bannerInput, active: false })

    const summary = await admin.admin.dashboard.summary()
    // admin, moderator, approved, the two pending, lastWeek, longAgo.
    expect(summary.users).toEqual({ total: 7, pending: 2 })
    expect(summary.listings).toEqual({ active: 3, removed: 1 })
    expect(summary.pendingEvents).toBe(2)
    expect(summary.activeBanners).toBe(1)
    // Eight weeks back from now, oldest first; each starts just after the previous one ends.
    expect(summary.weeks.map((week) => week.weekStart.getTime())).toEqual(
      [8, 7, 6, 5, 4, 3, 2, 1].map((weeks) => now - weeks * WEEK + 1),
    )
    expect(summary.weeks.map((week) => [week.signUps, week.listings])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 1],
      [1, 0],
      // This week: admin, moderator, approved, the two pending and the deleted account's sign-up.
      [6, 4],
    ])
    expect(await moderator.admin.dashboard.summary()).toEqual(summary)
    expect(await moderator.admin.badges.counts()).toEqual({
      pendingUsers: 2,
      pendingEvents: 2,
      openReports: 0,
    })
  })
})
