import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { createListing } from '../../server/db/factories'
import { alumni, listings, notifications } from '../../server/db/schema'
import { listListings } from '../../server/listings/catalog'
import { resumeListingsOf, runListingLife } from '../../server/listings/life'
import type { ListingSort } from '../../shared/schemas/listing'
import { expectAppError } from '../support/assertions'
import { fakeDateEachTest } from '../support/dates'
import { statementReads } from '../support/sqlite-reads'
import { communityBySlug, createMember, setUpTestWorld, type TestMember } from '../support/test-app'

const world = setUpTestWorld()

const DAY = 24 * 60 * 60 * 1000
const T0 = Date.parse('2027-03-10T15:00:00Z')

const at = (instant: number) => vi.setSystemTime(instant)
const runJob = () => runListingLife(world.services)
const rowOf = (id: number) => world.db.select().from(listings).where(eq(listings.id, id)).get()
const portalIds = async (viewer: TestMember, sort: ListingSort = 'recent', q?: string) =>
  (await viewer.caller.listings.list({ sort, q })).items.map((item) => item.id)
const expiryNotices = (userId: number) =>
  world.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .all()
    .filter((notice) => notice.kind === 'listing_expiring')

/** A member's live listing 'Jaleco M', its seller, and one other member of the community. */
async function jalecoOfSeller() {
  const seller = await createMember(world)
  const other = await createMember(world)
  return { seller, other, id: createListing(world.db, { sellerId: seller.id, title: 'Jaleco M' }) }
}

fakeDateEachTest(T0)

describe('a vida de um anúncio', () => {
  it('fica no ar 60 dias; o vendedor é avisado uma semana antes, uma vez; depois sai do portal e da busca', async () => {
    const seller = await createMember(world)
    const buyer = await createMember(world)
    const id = createListing(world.db, { sellerId: seller.id, title: 'Calculadora científica Casio' })
    expect(rowOf(id)?.expiresAt.getTime()).toBe(T0 + 60 * DAY)

    at(T0 + 53 * DAY - 1)
    runJob()
    expect(expiryNotices(seller.id)).toHaveLength(0)

    at(T0 + 53 * DAY)
    runJob()
    runJob()
    expect(expiryNotices(seller.id)).toMatchObject([{ link: '/meus-produtos' }])
    const mail = world.services.mailer.sent.at(-1)
    expect(mail?.subject).toBe('Seu anúncio sai do ar em 7 dias')
    expect(await portalIds(buyer)).toEqual([id])

    at(T0 + 60 * DAY - 1)
    runJob()
    expect(rowOf(id)?.hold).toBeNull()

    at(T0 + 60 * DAY)
    runJob()
    expect(rowOf(id)).toMatchObject({ hold: 'expired', status: 'ativo' })
    expect(await portalIds(buyer)).toEqual([])
    expect(await portalIds(buyer, 'recent', 'calculadora')).toEqual([])
    expect(await buyer.caller.listings.stats({})).toMatchObject({ listings: 0, sellers: 0 })
    await expectAppError(buyer.caller.listings.byId({ id }), 'LISTING_NOT_FOUND')
    // Still the seller's, in Meus Produtos, to renew.
    expect((await seller.caller.listings.mine()).map((item) => [item.id, item.hold])).toEqual([
      [id, 'expired'],
    ])
  })

  it('"Renovar" dá mais 60 dias e devolve o anúncio ao portal; o aviso volta a valer', async () => {
    const { seller, other: buyer, id } = await jalecoOfSeller()
    at(T0 + 53 * DAY)
    runJob()
    at(T0 + 61 * DAY)
    runJob()
    expect(rowOf(id)?.hold).toBe('expired')

    await seller.caller.listings.renew({ id })
    expect(rowOf(id)).toMatchObject({ hold: null, expiryNoticeAt: null })
    expect(rowOf(id)?.expiresAt.getTime()).toBe(T0 + 121 * DAY)
    expect(await portalIds(buyer)).toEqual([id])
    expect(await buyer.caller.listings.stats({})).toMatchObject({ listings: 1, sellers: 1 })

    at(T0 + 114 * DAY)
    runJob()
    expect(expiryNotices(seller.id)).toHaveLength(2)
  })

  it('ninguém renova o anúncio de outro', async () => {
    const { other, id } = await jalecoOfSeller()
    at(T0 + 60 * DAY)
    runJob()
    await expectAppError(other.caller.listings.renew({ id }), 'LISTING_NOT_FOUND', 'NOT_FOUND')
    expect(rowOf(id)).toMatchObject({ hold: 'expired' })
    expect(rowOf(id)?.expiresAt.getTime()).toBe(T0 + 60 * DAY)
  })

  it('"Subir" leva o anúncio ao topo de "Mais recentes" uma vez a cada 7 dias', async () => {
    const seller = await createMember(world)
    const buyer = await createMember(world)
    const first = createListing(world.db, { sellerId: seller.id, title: 'Livro de cálculo' })
    at(T0 + DAY)
    const second = createListing(world.db, { sellerId: seller.id, title: 'Caneca' })
    expect(await portalIds(buyer)).toEqual([second, first])

    // Publishing counts as the first time at the top.
    at(T0 + 7 * DAY - 1)
    await expectAppError(seller.caller.listings.bump({ id: first }), 'LISTING_BUMP_TOO_SOON')
    at(T0 + 7 * DAY)
    await seller.caller.listings.bump({ id: first })
    expect(await portalIds(buyer)).toEqual([first, second])
    expect(await portalIds(buyer, 'recent', 'calculo')).toEqual([first])

    // Twice in a week: refused, and the listing stays where the first bump put it.
    at(T0 + 10 * DAY)
    world.db
      .update(listings)
      .set({ listedAt: new Date(T0 + 9 * DAY) })
      .where(eq(listings.id, second))
      .run()
    await expectAppError(
      seller.caller.listings.bump({ id: first }),
      'LISTING_BUMP_TOO_SOON',
      'TOO_MANY_REQUESTS',
    )
    expect(rowOf(first)?.listedAt.getTime()).toBe(T0 + 7 * DAY)
    expect(await portalIds(buyer)).toEqual([second, first])
    at(T0 + 14 * DAY)
    await seller.caller.listings.bump({ id: first })
    expect(await portalIds(buyer)).toEqual([first, second])
  })

  it('ninguém sobe o anúncio de outro, nem um anúncio fora do ar', async () => {
    const { seller, other, id } = await jalecoOfSeller()
    const sold = createListing(world.db, { sellerId: seller.id, title: 'Caneca', status: 'vendido' })
    at(T0 + 8 * DAY)
    await expectAppError(other.caller.listings.bump({ id }), 'LISTING_NOT_FOUND')
    await expectAppError(seller.caller.listings.bump({ id: sold }), 'LISTING_NOT_LIVE')
    at(T0 + 60 * DAY)
    runJob()
    await expectAppError(seller.caller.listings.bump({ id }), 'LISTING_NOT_LIVE')
    expect(rowOf(id)?.listedAt.getTime()).toBe(T0)
  })
})

describe('as consultas do portal e da expiração seguem nos índices', () => {
  /** The plan SQLite picks for every statement `work` runs on the listings. */
  function plansOf(work: () => void): string[] {
    const sqlite = world.db.$client
    return statementReads(sqlite, work)
      .filter((read) => read.source.includes('"listings"'))
      .map((read) => {
        const rows = sqlite.prepare(`explain query plan ${read.source}`).all(...read.values) as {
          detail: string
        }[]
        return rows.map((row) => row.detail).join('\n')
      })
  }

  it('cada ordenação do portal lê o índice parcial dela, sem ordenar à parte', async () => {
    const seller = await createMember(world)
    createListing(world.db, { sellerId: seller.id, title: 'Livro' })
    const communityId = communityBySlug(world.db, 'univille').id
    const expected: Record<ListingSort, string> = {
      recent: 'listings_public_recent_idx',
      vupts: 'listings_public_vupts_idx',
      'price-asc': 'listings_public_price_idx',
      'price-desc': 'listings_public_price_idx',
    }
    for (const [sort, index] of Object.entries(expected) as [ListingSort, string][]) {
      const [plan] = plansOf(() => listListings(world.db, { communityId, sort, limit: 20 }))
      expect(plan, sort).toContain(`USING INDEX ${index}`)
      expect(plan, sort).not.toContain('TEMP B-TREE')
    }
  })

  it('os avisos e a expiração percorrem o índice de validade', async () => {
    const seller = await createMember(world)
    createListing(world.db, { sellerId: seller.id, title: 'Livro' })
    const plans = plansOf(() => runJob())
    expect(plans.length).toBeGreaterThan(0)
    for (const plan of plans) expect(plan).toContain('listings_expiry_idx')
    const update = world.db.$client
      .prepare(
        `explain query plan update listings set hold = 'expired' where id in (select id from listings
          where hold is null and expires_at <= ? and status != 'vendido' limit 500)`,
      )
      .all(Date.now()) as { detail: string }[]
    expect(update.map((row) => row.detail).join('\n')).toContain('listings_expiry_idx')
  })
})

describe('cada retenção tem um só caminho de volta', () => {
  type Way = 'renovar' | 'reconfirmar' | 'reativar'
  const statuses = ['ativo', 'vendido', 'inativo'] as const
  const cases: { hold: 'expired' | 'alumni'; alumnus: boolean }[] = [
    { hold: 'expired', alumnus: false },
    { hold: 'alumni', alumnus: true },
    { hold: 'expired', alumnus: true },
  ]
  const ways: Way[] = ['renovar', 'reconfirmar', 'reativar']
  const matrix = cases.flatMap((c) =>
    statuses.flatMap((status) => ways.map((way) => ({ ...c, status, way }))),
  )

  it.each(matrix)(
    'retenção $hold (egresso: $alumnus), status $status, $way',
    async ({ hold, alumnus, status, way }) => {
      const seller = await createMember(world)
      const id = createListing(world.db, { sellerId: seller.id, title: 'Jaleco M', status })
      world.db
        .update(listings)
        .set({ hold, expiresAt: new Date(T0 - DAY) })
        .where(eq(listings.id, id))
        .run()
      if (alumnus)
        world.db
          .insert(alumni)
          .values({ userId: seller.id, since: new Date(T0 - DAY) })
          .run()

      if (way === 'renovar') {
        const renewing = seller.caller.listings.renew({ id })
        if (alumnus) await expectAppError(renewing, 'ALUMNI_CANNOT_PUBLISH')
        else await renewing
      } else if (way === 'reconfirmar') {
        world.db.delete(alumni).where(eq(alumni.userId, seller.id)).run()
        resumeListingsOf(world.db, seller.id)
      } else {
        const reactivating = seller.caller.listings.setStatus({ id, status: 'ativo' })
        if (alumnus) await expectAppError(reactivating, 'ALUMNI_CANNOT_PUBLISH')
        else await reactivating
      }

      // Renovar lifts only 'expired' (for one who may publish), reconfirming only 'alumni'; reactivating
      // changes the seller's own status and lifts no hold.
      const lifted =
        (way === 'renovar' && hold === 'expired' && !alumnus) || (way === 'reconfirmar' && hold === 'alumni')
      const row = rowOf(id)
      expect(row?.hold).toBe(lifted ? null : hold)
      expect(row?.status).toBe(way === 'reativar' && !alumnus ? 'ativo' : status)
    },
  )
})
