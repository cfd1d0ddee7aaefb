import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import { createListing, createStudent } from '../../server/db/factories'
import { seedCatalogue } from '../../server/db/seed'
import { MIGRATIONS_FOLDER } from '../support/test-app'

const folders: string[] = []
const databases: Database[] = []

afterEach(() => {
  for (const db of databases.splice(0)) db.$client.close()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A copy of the migrations folder whose journal stops at `tag`: the database as an older release left it. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'vupt-migrations-'))
  folders.push(folder)
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalFile = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(last).toBeGreaterThanOrEqual(0)
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

/** A new database file in a folder of its own, removed after the test. */
function emptyDatabase(): Database {
  const folder = mkdtempSync(join(tmpdir(), 'vupt-upgrade-'))
  folders.push(folder)
  const db = openDatabase(join(folder, 'vupt.sqlite'))
  databases.push(db)
  return db
}

/** A database migrated as the release that ended at `tag` left it, with the communities and categories. */
async function databaseUpTo(tag: string): Promise<Database> {
  const db = emptyDatabase()
  runMigrations(db, migrationsUpTo(tag))
  seedCatalogue(db)
  return db
}

function rows(db: Database, query: string): unknown[] {
  return db.$client.prepare(query).raw().all()
}

/**
 * A listing as releases up to 0014 wrote it, by hand: the factory speaks the current columns. Returns
 * its id.
 */
function insertOldListing(
  db: Database,
  seller: { id: number; communityId: number | null },
  title: string,
  { status = 'ativo', createdAt = Date.now() }: { status?: string; createdAt?: number } = {},
): number {
  const [mainCategoryId, subcategoryId] = rows(
    db,
    'select main_category_id, id from subcategories order by id limit 1',
  )[0] as [number, number]
  const row = db.$client
    .prepare(
      `insert into listings (community_id, seller_id, title, description, price_cents, main_category_id,
         subcategory_id, condition, status, created_at, updated_at)
       values (?, ?, ?, 'Bem conservado.', 4500, ?, ?, 'usado', ?, ?, ?) returning id`,
    )
    .get(
      seller.communityId,
      seller.id,
      title,
      mainCategoryId,
      subcategoryId,
      status,
      createdAt,
      createdAt,
    ) as {
    id: number
  }
  return row.id
}

describe('0006_listings: products becomes listings', () => {
  it('keeps every listing, photo, favorite, Vupt, view, conversation and log line, and search still finds old rows', async () => {
    const db = await databaseUpTo('0005_trust_hardening')
    const seller = await createStudent(db, { email: 'vendedor@univille.br', username: 'vendedor' })
    const buyer = await createStudent(db, { email: 'comprador@univille.br', username: 'comprador' })
    const [communityId, mainCategoryId, subcategoryId] = db.$client
      .prepare(
        `select c.id, s.main_category_id, s.id from communities c, subcategories s
         where c.slug = 'univille' order by s.id limit 1`,
      )
      .raw()
      .get() as number[]

    // The shape the previous release wrote, by hand: the application's code speaks only the new names.
    const insertProduct = db.$client.prepare(
      `insert into products (id, community_id, seller_id, title, description, price_cents, main_category_id,
         subcategory_id, condition, created_at, updated_at)
       values (?, ?, ?, ?, 'Bem conservado, sem anotações.', 4500, ?, ?, 'usado', 1790000000000, 1790000000000)`,
    )
    for (const [id, title] of [
      [1, 'Livro de Cálculo I'],
      [2, 'Calculadora científica'],
      [3, 'Jaleco tamanho M'],
    ] as const) {
      insertProduct.run(id, communityId, seller.id, title, mainCategoryId, subcategoryId)
    }
    // The highest id was used and deleted: it must never be handed out again.
    db.$client.prepare('delete from products where id = 3').run()
    db.$client.exec(`
      insert into uploads (id, owner_id, kind, card_key, full_key, width, height, bytes, attached_at, created_at)
        values ('foto-1', ${seller.id}, 'product', 'c.webp', 'f.webp', 800, 600, 1000, 1790000000000, 1790000000000);
      insert into product_images (product_id, upload_id, position, card_url, full_url)
        values (1, 'foto-1', 0, '/uploads/c.webp', '/uploads/f.webp');
      insert into favorites (user_id, product_id, created_at) values (${buyer.id}, 1, 1790000000000);
      insert into product_vupts (user_id, product_id, created_at) values (${buyer.id}, 1, 1790000000000);
      insert into product_views (product_id, viewer_id, day) values (1, ${buyer.id}, '2026-09-21');
      insert into conversations (community_id, participant_one, participant_two, product_id, created_at, updated_at)
        values (${communityId}, ${Math.min(seller.id, buyer.id)}, ${Math.max(seller.id, buyer.id)}, 1, 1790000000000, 1790000000000);
      insert into moderation_log (moderator_id, action_type, target_type, target_id, reason, created_at)
        values (${buyer.id}, 'delete_product', 'product', 2, 'Spam ou duplicado', 1790000000000);
    `)

    runMigrations(db, MIGRATIONS_FOLDER)

    expect(rows(db, 'select id, title from listings order by id')).toEqual([
      [1, 'Livro de Cálculo I'],
      [2, 'Calculadora científica'],
    ])
    expect(rows(db, 'select listing_id, upload_id, position from listing_images')).toEqual([[1, 'foto-1', 0]])
    expect(rows(db, 'select user_id, listing_id from favorites')).toEqual([[buyer.id, 1]])
    expect(rows(db, 'select user_id, listing_id from listing_vupts')).toEqual([[buyer.id, 1]])
    expect(rows(db, 'select listing_id, viewer_id, day from listing_views')).toEqual([
      [1, buyer.id, '2026-09-21'],
    ])
    expect(rows(db, 'select listing_id from conversations')).toEqual([[1]])
    expect(rows(db, 'select kind from uploads')).toEqual([['listing']])
    expect(rows(db, 'select action_type, target_type, target_id from moderation_log')).toEqual([
      ['remove_listing', 'listing', 2],
    ])
    expect(rows(db, "select name from sqlite_master where name like '%product%'")).toEqual([])
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1)

    // Old rows are in the new search index, and new rows reach it through the new triggers.
    const search = (word: string) =>
      rows(db, `select rowid from listings_fts where listings_fts match '${word}' order by rowid`)
    expect(search('calcul')).toEqual([[1], [2]])
    const added = createListing(db, {
      sellerId: seller.id,
      title: 'Apostila de cálculo II',
      description: 'Exercícios resolvidos do semestre.',
      priceCents: 1500,
      condition: 'seminovo',
      subcategoryId,
    })
    expect(added).toBe(4)
    expect(search('calcul')).toEqual([[1], [2], [4]])
    // The folded text a walk tests: filled in for the old rows, kept by a trigger for the new one.
    expect(rows(db, 'select id, search_text from listings order by id')).toEqual([
      [1, 'livro de calculo i\nbem conservado, sem anotacoes.'],
      [2, 'calculadora cientifica\nbem conservado, sem anotacoes.'],
      [4, 'apostila de calculo ii\nexercicios resolvidos do semestre.'],
    ])

    // The rewritten foreign keys still cascade.
    db.$client.prepare('delete from listings where id = 1').run()
    expect(rows(db, 'select count(*) from listing_images')).toEqual([[0]])
    expect(rows(db, 'select count(*) from favorites')).toEqual([[0]])
    expect(rows(db, 'select listing_id from conversations')).toEqual([[null]])
  })
})

describe('0012_live_listing_counts: the portal counts kept by the database', () => {
  it('start from the listings already there, then follow new ones', async () => {
    const db = await databaseUpTo('0011_catalog_indexes')
    const seller = await createStudent(db, { approved: true })
    const other = await createStudent(db, { approved: true })
    insertOldListing(db, seller, 'Livro de cálculo')
    insertOldListing(db, seller, 'Calculadora', { status: 'vendido' })
    insertOldListing(db, other, 'Jaleco')

    runMigrations(db, MIGRATIONS_FOLDER)

    const live = "status = 'ativo' and moderation_status = 'active' and hold is null"
    expect(rows(db, 'select community_id, seller_id, listings from live_seller_counts order by 2')).toEqual([
      [seller.communityId, seller.id, 1],
      [other.communityId, other.id, 1],
    ])
    expect(rows(db, 'select sum(listings) from live_listing_counts')).toEqual([[2]])
    createListing(db, { sellerId: other.id, title: 'Caneca' })
    expect(rows(db, 'select sum(listings) from live_listing_counts')).toEqual(
      rows(db, `select count(*) from listings where ${live}`),
    )
  })
})

describe('0014_deleted_accounts_wanted: Procura-se posts of accounts deleted before', () => {
  it('leave the board with their matches; the posts of members still here stay', async () => {
    const db = await databaseUpTo('0013_notice_bounds')
    const gone = await createStudent(db, { approved: true })
    const here = await createStudent(db, { approved: true })
    const listingId = insertOldListing(db, here, 'Calculadora HP')
    const category = rows(db, 'select main_category_id from listings')[0] as [number]
    const post = db.$client.prepare(
      `insert into wanted_posts (community_id, poster_id, title, main_category_id, expires_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?) returning id`,
    )
    const now = Date.now()
    const postOf = (userId: number, title: string) =>
      (post.get(here.communityId, userId, title, category[0], now + 86_400_000, now, now) as { id: number })
        .id
    const goneWanted = postOf(gone.id, 'Calculadora científica')
    const hereWanted = postOf(here.id, 'Jaleco M')
    db.$client
      .prepare('insert into wanted_matches (wanted_id, listing_id, created_at) values (?, ?, ?)')
      .run(goneWanted, listingId, now)
    // As deletion did before: a tombstone, the posts left behind.
    db.$client.prepare('update users set deleted_at = ? where id = ?').run(now, gone.id)

    runMigrations(db, MIGRATIONS_FOLDER)

    expect(rows(db, 'select id from wanted_posts')).toEqual([[hereWanted]])
    expect(rows(db, 'select count(*) from wanted_matches')).toEqual([[0]])
  })
})

describe('0015_listing_life_semesters: listings expire and may be paused', () => {
  it('keeps old listings in their order, live for at least two weeks, and counts a held listing out', async () => {
    const db = await databaseUpTo('0014_deleted_accounts_wanted')
    const seller = await createStudent(db, { approved: true })
    const day = 24 * 60 * 60 * 1000
    const now = Date.now()
    const old = insertOldListing(db, seller, 'Livro de cálculo', { createdAt: now - 100 * day })
    const recent = insertOldListing(db, seller, 'Jaleco', { createdAt: now - 10 * day })

    runMigrations(db, MIGRATIONS_FOLDER)

    const [oldRow, recentRow] = rows(
      db,
      'select listed_at, created_at, expires_at, hold from listings order by id',
    ) as [number, number, number, null][]
    expect(oldRow?.[0]).toBe(now - 100 * day)
    expect(recentRow?.[0]).toBe(now - 10 * day)
    // Published 100 days ago, past its 60 days: still two weeks, so the seller hears a week ahead.
    expect(oldRow?.[2]).toBeGreaterThanOrEqual(now + 14 * day)
    expect(oldRow?.[2]).toBeLessThan(now + 15 * day)
    expect(recentRow?.[2]).toBe(now - 10 * day + 60 * day)
    expect(rows(db, 'select sum(listings) from live_listing_counts')).toEqual([[2]])

    db.$client.prepare("update listings set hold = 'expired' where id = ?").run(old)
    expect(rows(db, 'select sum(listings) from live_listing_counts')).toEqual([[1]])
    expect(rows(db, 'select listings from live_seller_counts')).toEqual([[1]])
    db.$client.prepare("update listings set hold = 'alumni' where id = ?").run(recent)
    expect(rows(db, 'select sum(listings) from live_listing_counts')).toEqual([[0]])
    expect(rows(db, 'select count(*) from live_seller_counts')).toEqual([[0]])
    db.$client.prepare('update listings set hold = null').run()
    expect(rows(db, 'select sum(listings) from live_listing_counts')).toEqual([[2]])
  })
})

describe('0021_event_cover_phone_rendition: event covers get a phone rendition', () => {
  it('hands the larger old covers back to the backfill and leaves the rest as they were', async () => {
    const db = await databaseUpTo('0020_upload_phone_rendition')
    const owner = await createStudent(db, { approved: true })
    const insert = db.$client.prepare(
      `insert into uploads (id, owner_id, kind, card_key, full_key, phone_key, width, height, bytes, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 1000, 0)`,
    )
    // As releases up to 0020 stored them: the phone key is the full one's.
    insert.run('capa-grande', owner.id, 'event', 'g-card.webp', 'g-full.webp', 'g-full.webp', 2000, 1500)
    insert.run('capa-pequena', owner.id, 'event', 'p-card.webp', 'p-full.webp', 'p-full.webp', 800, 600)
    insert.run('avatar', owner.id, 'avatar', 'a-card.webp', 'a-full.webp', 'a-full.webp', 2000, 2000)
    insert.run('anuncio', owner.id, 'listing', 'l-card.webp', 'l-full.webp', 'l-phone.webp', 2000, 1500)

    runMigrations(db, MIGRATIONS_FOLDER)

    expect(rows(db, 'select id, phone_key from uploads order by id')).toEqual([
      ['anuncio', 'l-phone.webp'],
      ['avatar', 'a-full.webp'],
      ['capa-grande', null],
      ['capa-pequena', 'p-full.webp'],
    ])
  })
})

describe('0026_deals: offers and meetings move onto deals', () => {
  it('gives each listing of a conversation its deal, loses no offer, meeting or review, and counts reviews per pair', async () => {
    const db = await databaseUpTo('0025_courses_and_disciplines')
    const seller = await createStudent(db, { approved: true })
    const buyer = await createStudent(db, { approved: true })
    const other = await createStudent(db, { approved: true })
    const lamp = insertOldListing(db, seller, 'Luminária')
    const desk = insertOldListing(db, seller, 'Escrivaninha')
    const run = (query: string, ...values: unknown[]) =>
      db.$client.prepare(query).get(...values) as { id: number } | undefined
    const pair = (a: number, b: number) => (a < b ? [a, b] : [b, a])
    const conversation = (one: number, two: number, listingId: number) =>
      (
        run(
          `insert into conversations (community_id, participant_one, participant_two, listing_id, created_at, updated_at)
         values (?, ?, ?, ?, 0, 0) returning id`,
          seller.communityId,
          ...pair(one, two),
          listingId,
        ) as { id: number }
      ).id
    // The old thread moved its context from the lamp to the desk.
    const thread = conversation(buyer.id, seller.id, desk)
    const quiet = conversation(other.id, seller.id, lamp)
    const spot = run(
      `insert into meeting_spots (community_id, name, description, opens_at, closes_at, created_at, updated_at)
       values (?, 'Hall', 'Biblioteca', '08:00', '21:00', 0, 0) returning id`,
      seller.communityId,
    )?.id
    const offer = (listingId: number, status: string, at: number) =>
      run(
        `insert into offers (conversation_id, listing_id, buyer_id, seller_id, made_by_id, amount_cents, status,
           expires_at, created_at) values (?, ?, ?, ?, ?, 1000, ?, ?, ?) returning id`,
        thread,
        listingId,
        buyer.id,
        seller.id,
        buyer.id,
        status,
        at + 1e9,
        at,
      )?.id
    const meeting = (listingId: number, status: string, at: number) =>
      run(
        `insert into meetings (conversation_id, listing_id, seller_id, buyer_id, spot_id, proposed_by_id,
           proposed_times, status, scheduled_at, confirmed_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, '[1]', ?, ?, ?, ?, ?) returning id`,
        thread,
        listingId,
        seller.id,
        buyer.id,
        spot,
        buyer.id,
        status,
        status === 'confirmada' ? at : null,
        status === 'confirmada' ? at : null,
        at,
        at,
      )?.id
    const review = (meetingId: number | undefined, from: number, to: number, stars: number, at: number) =>
      run(
        `insert into reviews (community_id, meeting_id, reviewer_id, reviewee_id, stars, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?) returning id`,
        seller.communityId,
        meetingId,
        from,
        to,
        stars,
        at,
        at,
      )?.id
    const DAY = 86_400_000
    const declined = offer(lamp, 'recusada', 1 * DAY)
    const lampHandoff = meeting(lamp, 'confirmada', 2 * DAY)
    const open = offer(desk, 'aberta', 3 * DAY)
    const deskHandoff = meeting(desk, 'confirmada', 4 * DAY)
    const first = review(lampHandoff, buyer.id, seller.id, 5, 2 * DAY)
    const back = review(lampHandoff, seller.id, buyer.id, 4, 2 * DAY)
    // The same buyer again five days later: shown, not counted.
    const again = review(deskHandoff, buyer.id, seller.id, 1, 5 * DAY)
    expect(rows(db, `select reviews, stars_sum from member_ratings where user_id = ${seller.id}`)).toEqual([
      [2, 6],
    ])

    runMigrations(db, MIGRATIONS_FOLDER)

    const dealOf = (table: string, id: number | undefined) =>
      (rows(db, `select deal_id from ${table} where id = ${id}`)[0] as [number])[0]
    const lampDeal = dealOf('offers', declined)
    const deskDeal = dealOf('offers', open)
    expect(lampDeal).not.toBe(deskDeal)
    expect(dealOf('meetings', lampHandoff)).toBe(lampDeal)
    expect(dealOf('meetings', deskHandoff)).toBe(deskDeal)
    expect([dealOf('reviews', first), dealOf('reviews', back), dealOf('reviews', again)]).toEqual([
      lampDeal,
      lampDeal,
      deskDeal,
    ])
    expect(rows(db, 'select count(*) from offers where deal_id is null')).toEqual([[0]])
    expect(rows(db, 'select count(*) from meetings where deal_id is null')).toEqual([[0]])
    expect(
      rows(
        db,
        `select d.conversation_id, dl.listing_id, d.seller_id, d.buyer_id, d.status from deals d
         join deal_listings dl on dl.deal_id = d.id order by d.conversation_id, dl.listing_id`,
      ),
    ).toEqual([
      [thread, lamp, seller.id, buyer.id, 'concluido'],
      [thread, desk, seller.id, buyer.id, 'concluido'],
      [quiet, lamp, seller.id, other.id, 'aberto'],
    ])
    expect(rows(db, `select id, counted from reviews order by id`)).toEqual([
      [first, 1],
      [back, 1],
      [again, 0],
    ])
    expect(rows(db, `select reviews, stars_sum from member_ratings where user_id = ${seller.id}`)).toEqual([
      [1, 5],
    ])
    // The triggers count only counted reviews from now on.
    db.$client.prepare('update reviews set stars = 3 where id = ?').run(again)
    db.$client.prepare('update reviews set stars = 4 where id = ?').run(first)
    expect(rows(db, `select reviews, stars_sum from member_ratings where user_id = ${seller.id}`)).toEqual([
      [1, 4],
    ])
  })
})

describe('runMigrations', () => {
  /** A favorite whose listing does not exist, written with the foreign keys off. */
  function breakForeignKey(db: Database) {
    db.$client.pragma('foreign_keys = OFF')
    db.$client.exec('insert into favorites (user_id, listing_id, created_at) values (999999, 999999, 0)')
    db.$client.pragma('foreign_keys = ON')
  }

  it('checks the foreign keys after applying a migration, and refuses what it left broken', () => {
    const db = emptyDatabase()
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
    runMigrations(db, migrationsUpTo(journal.entries.at(-2)?.tag ?? ''))
    breakForeignKey(db)
    expect(() => runMigrations(db, MIGRATIONS_FOLDER)).toThrow(/rows with a broken foreign key/)
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1)
  })

  it('skips the whole-database check when there is nothing to apply', () => {
    const db = emptyDatabase()
    runMigrations(db, MIGRATIONS_FOLDER)
    breakForeignKey(db)
    expect(() => runMigrations(db, MIGRATIONS_FOLDER)).not.toThrow()
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1)
  })

  it("counts the planner's statistics anew after a migration, where the database keeps them", async () => {
    const db = await databaseUpTo('0018_member_ratings')
    const seller = await createStudent(db, { member: true })
    for (const title of ['Livro', 'Caneca', 'Jaleco']) insertOldListing(db, seller, title)
    db.$client.exec('analyze')
    runMigrations(db, MIGRATIONS_FOLDER)
    // 0019 rebuilt the index of the newest listings: its row is back, counting the three live ones (listed
    // in the same millisecond).
    expect(rows(db, "select stat from sqlite_stat1 where idx = 'listings_public_recent_idx'")).toEqual([
      ['3 3 3 1 1 1 1 1'],
    ])
  })

  it('leaves a database without statistics without them', () => {
    const db = emptyDatabase()
    runMigrations(db, MIGRATIONS_FOLDER)
    expect(rows(db, "select name from sqlite_master where name = 'sqlite_stat1'")).toEqual([])
  })
})

describe('0027_seeded_spot_without_claim: the seeded spot loses its unverified claim', () => {
  it('rewrites the seeded text where the admins kept it, and leaves a text they wrote as it is', async () => {
    const db = await databaseUpTo('0026_deals')
    const communityId = (rows(db, `select id from communities order by id limit 1`)[0] as [number])[0]
    const insert = db.$client.prepare(
      `insert into meeting_spots (community_id, name, description, opens_at, closes_at, created_at, updated_at)
       values (?, ?, ?, '07:00', '22:30', 0, 0)`,
    )
    const seeded = 'Em frente à guarita de segurança do estacionamento principal, sempre com vigilante.'
    insert.run(communityId, 'Estacionamento principal (guarita)', seeded)
    insert.run(communityId, 'Guarita norte', seeded)
    insert.run(communityId, 'Estacionamento principal (guarita)', 'Com vigilante das 7h às 22h, conferido.')

    runMigrations(db, MIGRATIONS_FOLDER)

    expect(rows(db, 'select name, description from meeting_spots order by id')).toEqual([
      ['Estacionamento principal (guarita)', 'Em frente à guarita do estacionamento principal.'],
      ['Guarita norte', seeded],
      ['Estacionamento principal (guarita)', 'Com vigilante das 7h às 22h, conferido.'],
    ])
  })
})
