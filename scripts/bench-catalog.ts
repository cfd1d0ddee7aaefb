/**
 * Portal list benchmark: seeds 100,000 listings into a scratch database, starts the built server on it
 * and measures the `listings.list` call through the real HTTP API with 32 concurrent clients, beside
 * the same queries run directly against the database. Usage: npm run bench:catalog
 * (LISTINGS=20000 REQUESTS=500 npm run bench:catalog for a quicker run).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { openDatabase, runMigrations } from '../server/db/client'
import { communities, mainCategories, subcategories } from '../server/db/schema'
import { seedBase } from '../server/db/seed'
import { listListings } from '../server/listings/catalog'
import type { ListingFilters } from '../shared/schemas/listing'
import { startBuiltServer } from './lib/built-server'
import { percentile } from './lib/measure'

const LISTINGS = Number(process.env.LISTINGS ?? 100_000)
const REQUESTS = Number(process.env.REQUESTS ?? 2_000)
const CONCURRENCY = 32
const SELLERS = 500

const WORDS = [
  'livro',
  'cálculo',
  'café',
  'notebook',
  'calculadora',
  'aula',
  'jaleco',
  'física',
  'química',
  'arte',
  'caneca',
  'fone',
  'mesa',
  'cadeira',
  'revisão',
  'tradução',
  'inglês',
  'ilustração',
  'foto',
  'vídeo',
  'projeto',
  'apostila',
  'violão',
  'bicicleta',
  'monitor',
  'teclado',
  'mochila',
  'tênis',
  'camiseta',
  'bolo',
]

function seed(file: string) {
  const db = openDatabase(file)
  runMigrations(db, resolve('drizzle'))
  return seedBase(db).then(() => {
    const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
    const subs = db
      .select({ id: subcategories.id, mainCategoryId: subcategories.mainCategoryId })
      .from(subcategories)
      .innerJoin(mainCategories, eq(mainCategories.id, subcategories.mainCategoryId))
      .all()
    if (!community || subs.length === 0) throw new Error('semente base ausente')
    const sqlite = db.$client
    const insertUser = sqlite.prepare(
      'insert into users (email, email_verified_at, created_at, updated_at) values (?, ?, ?, ?)',
    )
    const insertProfile = sqlite.prepare(
      'insert into profiles (user_id, username, full_name, university, course, community_id, approved, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)',
    )
    const insertListing = sqlite.prepare(
      `insert into listings (community_id, seller_id, title, description, price_cents, main_category_id, subcategory_id,
        condition, status, moderation_status, views, vupts_count, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
    )
    let random = 42
    const next = () => {
      random = (random * 1103515245 + 12345) % 2147483648
      return random / 2147483648
    }
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
    const now = Date.now()
    sqlite.transaction(() => {
      const sellerIds: number[] = []
      for (let i = 0; i < SELLERS; i++) {
        const info = insertUser.run(`aluno${i}@univille.br`, now, now, now)
        const id = Number(info.lastInsertRowid)
        insertProfile.run(id, `aluno_${i}`, `Aluno ${i}`, 'Univille', 'Engenharia', community.id, now, now)
        sellerIds.push(id)
      }
      for (let i = 0; i < LISTINGS; i++) {
        const sub = pick(subs)
        const title = `${pick(WORDS)} ${pick(WORDS)} ${i}`
        const description = `Anúncio de ${pick(WORDS)}, ${pick(WORDS)} e ${pick(WORDS)} em ótimo estado para estudantes.`
        const created = now - Math.floor(next() * 365 * 24 * 3600 * 1000)
        insertListing.run(
          community.id,
          pick(sellerIds),
          title,
          description,
          1000 + Math.floor(next() * 150_000),
          sub.mainCategoryId,
          sub.id,
          pick(['novo', 'seminovo', 'usado']),
          next() < 0.9 ? 'ativo' : pick(['vendido', 'inativo']),
          Math.floor(next() * 500),
          Math.floor(next() * 80),
          created,
          created,
        )
      }
    })()
    sqlite.pragma('optimize')
    const firstSub = subs[0]?.id ?? 1
    db.$client.close()
    return firstSub
  })
}

function firstSubcategory(file: string): number {
  const db = openDatabase(file)
  const row = db.select({ id: subcategories.id }).from(subcategories).limit(1).get()
  db.$client.close()
  return row?.id ?? 1
}

async function httpRun(url: string, input: ListingFilters) {
  const target = `${url}/api/trpc/listings.list?input=${encodeURIComponent(JSON.stringify(input))}`
  const latencies: number[] = []
  let sent = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent++
        const t0 = performance.now()
        const response = await fetch(target)
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    median: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
  }
}

function directRun(file: string, communityId: number, input: ListingFilters) {
  const db = openDatabase(file)
  const runs = Math.min(REQUESTS, 500)
  const latencies: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    listListings(db, { ...input, sort: input.sort ?? 'recent', limit: input.limit ?? 24, communityId })
    latencies.push(performance.now() - t0)
  }
  db.$client.close()
  latencies.sort((a, b) => a - b)
  return { median: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

async function main() {
  // BENCH_DATA_DIR keeps the seeded database between runs (seeded only when empty).
  const keep = process.env.BENCH_DATA_DIR
  const dataDir = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'vupt-bench-'))
  const file = join(dataDir, 'vupt.sqlite')
  const t0 = performance.now()
  const subcategoryId = keep && existsSync(file) ? firstSubcategory(file) : await seed(file)
  process.stdout.write(`${LISTINGS} anúncios prontos em ${((performance.now() - t0) / 1000).toFixed(1)} s\n`)

  const server = await startBuiltServer(dataDir)
  const { url } = server
  try {
    const cases: [string, ListingFilters][] = [
      ['recentes', { sort: 'recent' }],
      ['mais Vupts', { sort: 'vupts' }],
      ['menor preço, desapegos', { sort: 'price-asc', mainCategory: 'desapegos' }],
      ['maior preço, R$ 50–500', { sort: 'price-desc', minPriceCents: 5_000, maxPriceCents: 50_000 }],
      ['busca "calculo"', { q: 'calculo' }],
      ['busca "cafe" + menor preço', { q: 'cafe', sort: 'price-asc' }],
      ['subcategoria + usado', { subcategoryId, condition: 'usado' }],
      ['busca "livro" + desapegos + vupts', { q: 'livro', mainCategory: 'desapegos', sort: 'vupts' }],
    ]
    const db = openDatabase(file)
    const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
    db.$client.close()
    if (!community) throw new Error('comunidade ausente')

    // Warm-up: first requests pay for JIT and page cache.
    await httpRun(url, { sort: 'recent' })
    process.stdout.write(
      `\n${REQUESTS} requisições por caso, ${CONCURRENCY} clientes simultâneos. "custo/req" = 1000 ÷ req/s: o tempo\n` +
        'de servidor que cada chamada ocupa (um processo Node); "API÷banco" = custo/req ÷ mediana da consulta direta.\n\n' +
        'caso                                  | HTTP mediana | HTTP p99 | req/s | custo/req | banco mediana | banco p99 | API÷banco\n' +
        '--------------------------------------|--------------|----------|-------|-----------|---------------|-----------|----------\n',
    )
    for (const [name, input] of cases) {
      const http = await httpRun(url, input)
      const direct = directRun(file, community.id, input)
      const costPerRequest = 1000 / http.rps
      process.stdout.write(
        [
          name.padEnd(38),
          ` ${http.median.toFixed(1).padStart(9)} ms `,
          ` ${http.p99.toFixed(0).padStart(5)} ms `,
          ` ${http.rps.toFixed(0).padStart(5)} `,
          ` ${costPerRequest.toFixed(2).padStart(6)} ms `,
          ` ${direct.median.toFixed(2).padStart(10)} ms `,
          ` ${direct.p99.toFixed(2).padStart(6)} ms `,
          ` ${(costPerRequest / direct.median).toFixed(1).padStart(7)}×\n`,
        ].join('|'),
      )
    }
  } finally {
    await server.stop()
    if (!keep) rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
