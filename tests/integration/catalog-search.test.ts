import { beforeAll, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { blocks, communities, subcategories } from '../../server/db/schema'
import { listListings } from '../../server/listings/catalog'
import { SEARCH_LIMITS } from '../../server/listings/search-plan'
import type { ListingSort } from '../../shared/schemas/listing'
import { listingPlans, type StatementRead, statementReads } from '../support/sqlite-reads'
import { callerFor, setUpTestWorld } from '../support/test-app'

/**
 * A word common enough that the portal walks the sort order and tests each listing's text instead of
 * reading every FTS5 match. Whatever the plan, a page must hold what FTS5 itself finds: the reference
 * below asks the index directly.
 */
const world = setUpTestWorld({ scope: 'file' })

const SPELLINGS = ['Cálculo', 'CÁLCULO', 'calculo', 'pré-cálculo', 'Calculos']
const DAY = 24 * 3600 * 1000
let communityId = 0
let viewerId = 0

beforeAll(async () => {
  const community = world.db.select().from(communities).get()
  const sub = world.db.select().from(subcategories).get()
  if (!community || !sub) throw new Error('semente base ausente')
  communityId = community.id
  const sellers = [
    await createStudent(world.db, { member: true }),
    await createStudent(world.db, { member: true }),
  ]
  const viewer = await createStudent(world.db, { member: true })
  viewerId = viewer.id
  world.db
    .insert(blocks)
    .values({ blockerId: viewer.id, blockedId: (sellers[1] as { id: number }).id })
    .run()
  const insert = world.db.$client.prepare(
    `insert into listings (community_id, seller_id, title, description, price_cents, main_category_id,
      subcategory_id, condition, status, moderation_status, views, vupts_count, created_at, updated_at,
      listed_at, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, unixepoch() * 1000 + 5184000000)`,
  )
  const now = Date.now()
  const { fewMatches, indexWalkBudget, sortableMatches } = SEARCH_LIMITS
  world.db.$client.transaction(() => {
    // Older listings: two in three have the word, spelled five ways, in the title or the description;
    // prices and Vupts interleave them with the others, so the walk sorted by either finds them early.
    const matching = Math.ceil(fewMatches * 1.2)
    for (let n = 0; n < matching * 1.5; n++) {
      const has = n % 3 !== 0
      const word = SPELLINGS[n % SPELLINGS.length] as string
      const inTitle = n % 2 === 0
      const created = now - 30 * DAY - n * 1000
      insert.run(
        communityId,
        (sellers[n % 2] as { id: number }).id,
        has && inTitle ? `Livro de ${word} ${n}` : `Caneca ${n}`,
        has && !inTitle ? `Resumos de ${word} e café.` : 'Bem conservado, café incluso.',
        1000 + ((n * 37) % 500) * 100,
        sub.mainCategoryId,
        sub.id,
        n % 4 === 0 ? 'novo' : 'usado',
        n % 11 === 0 ? 'vendido' : 'ativo',
        n % 50,
        created,
        created,
        created,
      )
    }
    // The oldest listings, more than can be fetched and sorted, all with a word no other listing has
    // ("vinil"), priced above the rest: sorted by date or by lowest price, the walk gives up before them.
    for (let n = 0; n < sortableMatches + 500; n++) {
      const created = now - 400 * DAY - n * 1000
      insert.run(
        communityId,
        (sellers[0] as { id: number }).id,
        `Disco de vinil ${n}`,
        'Capa original.',
        60_000 + n,
        sub.mainCategoryId,
        sub.id,
        'usado',
        'ativo',
        0,
        created,
        created,
        created,
      )
    }
    // The newest listings, more than a walk tests, none with the word: sorted by date, the walk gives up.
    for (let n = 0; n < indexWalkBudget + 200; n++) {
      const created = now - n * 1000
      insert.run(
        communityId,
        (sellers[0] as { id: number }).id,
        `Caneca nova ${n}`,
        'Sem uso.',
        // Mid-range: sorted by price, they sit between the others.
        25_000,
        sub.mainCategoryId,
        sub.id,
        'novo',
        'ativo',
        0,
        created,
        created,
        created,
      )
    }
  })()
})

type Filters = { q: string; sort: ListingSort; condition?: 'novo' | 'usado'; viewer?: boolean }

/** What FTS5 finds for the query, among the live listings the viewer may see, in the sort's order. */
function fromTheIndex({ q, sort, condition, viewer }: Filters): number[] {
  const order = {
    recent: 'listed_at desc, id desc',
    vupts: 'vupts_count desc, id desc',
    'price-asc': 'price_cents asc, id asc',
    'price-desc': 'price_cents desc, id desc',
  }[sort]
  const fts = q
    .split(' ')
    .map((word) => `"${word}"`)
    .join(' ')
  return world.db.$client
    .prepare(
      `select id from listings where community_id = ? and status = 'ativo' and moderation_status = 'active'
        and id in (select rowid from listings_fts where listings_fts match ?)
        and (? is null or condition = ?)
        and (? is null or seller_id not in (select blocked_id from blocks where blocker_id = ?))
       order by ${order}`,
    )
    .pluck()
    .all(
      communityId,
      fts,
      condition ?? null,
      condition ?? null,
      viewer ? viewerId : null,
      viewerId,
    ) as number[]
}

/** Every page of "Carregar mais" for the query, through the cursors. */
function allPages({ q, sort, condition, viewer }: Filters, limit: number): number[] {
  const ids: number[] = []
  let cursor: string | null = null
  do {
    const page = listListings(world.db, {
      communityId,
      q,
      sort,
      condition,
      viewerId: viewer ? viewerId : null,
      limit,
      cursor,
    })
    ids.push(...page.items.map((item) => item.id))
    cursor = page.nextCursor
  } while (cursor)
  return ids
}

describe('busca por palavra comum (o portal percorre a ordenação e testa cada anúncio)', () => {
  it('a primeira página é a que o índice acha, sem acento nem caixa, no título ou na descrição', () => {
    for (const sort of ['vupts', 'price-asc', 'price-desc'] as const) {
      const expected = fromTheIndex({ q: 'calculo', sort }).slice(0, 20)
      expect(expected).toHaveLength(20)
      const page = listListings(world.db, { communityId, q: 'calculo', sort, limit: 20 })
      expect(page.items.map((item) => item.id)).toEqual(expected)
      expect(page.nextCursor).not.toBeNull()
    }
  })

  it('com duas palavras, condição e bloqueio, as páginas somam a lista do índice', () => {
    const cases: Filters[] = [
      { q: 'calc cafe', sort: 'price-asc' },
      { q: 'calculo', sort: 'vupts', condition: 'novo' },
      { q: 'calculo', sort: 'price-desc', viewer: true },
    ]
    for (const filters of cases) {
      const expected = fromTheIndex(filters)
      expect(expected.length).toBeGreaterThan(SEARCH_LIMITS.walkBudget / 4)
      expect(allPages(filters, 500)).toEqual(expected)
    }
  })

  it('a busca mais longa que a API aceita (100 caracteres, muitas palavras) acha o mesmo que o índice', async () => {
    const q = 'calc '.repeat(20).trim()
    expect(q.length).toBeLessThanOrEqual(100)
    const expected = fromTheIndex({ q, sort: 'price-asc' }).slice(0, 20)
    expect(expected).toHaveLength(20)
    // Through the API, so the input's bound is the one students meet.
    const anonymous = callerFor(world.services, null).caller
    const page = await anonymous.listings.list({ q, sort: 'price-asc', limit: 20 })
    expect(page.items.map((item) => item.id)).toEqual(expected)
    await expect(anonymous.listings.list({ q: `${q} calc` })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('quando os mais novos não têm a palavra, o índice responde depois do limite da caminhada', () => {
    const expected = fromTheIndex({ q: 'calculo', sort: 'recent' })
    const page = listListings(world.db, { communityId, q: 'calculo', sort: 'recent', limit: 20 })
    expect(page.items.map((item) => item.id)).toEqual(expected.slice(0, 20))
  })

  it('uma palavra que só os anúncios antigos têm, em muitos deles: a página e a seguinte, pelo índice', () => {
    for (const sort of ['recent', 'price-asc'] as const) {
      const expected = fromTheIndex({ q: 'vinil', sort })
      expect(expected.length).toBeGreaterThan(SEARCH_LIMITS.sortableMatches)
      const first = listListings(world.db, { communityId, q: 'vinil', sort, limit: 20 })
      expect(first.items.map((item) => item.id)).toEqual(expected.slice(0, 20))
      const second = listListings(world.db, {
        communityId,
        q: 'vinil',
        sort,
        limit: 20,
        cursor: first.nextCursor,
      })
      expect(second.items.map((item) => item.id)).toEqual(expected.slice(20, 40))
    }
  })

  it('com várias palavras comuns, a FTS5 conta cada uma sozinha, uma vez, e a página percorre o índice da ordenação', () => {
    // Both words are in thousands of listings: counting them together, FTS5 reads every match of each.
    // "calculo" was counted by the searches above; "caneca" (in titles, beside "calculo" in descriptions)
    // by none.
    const filters: Filters = { q: 'calculo caneca', sort: 'price-asc' }
    const expected = fromTheIndex(filters).slice(0, 20)
    expect(expected).toHaveLength(20)
    const search = () =>
      statementsOf(() => {
        const page = listListings(world.db, { communityId, q: filters.q, sort: filters.sort, limit: 20 })
        expect(page.items.map((item) => item.id)).toEqual(expected)
      })
    const first = search()
    expect(first.queries).toEqual(['"caneca"'])
    expect(first.plans.length).toBeGreaterThan(0)
    for (const plan of first.plans) {
      expect(plan).toContain('USING INDEX listings_public_price_idx')
      expect(plan).not.toContain('TEMP B-TREE')
      expect(plan).not.toContain('listings_fts')
    }
    // Spelled otherwise, the same words: how common each is was already known.
    filters.q = 'CANECA Cálculo'
    expect(search().queries).toEqual([])
  })
})

/**
 * What `work` asks of the database: the FTS5 queries it runs, and the plan SQLite picks for each other
 * statement on the listings.
 */
function statementsOf(work: () => void) {
  const sqlite = world.db.$client
  const reads = statementReads(sqlite, work, ['all', 'get'])
  const fts = (read: StatementRead) => read.source.includes('listings_fts match')
  const queries = reads
    .filter(fts)
    .flatMap((read) =>
      read.values.filter((value): value is string => typeof value === 'string' && value.includes('"')),
    )
  const plans = listingPlans(
    sqlite,
    reads.filter((read) => !fts(read)),
  )
  return { queries, plans }
}
