import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { createListing, createStudent } from '../../server/db/factories'
import { blocks, communities, mainCategories, subcategories } from '../../server/db/schema'
import { listListings } from '../../server/listings/catalog'
import type { MainCategorySlug } from '../../shared/domain'
import type { ListingSort } from '../../shared/schemas/listing'
import { type StatementRead, statementReads } from '../support/sqlite-reads'
import { setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

const SORTS: ListingSort[] = ['recent', 'vupts', 'price-asc', 'price-desc']

type Op = { opcode: string; p1: number; p2: number; p3: number; p4: unknown }

/**
 * The bound values that position the first seek into an index of listings: where SQLite starts reading,
 * from its bytecode (EXPLAIN). A register loaded by copying another one is followed back to its source.
 */
function seekKeyValues(sqlite: Database['$client'], read: StatementRead): unknown[] {
  const program = sqlite.prepare(`explain ${read.source}`).all(...read.values) as Op[]
  const roots = new Set(
    sqlite
      .prepare("select rootpage from sqlite_master where type = 'index' and tbl_name = 'listings'")
      .pluck()
      .all(),
  )
  const cursors = new Set(
    program.filter((op) => op.opcode === 'OpenRead' && roots.has(op.p2)).map((op) => op.p1),
  )
  const seek = program.find((op) => /^Seek[GL][ET]$/.test(op.opcode) && cursors.has(op.p1))
  if (!seek) throw new Error(`nenhuma busca num índice de anúncios:\n${read.source}`)
  const seekAt = program.indexOf(seek)
  const loads = (register: number) => (op: Op) =>
    ['Variable', 'SCopy', 'Copy'].includes(op.opcode) && op.p2 === register
  // The last load before the seek, else one in the program's tail (constants, loaded before it runs).
  const valueIn = (register: number): unknown => {
    const load =
      program.slice(0, seekAt).findLast(loads(register)) ?? program.slice(seekAt).find(loads(register))
    if (!load) return undefined
    return load.opcode === 'Variable' ? read.values[load.p1 - 1] : valueIn(load.p1)
  }
  return Array.from({ length: Number(seek.p4) }, (_, n) => valueIn(seek.p3 + n))
}

/** Every page of "Carregar mais", walked through the cursors. */
function walk(query: Omit<Parameters<typeof listListings>[1], 'limit' | 'cursor'>, limit: number) {
  const ids: number[] = []
  let cursor: string | null = null
  for (let page = 0; page < 100; page++) {
    const result = listListings(world.db, { ...query, limit, cursor })
    ids.push(...result.items.map((item) => item.id))
    cursor = result.nextCursor
    if (!cursor) return ids
  }
  throw new Error('páginas demais')
}

describe('"Carregar mais" por cursor (keyset)', () => {
  it('em cada ordenação, com filtros e com bloqueio, as páginas somam a lista inteira, sem repetir nem pular', async () => {
    const community = world.db.select().from(communities).get()
    const [first, second] = world.db.select({ id: subcategories.id }).from(subcategories).limit(2).all()
    if (!community || !first || !second) throw new Error('semente base ausente')
    const sellers = [
      await createStudent(world.db, { member: true }),
      await createStudent(world.db, { member: true }),
    ]
    const viewer = await createStudent(world.db, { member: true })
    for (let n = 0; n < 23; n++) {
      createListing(world.db, {
        sellerId: (sellers[n % 2] as { id: number }).id,
        title: n % 3 === 0 ? `Livro de cálculo ${n}` : `Caneca ${n}`,
        // Many equal prices: the id breaks the tie, and a page boundary falls inside a run of equals.
        priceCents: 1000 * (1 + (n % 4)),
        subcategoryId: n % 2 === 0 ? first.id : second.id,
      })
    }
    world.db
      .insert(blocks)
      .values({ blockerId: viewer.id, blockedId: (sellers[1] as { id: number }).id })
      .run()

    const filters = [{}, { subcategoryId: first.id }, { q: 'calculo' }, { viewerId: viewer.id }]
    for (const sort of SORTS) {
      for (const filter of filters) {
        const query = { communityId: community.id, sort, ...filter }
        const whole = listListings(world.db, { ...query, limit: 60 }).items.map((item) => item.id)
        expect(whole.length).toBeGreaterThan(3)
        const paged = walk(query, 3)
        expect(paged).toEqual(whole)
        expect(new Set(paged).size).toBe(paged.length)
      }
    }
  })

  it('uma página funda começa no cursor, no índice da ordenação, sem reler as linhas de antes dele', async () => {
    const community = world.db.select().from(communities).get()
    const subcategory = world.db
      .select({ id: subcategories.id, mainCategory: mainCategories.slug })
      .from(subcategories)
      .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
      .get()
    if (!community || !subcategory) throw new Error('semente base ausente')
    const seller = await createStudent(world.db, { member: true })
    for (let n = 0; n < 3; n++) {
      createListing(world.db, {
        sellerId: seller.id,
        title: `Caneca ${n}`,
        priceCents: 1000 * (n + 1),
        subcategoryId: subcategory.id,
      })
    }
    const filters = [
      {},
      { mainCategory: subcategory.mainCategory as MainCategorySlug },
      { subcategoryId: subcategory.id },
      { condition: 'usado' as const },
      { minPriceCents: 500, maxPriceCents: 50_000 },
      { viewerId: seller.id },
    ]
    const sqlite = world.db.$client
    for (const sort of SORTS) {
      for (const filter of filters) {
        const query = { communityId: community.id, sort, limit: 1, ...filter }
        const first = listListings(world.db, query)
        if (!first.nextCursor) throw new Error(`sem segunda página: ${sort} ${JSON.stringify(filter)}`)
        const cursor = JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString('utf8')) as {
          v: number
        }
        const page = statementReads(sqlite, () =>
          listListings(world.db, { ...query, cursor: first.nextCursor }),
        ).find((read) => /from "listings"/.test(read.source))
        if (!page) throw new Error(`página com cursor não lida: ${sort} ${JSON.stringify(filter)}`)
        expect(seekKeyValues(sqlite, page), `${sort} ${JSON.stringify(filter)}`).toContain(cursor.v)
      }
    }
  })
})
