/**
 * The catalogue the benchmarks measure: listings generated into a scratch database (or one kept between
 * runs), the member who asks for them, and the HTTP load sent to a server.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import { valuesWhere } from '../../server/db/rows'
import {
  blocks,
  communities,
  courses,
  disciplines,
  listings,
  mainCategories,
  memberCourses,
  profiles,
  subcategories,
} from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import { hyphenatedIsbn } from '../../server/listings/isbn'
import { foldForSearch } from '../../server/listings/search-text'
import { createSession } from '../../server/people/auth/session'
import type { ListingFilters } from '../../shared/schemas/listing'
import { cpuTimeMs, percentile } from './measure'
import { countListings, listingsText } from './run-info'

/** Sellers of the generated listings. */
export const SELLERS = 500

export const WORDS = [
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

/** The community's courses in the seed, each with a three-letter prefix for its disciplines' codes. */
export const COURSES = [
  ['Engenharia Civil', 'ECV'],
  ['Engenharia Mecânica', 'EMC'],
  ['Engenharia de Software', 'ESW'],
  ['Medicina', 'MED'],
  ['Enfermagem', 'ENF'],
  ['Odontologia', 'ODO'],
  ['Direito', 'DIR'],
  ['Administração', 'ADM'],
  ['Ciências Contábeis', 'CCO'],
  ['Psicologia', 'PSI'],
  ['Arquitetura e Urbanismo', 'ARQ'],
  ['Design', 'DSG'],
  ['Farmácia', 'FAR'],
  ['Biologia', 'BIO'],
  ['Nutrição', 'NUT'],
  ['Fisioterapia', 'FIS'],
  ['Pedagogia', 'PED'],
  ['Publicidade', 'PUB'],
  ['Sistemas de Informação', 'SIN'],
  ['Educação Física', 'EDF'],
] as const

/**
 * Disciplines of every course, none of them one of WORDS (nor holding one), so the search classes
 * measure the same words whether or not the catalogue is tagged. Code: the course's prefix and 101…112.
 */
export const SUBJECTS = [
  'Anatomia',
  'Estatística',
  'Álgebra Linear',
  'Termodinâmica',
  'Microbiologia',
  'Contabilidade',
  'Direito Civil',
  'Desenho Técnico',
  'Programação',
  'Histologia',
  'Genética',
  'Sociologia',
]

/** Shares of the listings tagged: with a course (and one or two of its disciplines), and with an ISBN. */
const TAGGED_SHARE = 0.6
const ISBN_SHARE = 0.05

/** A valid ISBN-13 of a Brazilian publisher (978-85-…), the n-th of the seed's. */
export function seedIsbn(n: number): string {
  const body = `97885${String(n).padStart(7, '0')}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3)
  return `${body}${(10 - (sum % 10)) % 10}`
}

/**
 * mulberry32: seeded, so every run seeds the same listings. The C library's LCG used before made
 * successive draws depend on each other, so a listing's words followed its date: the 5,004 newest
 * listings had no "cálculo" and the next 21 all did, which no campus produces.
 */
function mulberry32(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function seedCatalog(file: string, listings: number): Promise<void> {
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
        condition, status, moderation_status, views, vupts_count, created_at, updated_at, listed_at, expires_at,
        course_id, isbn, tag_text)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const insertTag = sqlite.prepare(
      'insert into listing_disciplines (listing_id, discipline_id) values (?, ?)',
    )
    const next = mulberry32(42)
    // The tags draw from a generator of their own: the listings' other values are those an untagged seed drew.
    const nextTag = mulberry32(7)
    const pickTag = <T>(items: readonly T[]): T => items[Math.floor(nextTag() * items.length)] as T
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
    const now = Date.now()
    sqlite.transaction(() => {
      const courseTags = seedCourses(db, community.id)
      const sellerIds: number[] = []
      for (let i = 0; i < SELLERS; i++) {
        const info = insertUser.run(`aluno${i}@univille.br`, now, now, now)
        const id = Number(info.lastInsertRowid)
        insertProfile.run(id, `aluno_${i}`, `Aluno ${i}`, 'Univille', 'Engenharia', community.id, now, now)
        sellerIds.push(id)
      }
      for (let i = 0; i < listings; i++) {
        const sub = pick(subs)
        // A rare word: a few dozen listings in a million.
        const rare = i % 20_000 === 7 ? ' xilofone' : ''
        const title = `${pick(WORDS)} ${pick(WORDS)} ${i}${rare}`
        const description = `Anúncio de ${pick(WORDS)}, ${pick(WORDS)} e ${pick(WORDS)} em ótimo estado para estudantes.`
        const created = now - Math.floor(next() * 365 * 24 * 3600 * 1000)
        const course = nextTag() < TAGGED_SHARE ? pickTag(courseTags) : null
        const tags = course ? [...new Set([pickTag(course.disciplines), pickTag(course.disciplines)])] : []
        const isbn = nextTag() < ISBN_SHARE ? seedIsbn(i) : null
        // As refreshTagText writes it: each discipline's name and code, then the ISBN, one a line.
        const tagText = [...tags.flatMap((tag) => [tag.name, tag.code]), ...(isbn ? [isbn] : [])].join('\n')
        const listing = insertListing.run(
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
          created,
          now + 60 * 24 * 3600 * 1000,
          course?.id ?? null,
          isbn,
          tagText,
        )
        for (const tag of tags) insertTag.run(listing.lastInsertRowid, tag.id)
      }
      // The member the benchmarks sign in as (aluno_0) studies the first course: "Do meu curso".
      const member = sellerIds[0] as number
      db.insert(memberCourses)
        .values({ userId: member, courseId: courseTags[0]?.id as number })
        .run()
    })()
    sqlite.pragma('optimize')
    db.$client.close()
  })
}

/** COURSES and their SUBJECTS in the community: the ids, names and codes a listing is tagged with. */
function seedCourses(db: Database, communityId: number) {
  return COURSES.map(([name, prefix]) => {
    const course = db
      .insert(courses)
      .values({ communityId, name, foldedName: foldForSearch(name) })
      .returning({ id: courses.id })
      .get()
    const rows = SUBJECTS.map((subject, n) => ({
      courseId: course.id,
      name: subject,
      foldedName: foldForSearch(subject),
      code: `${prefix}${101 + n}`,
    }))
    const ids = db.insert(disciplines).values(rows).returning({ id: disciplines.id }).all()
    return {
      id: course.id,
      disciplines: rows.map((row, n) => ({ id: ids[n]?.id as number, name: row.name, code: row.code })),
    }
  })
}

/** What the seed tagged, as the filters are asked for: courses, disciplines with names and codes, ISBNs. */
export function catalogTags(db: Database, communityId: number) {
  const courseIds = valuesWhere(db, courses, 'communityId', communityId, 'id')
  const tagged = db
    .select({ id: disciplines.id, name: disciplines.name, code: disciplines.code })
    .from(disciplines)
    .innerJoin(courses, eq(courses.id, disciplines.courseId))
    .where(eq(courses.communityId, communityId))
    .all()
  const isbns = db
    .select({ isbn: listings.isbn })
    .from(listings)
    .where(sql`${listings.isbn} is not null`)
    .limit(2_000)
    .all()
    .map((row) => row.isbn as string)
  if (courseIds.length === 0 || isbns.length === 0) {
    throw new Error('banco sem cursos ou ISBN: semeie de novo (apague a pasta de BENCH_DATA_DIR)')
  }
  return {
    courseIds,
    disciplines: tagged.map((row) => ({ ...row, code: row.code ?? row.name })),
    isbns,
    hyphenated: isbns.map(hyphenatedIsbn),
  }
}

/**
 * A data folder with a seeded catalogue: BENCH_DATA_DIR when set (seeded only when it has no database
 * yet), else a temporary one, removed by `remove`. `text` says what it holds and where it came from.
 */
export async function catalogDataDir(listings: number) {
  const keep = process.env.BENCH_DATA_DIR
  const dataDir = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'vupt-bench-'))
  const file = join(dataDir, 'vupt.sqlite')
  const t0 = performance.now()
  const reused = Boolean(keep && existsSync(file))
  if (!reused) await seedCatalog(file, listings)
  // A kept database has the listings it was seeded with, whatever `listings` says now.
  const listingCount = countListings(file).total
  const text =
    `${listingCount} anúncios prontos em ${((performance.now() - t0) / 1000).toFixed(1)} s\n` +
    `dados: anúncios gerados (${SELLERS} vendedores, palavras sorteadas com semente fixa), ${listingsText(file)}; ` +
    `${reused ? `banco guardado em ${keep}, semeado numa execução anterior` : keep ? `semeado agora em ${keep}` : 'semeado agora numa pasta temporária'}\n`
  return {
    dataDir,
    file,
    listingCount,
    text,
    remove: () => {
      if (!keep) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `requests` requests to `target` from `concurrency` clients (32 unless given): the cost per request as throughput sees it
 * (1000 ÷ req/s), and the CPU time the server process `serverPid` spent per request meanwhile. The
 * first is bound by whichever side is slower: on an answer from memory that is this one client process,
 * which decodes every compressed body. `headers` may depend on the request's number (a new member's
 * session each time, say).
 */
export async function httpRun(
  target: string,
  serverPid: number,
  requests: number,
  headers: Record<string, string> | ((n: number) => Record<string, string>) = {},
  concurrency = 32,
) {
  const latencies: number[] = []
  let sent = 0
  const cpuBefore = cpuTimeMs(serverPid)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < requests) {
        const n = sent++
        const t0 = performance.now()
        const response = await fetch(target, {
          headers: typeof headers === 'function' ? headers(n) : headers,
        })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`HTTP ${response.status} em ${target}`)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpuMs = (cpuTimeMs(serverPid) - cpuBefore) / latencies.length
  latencies.sort((a, b) => a - b)
  return { median: percentile(latencies, 50), costMs: (1000 * seconds) / latencies.length, cpuMs }
}

export const listUrl = (url: string, input: ListingFilters) =>
  `${url}/api/trpc/listings.list?input=${encodeURIComponent(JSON.stringify(input))}`

/** A signed-in member who blocked three sellers, as the notBlockedWith rule sees in real use. */
export function prepareMember(db: Database) {
  const member = db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(eq(profiles.username, 'aluno_0'))
    .get()
  if (!member) throw new Error('membro ausente')
  for (const username of ['aluno_1', 'aluno_2', 'aluno_3']) {
    const seller = db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.username, username))
      .get()
    if (seller)
      db.insert(blocks).values({ blockerId: member.id, blockedId: seller.id }).onConflictDoNothing().run()
  }
  return { memberId: member.id, token: createSession(db, member.id).token }
}

/**
 * New sessions of the member, made right before they are used: a request on a session never used
 * before cannot be answered from memory, so it measures the whole path (and, fresh, it writes nothing).
 */
export function freshSessionCookies(
  db: Database,
  memberId: number,
  count: number,
): (n: number) => Record<string, string> {
  const tokens = db.transaction(() => Array.from({ length: count }, () => createSession(db, memberId).token))
  return (n) => ({ cookie: `vupt_session=${tokens[n]}` })
}
