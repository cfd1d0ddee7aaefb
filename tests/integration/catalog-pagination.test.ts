import { describe, expect, it } from 'vitest'
import { createListing } from '../../server/db/factories'
import { blocks, communities, subcategories } from '../../server/db/schema'
import { listListings } from '../../server/listings/catalog'
import type { ListingSort } from '../../shared/schemas/listing'
import { createApprovedStudent, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

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
    const sellers = [await createApprovedStudent(world.db), await createApprovedStudent(world.db)]
    const viewer = await createApprovedStudent(world.db)
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

    const sorts: ListingSort[] = ['recent', 'vupts', 'price-asc', 'price-desc']
    const filters = [{}, { subcategoryId: first.id }, { q: 'calculo' }, { viewerId: viewer.id }]
    for (const sort of sorts) {
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
})
