import { describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { createCommunity, createListing, createStudent } from '../../server/db/factories'
import { categoriesWithCounts, landingStats } from '../../server/listings/portal'
import { communityBySlug, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

const LIVE = "status = 'ativo' and moderation_status = 'active' and hold is null"

function rows(db: Database, query: string): unknown[] {
  return db.$client.prepare(query).raw().all()
}

/** The counters the triggers keep must equal a count of the listings themselves, after every write. */
function expectCountsMatchListings(db: Database) {
  expect(
    rows(
      db,
      'select community_id, main_category_id, listings from live_listing_counts where listings <> 0 order by 1, 2',
    ),
  ).toEqual(
    rows(
      db,
      `select community_id, main_category_id, count(*) from listings where ${LIVE} group by 1, 2 order by 1, 2`,
    ),
  )
  expect(rows(db, 'select community_id, seller_id, listings from live_seller_counts order by 1, 2')).toEqual(
    rows(
      db,
      `select community_id, seller_id, count(*) from listings where ${LIVE} group by 1, 2 order by 1, 2`,
    ),
  )
}

function subcategoriesOfTwoMains(db: Database): [number, number] {
  const [first, second] = rows(
    db,
    'select min(id) from subcategories group by main_category_id order by main_category_id limit 2',
  ) as [number][]
  if (!first || !second) throw new Error('o catálogo de teste precisa de duas categorias')
  return [first[0], second[0]]
}

describe('as contagens de anúncios no ar, mantidas pelo banco', () => {
  it('seguem cada publicação, venda, pausa, remoção, troca de categoria ou comunidade e exclusão', async () => {
    const { db } = world
    const [livros, servicos] = subcategoriesOfTwoMains(db)
    const ana = await createStudent(db, { approved: true })
    const bruno = await createStudent(db, { approved: true })
    const one = createListing(db, { sellerId: ana.id, title: 'Livro de cálculo', subcategoryId: livros })
    const two = createListing(db, { sellerId: ana.id, title: 'Aula de violão', subcategoryId: servicos })
    const three = createListing(db, { sellerId: bruno.id, title: 'Jaleco M', subcategoryId: livros })
    createListing(db, { sellerId: bruno.id, title: 'Caneca', subcategoryId: livros, status: 'vendido' })
    expectCountsMatchListings(db)

    const univille = communityBySlug(db, 'univille').id
    expect(landingStats(db, univille)).toMatchObject({ listings: 3, sellers: 2 })

    const steps = [
      `update listings set status = 'vendido' where id = ${one}`,
      `update listings set status = 'ativo' where id = ${one}`,
      `update listings set status = 'inativo' where id = ${three}`,
      `update listings set moderation_status = 'removed' where id = ${two}`,
      `update listings set moderation_status = 'active' where id = ${two}`,
      `update listings set title = 'Livro de cálculo I', views = views + 1 where id = ${one}`,
      `update listings set subcategory_id = ${servicos}, main_category_id =
         (select main_category_id from subcategories where id = ${servicos}) where id = ${one}`,
      `update listings set status = 'ativo' where id = ${three}`,
      // The system holds: expired, renewed, paused for an egresso, resumed, and a held listing sold.
      `update listings set hold = 'expired' where id = ${one}`,
      `update listings set hold = null where id = ${one}`,
      `update listings set hold = 'alumni' where seller_id = ${bruno.id}`,
      `update listings set status = 'vendido' where id = ${three}`,
      `update listings set status = 'ativo' where id = ${three}`,
      `update listings set hold = null where seller_id = ${bruno.id}`,
      `update listings set hold = 'expired' where id = ${two}`,
      `update listings set hold = null where id = ${two}`,
      `delete from listings where id = ${two}`,
    ]
    for (const step of steps) {
      db.$client.exec(step)
      expectCountsMatchListings(db)
    }

    const other = createCommunity(db)
    // A community with nothing on sale yet has no rows to add up.
    expect(landingStats(db, other.id)).toMatchObject({ listings: 0, sellers: 0 })
    db.$client.exec(`update listings set community_id = ${other.id} where id = ${three}`)
    expectCountsMatchListings(db)
    expect(landingStats(db, other.id)).toMatchObject({ listings: 1, sellers: 1 })

    // Deleting the account deletes its listings by cascade, and the counts follow.
    db.$client.exec(`delete from users where id = ${ana.id}`)
    expectCountsMatchListings(db)
    expect(landingStats(db, univille)).toMatchObject({ listings: 0, sellers: 0 })
  })

  it('o portal mostra por categoria e na página inicial o que uma contagem dos anúncios daria', async () => {
    const { db } = world
    const [livros, servicos] = subcategoriesOfTwoMains(db)
    const sellers = [await createStudent(db, { approved: true }), await createStudent(db, { approved: true })]
    for (let i = 0; i < 7; i++) {
      createListing(db, {
        sellerId: (sellers[i % 2] as { id: number }).id,
        title: `Anúncio ${i}`,
        subcategoryId: i < 5 ? livros : servicos,
        status: i === 6 ? 'vendido' : 'ativo',
      })
    }
    const univille = communityBySlug(db, 'univille').id
    const perMain = new Map(
      (
        rows(db, `select main_category_id, count(*) from listings where ${LIVE} group by 1`) as [
          number,
          number,
        ][]
      ).map(([main, total]) => [main, total]),
    )
    for (const main of categoriesWithCounts(db, univille)) {
      expect(main.activeListings).toBe(perMain.get(main.id) ?? 0)
    }
    expect([...perMain.values()].sort()).toEqual([1, 5])
    expect(landingStats(db, univille)).toMatchObject({ listings: 6, sellers: 2 })
  })
})
