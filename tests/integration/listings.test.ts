import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createStudent, createUpload } from '../../server/db/factories'
import { rowWhere } from '../../server/db/rows'
import { communities, listings, uploads } from '../../server/db/schema'
import type { ListingInput } from '../../shared/schemas/listing'
import { expectTRPCError, expectValidationMessage } from '../support/assertions'
import { type CategoryIds, sellFormInput, subcategoryIds } from '../support/listings'
import { type AppCaller, callerFor, createAdmin, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
let seller: AppCaller
let sellerId: number
let buyer: AppCaller
let buyerId: number
let anonymous: AppCaller
let pending: AppCaller
let admin: AppCaller
let outsider: AppCaller
let livros: CategoryIds
let aulas: CategoryIds

/** A processed upload as the photo pipeline would leave it. */
const fakeUpload = (ownerId: number, kind: 'listing' | 'avatar' = 'listing') =>
  createUpload(world.db, { ownerId, kind }).id

const listingInput = (overrides: Partial<ListingInput> = {}) => sellFormInput(world.db, sellerId, overrides)

beforeAll(async () => {
  livros = subcategoryIds(world.db, 'Livros e apostilas')
  aulas = subcategoryIds(world.db, 'Aulas particulares')
  const sellerAccount = await createStudent(world.db, { member: true })
  const buyerAccount = await createStudent(world.db, { member: true })
  sellerId = sellerAccount.id
  buyerId = buyerAccount.id
  seller = callerFor(world.services, { userId: sellerId }).caller
  buyer = callerFor(world.services, { userId: buyerId }).caller
  anonymous = callerFor(world.services, null).caller
  pending = callerFor(world.services, { userId: (await createStudent(world.db)).id }).caller
  admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
  const other = world.db
    .insert(communities)
    .values({
      slug: 'outra',
      name: 'Outra',
      universityName: 'Outra Universidade',
      emailDomain: 'outra.edu.br',
      active: true,
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
    })
    .returning({ id: communities.id })
    .get()
  const outsiderAccount = await createStudent(world.db, {
    member: true,
    email: 'fulano@outra.edu.br',
    communityId: other.id,
  })
  outsider = callerFor(world.services, { userId: outsiderAccount.id }).caller
})

describe('criar anúncio', () => {
  it('cria um anúncio ativo na comunidade do vendedor, com as fotos na ordem dada', async () => {
    const first = fakeUpload(sellerId)
    const second = fakeUpload(sellerId)
    const { id } = await seller.listings.create(listingInput({ imageIds: [second, first] }))
    const listing = await seller.listings.byId({ id })
    expect(listing.status).toBe('ativo')
    expect(listing.isOwner).toBe(true)
    expect(listing.images.map((image) => image.id)).toEqual([second, first])
    const attached = world.db.select().from(uploads).where(eq(uploads.id, first)).get()
    expect(attached?.attachedAt).toBeInstanceOf(Date)
  })

  it('dá a cada foto as versões de cartão e de celular, para o srcset da galeria', async () => {
    const large = createUpload(world.db, { ownerId: sellerId, kind: 'listing', width: 1600, height: 1200 })
    const small = createUpload(world.db, { ownerId: sellerId, kind: 'listing', width: 900, height: 600 })
    const stored = createUpload(world.db, { ownerId: sellerId, kind: 'listing', width: 1600, height: 1067 })
    // Stored before the phone rendition existed, and not yet given one by the backfill.
    world.db.update(uploads).set({ phoneKey: null }).where(eq(uploads.id, stored.id)).run()
    const { id } = await seller.listings.create(listingInput({ imageIds: [large.id, small.id, stored.id] }))
    const { images } = await buyer.listings.byId({ id })
    expect(images).toEqual([
      {
        id: large.id,
        cardUrl: large.fullUrl.replace('-full', '-card'),
        cardWidth: 640,
        phoneUrl: large.fullUrl.replace('-full', '-phone'),
        phoneWidth: 960,
        fullUrl: large.fullUrl,
        width: 1600,
        height: 1200,
      },
      expect.objectContaining({ id: small.id, cardWidth: 640, phoneUrl: null, phoneWidth: null, width: 900 }),
      expect.objectContaining({
        id: stored.id,
        cardWidth: 640,
        phoneUrl: null,
        phoneWidth: null,
        width: 1600,
      }),
    ])
  })

  it('recusa visitantes, contas pendentes e fotos de outra pessoa', async () => {
    await expectTRPCError(anonymous.listings.create(listingInput()), 'UNAUTHORIZED')
    await expectTRPCError(pending.listings.create(listingInput()), 'FORBIDDEN')
    const before = world.db.select().from(listings).all().length
    await expectTRPCError(
      seller.listings.create(listingInput({ imageIds: [fakeUpload(buyerId)] })),
      'BAD_REQUEST',
    )
    expect(world.db.select().from(listings).all().length).toBe(before)
  })

  it.each([
    [{ title: 'ab' }, 'Título deve ter no mínimo 3 caracteres'],
    [{ title: 'x'.repeat(101) }, 'Título muito longo'],
    [{ description: 'curta' }, 'Descrição deve ter no mínimo 10 caracteres'],
    [{ priceCents: 0 }, 'Preço deve ser maior que 0'],
    [{ mainCategoryId: 0 }, 'Selecione uma categoria principal'],
    [{ subcategoryId: 0 }, 'Selecione uma subcategoria'],
    [{ imageIds: [] }, 'Adicione pelo menos uma imagem'],
    [{ imageIds: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Máximo 5 imagens'],
  ])('valida %j com "%s"', async (change, message) => {
    await expectValidationMessage(
      seller.listings.create(listingInput(change as Partial<ListingInput>)),
      message,
    )
  })

  it('recusa uma subcategoria de outra categoria principal', async () => {
    await expectTRPCError(
      seller.listings.create(
        listingInput({ mainCategoryId: livros.mainCategoryId, subcategoryId: aulas.subcategoryId }),
      ),
      'BAD_REQUEST',
      'A subcategoria não pertence à categoria escolhida',
    )
  })
})

describe('ver, editar, mudar status e excluir', () => {
  it('só o dono edita, muda o status e exclui; outros recebem NOT_FOUND', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Calculadora HP 50g' }))
    await expectTRPCError(buyer.listings.update({ id, ...listingInput() }), 'NOT_FOUND')
    await expectTRPCError(buyer.listings.setStatus({ id, status: 'vendido' }), 'NOT_FOUND')
    await expectTRPCError(buyer.listings.delete({ id }), 'NOT_FOUND')
    await expectTRPCError(admin.listings.delete({ id }), 'NOT_FOUND')

    await seller.listings.update({
      id,
      ...listingInput({ title: 'Calculadora HP 50g seminova', priceCents: 30000 }),
    })
    expect((await buyer.listings.byId({ id })).title).toBe('Calculadora HP 50g seminova')

    await seller.listings.setStatus({ id, status: 'vendido' })
    // Sold listings leave the public views but stay with their owner.
    await expectTRPCError(buyer.listings.byId({ id }), 'NOT_FOUND', 'Anúncio não encontrado')
    expect((await seller.listings.mine()).find((item) => item.id === id)?.status).toBe('vendido')
    const list = await anonymous.listings.list({ q: 'HP 50g' })
    expect(list.items.map((item) => item.id)).not.toContain(id)

    await seller.listings.setStatus({ id, status: 'ativo' })
    expect((await anonymous.listings.list({ q: 'HP 50g' })).items.map((item) => item.id)).toContain(id)

    await seller.listings.delete({ id })
    await expectTRPCError(seller.listings.byId({ id }), 'NOT_FOUND')
  })

  it('não mostra anúncios de outra comunidade', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Só para a Univille' }))
    await expectTRPCError(outsider.listings.byId({ id }), 'NOT_FOUND')
    expect((await outsider.listings.list({ q: 'Univille' })).items).toEqual([])
    await expectTRPCError(outsider.listings.setFavorite({ id, favorite: true }), 'NOT_FOUND')
  })

  it('conta uma visualização por pessoa por dia e nenhuma do dono', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Mesa de estudos' }))
    expect((await seller.listings.byId({ id })).views).toBe(0)
    expect((await buyer.listings.byId({ id })).views).toBe(1)
    expect((await buyer.listings.byId({ id })).views).toBe(1)
    expect((await admin.listings.byId({ id })).views).toBe(2)
  })

  it('um anúncio removido pela moderação não pode ser reativado nem editado', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Anúncio problemático' }))
    world.db
      .update(listings)
      .set({ moderationStatus: 'removed', removalReason: 'Spam ou duplicado' })
      .where(eq(listings.id, id))
      .run()
    await expectTRPCError(seller.listings.setStatus({ id, status: 'ativo' }), 'FORBIDDEN')
    await expectTRPCError(seller.listings.update({ id, ...listingInput() }), 'FORBIDDEN')
    const mine = (await seller.listings.mine()).find((item) => item.id === id)
    expect(mine?.moderationStatus).toBe('removed')
    expect(mine?.removalReason).toBe('Spam ou duplicado')
  })
})

describe('busca, filtros, ordenação e paginação', () => {
  let cafeId: number
  beforeAll(async () => {
    cafeId = (
      await seller.listings.create(
        listingInput({
          title: 'Café especial torrado na hora',
          description: 'Grãos moídos para a república.',
          priceCents: 3500,
          ...subcategoryIds(world.db, 'Móveis e casa'),
          condition: 'novo',
        }),
      )
    ).id
    await seller.listings.create(
      listingInput({
        title: 'Aulas de Cálculo II',
        description: 'Monitoria com listas resolvidas.',
        priceCents: 5000,
        ...aulas,
        condition: 'novo',
      }),
    )
  })

  it('acha sem acento e por parte da palavra', async () => {
    const cafe = await anonymous.listings.list({ q: 'cafe' })
    expect(cafe.items.map((item) => item.title)).toContain('Café especial torrado na hora')
    const calc = await anonymous.listings.list({ q: 'calc' })
    expect(calc.items.map((item) => item.title)).toContain('Aulas de Cálculo II')
    expect((await anonymous.listings.list({ q: 'inexistentexyz' })).items).toEqual([])
  })

  it('uma busca de uma ou duas letras também ignora acentos (no título)', async () => {
    const titles = async (q: string) => (await anonymous.listings.list({ q })).items.map((item) => item.title)
    expect(await titles('fe')).toContain('Café especial torrado na hora')
    expect(await titles('FÉ')).toContain('Café especial torrado na hora')
    expect(await titles('ál')).toContain('Aulas de Cálculo II')
    expect(await titles('al')).toContain('Aulas de Cálculo II')
    // The description is not searched this short: "listas" is only there.
    expect(await titles('li')).not.toContain('Aulas de Cálculo II')
  })

  it('combina busca, categoria, condição e preço', async () => {
    const filtered = await anonymous.listings.list({
      q: 'cafe',
      mainCategory: 'desapegos',
      condition: 'novo',
      maxPriceCents: 4000,
    })
    expect(filtered.items.map((item) => item.id)).toEqual([cafeId])
    expect((await anonymous.listings.list({ q: 'cafe', mainCategory: 'servicos' })).items).toEqual([])
    expect((await anonymous.listings.list({ q: 'cafe', minPriceCents: 4000 })).items).toEqual([])
    // The price filter at its full range (0–1000) filters nothing.
    const full = await anonymous.listings.list({ minPriceCents: 0, maxPriceCents: 100_000, limit: 60 })
    const all = await anonymous.listings.list({ limit: 60 })
    expect(full.items.length).toBe(all.items.length)
  })

  it('pagina por cursor sem repetir nem pular, em cada ordenação', async () => {
    for (const sort of ['recent', 'vupts', 'price-asc', 'price-desc'] as const) {
      const everything = (await anonymous.listings.list({ sort, limit: 60 })).items.map((item) => item.id)
      const paged: number[] = []
      let cursor: string | null = null
      do {
        const page: { items: { id: number }[]; nextCursor: string | null } = await anonymous.listings.list({
          sort,
          limit: 2,
          cursor,
        })
        paged.push(...page.items.map((item) => item.id))
        cursor = page.nextCursor
      } while (cursor)
      expect(paged).toEqual(everything)
      expect(new Set(paged).size).toBe(paged.length)
    }
    const prices = (await anonymous.listings.list({ sort: 'price-asc', limit: 60 })).items.map(
      (item) => item.priceCents,
    )
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })
})

describe('favoritos e Vupts', () => {
  it('favorita e desfavorita', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Jaleco branco M' }))
    await buyer.listings.setFavorite({ id, favorite: true })
    await buyer.listings.setFavorite({ id, favorite: true })
    expect((await buyer.listings.favorites()).map((item) => item.id)).toEqual([id])
    expect((await buyer.listings.byId({ id })).isFavorite).toBe(true)
    await buyer.listings.setFavorite({ id, favorite: false })
    expect(await buyer.listings.favorites()).toEqual([])
    await expectTRPCError(anonymous.listings.setFavorite({ id, favorite: true }), 'UNAUTHORIZED')
  })

  it('Meus favoritos guarda o que saiu do portal: vendido e inativo com o card, removido pela moderação sem nada do conteúdo', async () => {
    const titles = [
      'Régua T de desenho',
      'Esquadros de acrílico',
      'Compasso profissional',
      'Anúncio impróprio',
    ]
    const ids: number[] = []
    for (const title of titles) {
      const { id } = await seller.listings.create(listingInput({ title }))
      await buyer.listings.setFavorite({ id, favorite: true })
      ids.push(id)
    }
    const [available, sold, inactive, removed] = ids as [number, number, number, number]
    await seller.listings.setStatus({ id: sold, status: 'vendido' })
    await seller.listings.setStatus({ id: inactive, status: 'inativo' })
    await admin.admin.listings.remove({ id: removed, reason: 'inappropriate' })

    const list = await buyer.listings.favorites()
    expect(list.map((item) => [item.id, item.availability, item.listing?.title ?? null])).toEqual([
      [removed, 'removido', null],
      [inactive, 'indisponivel', 'Compasso profissional'],
      [sold, 'vendido', 'Esquadros de acrílico'],
      [available, 'disponivel', 'Régua T de desenho'],
    ])
    expect(JSON.stringify(list)).not.toContain('Anúncio impróprio')
    // Whatever became of them, they leave the list; only a live listing can join it.
    for (const id of ids) await buyer.listings.setFavorite({ id, favorite: false })
    expect(await buyer.listings.favorites()).toEqual([])
    await expectTRPCError(buyer.listings.setFavorite({ id: sold, favorite: true }), 'NOT_FOUND')
  })

  it('um Vupt por pessoa, e o dono não dá Vupt no próprio produto', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Fone bluetooth' }))
    expect((await buyer.listings.setVupt({ id, vupt: true })).vuptsCount).toBe(1)
    expect((await buyer.listings.setVupt({ id, vupt: true })).vuptsCount).toBe(1)
    expect((await buyer.listings.byId({ id })).hasVupt).toBe(true)
    expect((await buyer.listings.setVupt({ id, vupt: false })).vuptsCount).toBe(0)
    await expectTRPCError(seller.listings.setVupt({ id, vupt: true }), 'FORBIDDEN')
  })

  it('o contador de Vupts bate com as linhas mesmo com cliques simultâneos', async () => {
    const { id } = await seller.listings.create(listingInput({ title: 'Bicicleta aro 29' }))
    const voters = await Promise.all(
      Array.from(
        { length: 12 },
        async () =>
          callerFor(world.services, { userId: (await createStudent(world.db, { member: true })).id }).caller,
      ),
    )
    await Promise.all(
      voters.flatMap((voter, index) => [
        voter.listings.setVupt({ id, vupt: true }),
        voter.listings.setVupt({ id, vupt: index % 3 !== 0 }),
        voter.listings.setVupt({ id, vupt: true }),
        voter.listings.setVupt({ id, vupt: index % 2 === 0 }),
      ]),
    )
    const rows = world.db.$client
      .prepare('select count(*) as total from listing_vupts where listing_id = ?')
      .get(id) as {
      total: number
    }
    const listing = rowWhere(world.db, listings, 'id', id, ['vuptsCount'])
    expect(rows.total).toBe(6)
    expect(listing?.vuptsCount).toBe(rows.total)
  })
})

describe('perfis', () => {
  it('mostra o perfil com os anúncios ativos e recusa outra comunidade', async () => {
    const me = await seller.profiles.me()
    const profile = await buyer.profiles.byUsername({ username: me.username ?? '' })
    expect(profile.listings.length).toBeGreaterThan(0)
    const mine = await seller.listings.mine()
    const live = mine.filter((item) => item.status === 'ativo' && item.moderationStatus === 'active')
    expect(mine.length).toBeGreaterThan(live.length)
    expect(profile.listings.map((item) => item.id).sort()).toEqual(live.map((item) => item.id).sort())
    expect(profile).not.toHaveProperty('email')
    await expectTRPCError(outsider.profiles.byUsername({ username: me.username ?? '' }), 'NOT_FOUND')
  })

  it('edita o perfil e recusa um username em uso, sem diferenciar maiúsculas', async () => {
    const buyerMe = await buyer.profiles.me()
    const sellerMe = await seller.profiles.me()
    await expectValidationMessage(
      seller.profiles.update({ username: 'com espaço', fullName: 'Nome Válido' }),
      'Apenas letras, números e _',
    )
    await expectValidationMessage(
      seller.profiles.update({ username: 'valido', fullName: 'Nome Válido', bio: 'x'.repeat(501) }),
      'Bio muito longa',
    )
    await expectTRPCError(
      seller.profiles.update({ username: (buyerMe.username ?? '').toUpperCase(), fullName: 'Nome Válido' }),
      'CONFLICT',
    )
    expect((await seller.profiles.me()).username).toBe(sellerMe.username)
    const avatar = fakeUpload(sellerId, 'avatar')
    await seller.profiles.update({
      username: 'vendedora_top',
      fullName: 'Vendedora Top',
      bio: 'Olá!',
      avatarUploadId: avatar,
    })
    const updated = await seller.profiles.me()
    expect(updated.username).toBe('vendedora_top')
    expect(updated.avatarUrl).toMatch(/^\/uploads\/[a-f0-9]{64}-card\.webp$/)
    await expectTRPCError(
      buyer.profiles.update({ username: 'comprador', fullName: 'Comprador', avatarUploadId: avatar }),
      'BAD_REQUEST',
    )
    // A new avatar hands the old one back to the orphan sweep.
    const replacement = fakeUpload(sellerId, 'avatar')
    await seller.profiles.update({
      username: 'vendedora_top',
      fullName: 'Vendedora Top',
      avatarUploadId: replacement,
    })
    expect(world.db.select().from(uploads).where(eq(uploads.id, avatar)).get()?.attachedAt).toBeNull()
    expect(
      world.db.select().from(uploads).where(eq(uploads.id, replacement)).get()?.attachedAt,
    ).toBeInstanceOf(Date)
  })
})

describe('vitrine', () => {
  it('cada card da lista leva só o que o card mostra', async () => {
    const page = await buyer.listings.list({ sort: 'recent' })
    expect(page.items.length).toBeGreaterThan(0)
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'courseTag',
          'id',
          'imageUrl',
          'isFavorite',
          'mainCategoryName',
          'priceCents',
          'reserved',
          'sellerAverage',
          'sellerCourse',
          'sellerFullName',
          'title',
          'vuptsCount',
        ].sort(),
      )
    }
  })

  it('estatísticas, categorias com contagem e destaques', async () => {
    const stats = await anonymous.listings.stats()
    expect(stats.listings).toBeGreaterThan(0)
    expect(stats.sellers).toBe(1)
    expect(stats.communities).toBe(2)
    const categories = await anonymous.listings.categories()
    expect(categories.map((c) => c.slug)).toEqual(['criacoes', 'servicos', 'desapegos'])
    expect(categories.reduce((sum, c) => sum + c.activeListings, 0)).toBe(stats.listings)
    const featured = await anonymous.listings.featured()
    expect(featured.length).toBeLessThanOrEqual(6)
    const views = featured.map(
      (item) => world.db.select().from(listings).where(eq(listings.id, item.id)).get()?.views ?? -1,
    )
    expect(views).toEqual([...views].sort((a, b) => b - a))
  })
})
