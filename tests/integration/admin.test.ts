import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateSessionToken } from '../../server/auth/session'
import type { Database } from '../../server/db/client'
import {
  conversations,
  mainCategories,
  messages,
  moderationLog,
  products,
  productVupts,
  subcategories,
  uploads,
  users,
} from '../../server/db/schema'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import {
  type AppCaller,
  callerFor,
  closeTestDatabase,
  communityBySlug,
  createAdmin,
  createApprovedStudent,
  createStudent,
  createTestDatabase,
  createTestServices,
  type TestServices,
} from '../support/test-app'

let db: Database
let services: TestServices
let adminId: number
let admin: AppCaller
let moderator: AppCaller
let sub: { id: number; mainCategoryId: number }

function listing(sellerId: number, title = 'Calculadora científica') {
  return db
    .insert(products)
    .values({
      communityId: communityBySlug(db, 'univille').id,
      sellerId,
      title,
      description: 'Funciona perfeitamente, com capa.',
      priceCents: 5000,
      mainCategoryId: sub.mainCategoryId,
      subcategoryId: sub.id,
      condition: 'usado',
    })
    .returning({ id: products.id })
    .get().id
}

beforeAll(async () => {
  db = await createTestDatabase()
  services = createTestServices(db)
  adminId = (await createAdmin(db)).id
  admin = callerFor(services, { userId: adminId }).caller
  moderator = callerFor(services, {
    userId: (await createApprovedStudent(db, { roles: ['user', 'moderator'] })).id,
  }).caller
  const row = db
    .select({ id: subcategories.id, mainCategoryId: subcategories.mainCategoryId })
    .from(subcategories)
    .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
    .get()
  if (!row) throw new Error('subcategoria ausente')
  sub = row
})

afterAll(() => closeTestDatabase(db))

describe('usuários e papéis', () => {
  it('salvar papéis substitui todos e encerra as sessões da pessoa', async () => {
    const student = await createApprovedStudent(db)
    const session = callerFor(services, { userId: student.id })
    await admin.admin.users.setRoles({ userId: student.id, roles: ['moderator'] })
    const list = await admin.admin.users.list({ search: student.email })
    expect(list[0]?.roles.sort()).toEqual(['moderator', 'user'])
    expect(validateSessionToken(db, session.sessionToken ?? '')).toBeNull()
    await admin.admin.users.setRoles({ userId: student.id, roles: [] })
    expect((await admin.admin.users.list({ search: student.email }))[0]?.roles).toEqual(['user'])
  })

  it('um admin não tira o próprio acesso nem se exclui; a comunidade mantém um admin', async () => {
    await expectTRPCError(
      admin.admin.users.setRoles({ userId: adminId, roles: ['user'] }),
      'BAD_REQUEST',
      'Você não pode remover o seu próprio acesso de administrador.',
    )
    await expectTRPCError(admin.admin.users.delete({ userId: adminId }), 'BAD_REQUEST')
    const second = await createAdmin(db)
    const secondCaller = callerFor(services, { userId: second.id }).caller
    await secondCaller.admin.users.setRoles({ userId: adminId, roles: ['user', 'admin'] })
    // Two admins: one may demote the other, but not the last one standing.
    await admin.admin.users.setRoles({ userId: second.id, roles: ['user'] })
    const demotedAgain = callerFor(services, { userId: adminId }).caller
    await expectTRPCError(demotedAgain.admin.users.setRoles({ userId: adminId, roles: [] }), 'BAD_REQUEST')
  })

  it('excluir um usuário encerra sessões, remove anúncios, corrige contadores e anonimiza as mensagens', async () => {
    const target = await createApprovedStudent(db)
    const other = await createApprovedStudent(db)
    const session = callerFor(services, { userId: target.id })
    const otherCaller = callerFor(services, { userId: other.id }).caller
    const ownListing = listing(target.id, 'Anúncio de quem sai')
    const othersListing = listing(other.id, 'Anúncio que fica')
    await session.caller.listings.setVupt({ id: othersListing, vupt: true })
    const { conversationId } = await otherCaller.chat.start({ username: target.username ?? '' })
    await session.caller.chat.send({ conversationId, content: 'Tchau, pessoal!' })

    await admin.admin.users.delete({ userId: target.id })

    expect(validateSessionToken(db, session.sessionToken ?? '')).toBeNull()
    expect(db.select().from(products).where(eq(products.id, ownListing)).get()).toBeUndefined()
    expect(db.select().from(products).where(eq(products.id, othersListing)).get()?.vuptsCount).toBe(0)
    expect(db.select().from(productVupts).where(eq(productVupts.userId, target.id)).all()).toEqual([])
    const thread = await otherCaller.chat.conversation({ conversationId })
    expect(thread.other.fullName).toBe('Conta removida')
    const kept = db.select().from(messages).where(eq(messages.conversationId, conversationId)).all()
    expect(kept.map((m) => m.content)).toEqual(['Tchau, pessoal!'])
    // The e-mail is free again.
    const tombstone = db.select().from(users).where(eq(users.id, target.id)).get()
    expect(tombstone?.email).not.toBe(target.email)
    await createStudent(db, { email: target.email, username: `novo_${randomUUID().slice(0, 6)}` })
    expect((await admin.admin.users.list({})).map((u) => u.id)).not.toContain(target.id)
    expect(db.select().from(conversations).where(eq(conversations.id, conversationId)).get()).toBeDefined()
  })
})

describe('anúncios', () => {
  it('remove só anúncios ativos, com motivo, registrado no log e visível ao vendedor', async () => {
    const seller = await createApprovedStudent(db)
    const sellerCaller = callerFor(services, { userId: seller.id }).caller
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
    const entry = db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetId, id), eq(moderationLog.targetType, 'product')))
      .get()
    expect(entry).toMatchObject({
      actionType: 'delete_product',
      targetType: 'product',
      reason: 'Spam ou duplicado',
    })
    const removed = await moderator.admin.listings.list({ filter: 'removed' })
    expect(removed.map((item) => item.id)).toContain(id)
    expect((await moderator.admin.listings.list({ filter: 'active' })).map((item) => item.id)).not.toContain(
      id,
    )
    const logView = await moderator.admin.dashboard.log()
    expect(logView.some((line) => line.targetType === 'product' && line.targetId === id)).toBe(true)
  })
})

describe('banners', () => {
  const banner = {
    title: 'Semana de Desapegos',
    description: 'Tudo com preço de estudante.',
    imageUrl: 'https://exemplo.com/banner.webp',
    linkUrl: 'https://exemplo.com',
    placement: 'hero_banner' as const,
    active: true,
    displayOrder: 0,
  }

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
    const anonymous = callerFor(services, null).caller
    expect((await anonymous.banners.active({ placement: 'hero_banner' })).map((b) => b.id)).toEqual([
      second.id,
      first.id,
    ])
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
    const hash = randomUUID().replace(/-/g, '').repeat(2)
    const uploadId = randomUUID()
    db.insert(uploads)
      .values({
        id: uploadId,
        ownerId: adminId,
        kind: 'banner',
        cardKey: `${hash}-card.webp`,
        fullKey: `${hash}-full.webp`,
        width: 1920,
        height: 600,
        bytes: 1,
      })
      .run()
    await admin.admin.banners.create({
      ...banner,
      imageUrl: `/uploads/${hash}-full.webp`,
      imageUploadId: uploadId,
    })
    expect(db.select().from(uploads).where(eq(uploads.id, uploadId)).get()?.attachedAt).toBeInstanceOf(Date)
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
    const seller = await createApprovedStudent(db)
    const used = db
      .insert(products)
      .values({
        communityId: communityBySlug(db, 'univille').id,
        sellerId: seller.id,
        title: 'Violão',
        description: 'Violão de estudo em bom estado.',
        priceCents: 20000,
        mainCategoryId: sub.mainCategoryId,
        subcategoryId: id,
        condition: 'usado',
      })
      .returning({ id: products.id })
      .get()
    await expectAppError(admin.admin.subcategories.delete({ id }), 'SUBCATEGORY_IN_USE')
    db.delete(products).where(eq(products.id, used.id)).run()
    await admin.admin.subcategories.delete({ id })
    expect((await admin.admin.subcategories.list()).map((s) => s.id)).not.toContain(id)
    await expectTRPCError(moderator.admin.subcategories.list(), 'FORBIDDEN')
  })
})

describe('painel', () => {
  it('conta usuários, anúncios, eventos pendentes e banners, com as semanas', async () => {
    await createStudent(db)
    const summary = await admin.admin.dashboard.summary()
    expect(summary.users.total).toBeGreaterThan(summary.users.pending)
    expect(summary.users.pending).toBeGreaterThan(0)
    expect(summary.pendingEvents).toBe(0)
    expect(summary.activeBanners).toBeGreaterThanOrEqual(0)
    expect(typeof summary.activeBanners).toBe('number')
    expect(summary.weeks).toHaveLength(8)
    expect(summary.weeks.at(-1)?.signUps).toBeGreaterThan(0)
    const badges = await moderator.admin.badges.counts()
    expect(badges.pendingUsers).toBe(summary.users.pending)
  })
})
