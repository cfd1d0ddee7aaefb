/**
 * Portal list benchmark: seeds 100,000 listings into a scratch database, starts the built server on it
 * and measures the `listings.list` call through the real HTTP API with 32 concurrent clients, as a
 * visitor, as a signed-in member repeating the query and as a member on sessions never used before
 * (the whole path, nothing answered from memory), beside the same queries run directly against the database and
 * beside an Express hello-world (the floor) started in the same run. The server's time per request is the
 * CPU time its process spent, read from /proc, for the API and the floor alike; the throughput cost is
 * printed beside it. Then the portal's counts (counted over the listings, and read from the counters
 * the triggers keep) and the server's CPU per page for the pages a shared link opens, rendered for a
 * visitor. Then each search class (one word, a prefix, two and three words, a rare word, a word or two
 * with a filter or a sort) as distinct requests over HTTP, none of them answered from memory, with its
 * p95 beside the 25 ms target; then each filter of the course-aware catalogue (course, discipline, ISBN
 * with and without hyphens, a discipline's name and code, "Do meu curso") the same way, over a seed whose
 * listings carry courses, disciplines and ISBNs. Then the uncached portal list against the floor by two
 * instruments: throughput from autocannon in a process of its own (every address distinct), which answers
 * how many such requests the server serves per second; and the server's CPU per request, which answers how
 * much of its work is the app's rather than Express's. Starts with the command and the data (the listings
 * counted in the database, a kept one included); ends with one line of the ratios against the targets.
 * Usage: npm run bench:catalog (LISTINGS=1000000 for the large catalogue; LISTINGS=20000 REQUESTS=500
 * for a quicker run; WARM_UP=200 fewer warm-up requests, to check the benchmark runs; BENCH_DATA_DIR
 * keeps the seeded database; SEARCH_CLIENTS sends the distinct searches from that many clients at
 * once, 1 by default; THROUGHPUT_SECONDS the length of each autocannon measure, 10 by default).
 */

import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import { communities, subcategories } from '../../server/db/schema'
import { listListings } from '../../server/listings/catalog'
import { categoriesWithCounts, landingStats } from '../../server/listings/portal'
import type { ListingFilters } from '../../shared/schemas/listing'
import { startBuiltServer } from '../lib/built-server'
import {
  catalogDataDir,
  catalogTags,
  freshSessionCookies,
  httpRun,
  listUrl,
  prepareMember,
  SUBJECTS,
  WORDS,
} from '../lib/catalog'
import { type Floor, startHelloWorld } from '../lib/floors'
import { percentile } from '../lib/measure'
import { commandLine } from '../lib/run-info'
import { distinctUrl, throughput } from '../lib/throughput'

const LISTINGS = Number(process.env.LISTINGS ?? 100_000)
const REQUESTS = Number(process.env.REQUESTS ?? 2_000)
const CONCURRENCY = 32
/**
 * Requests before any measurement, whatever REQUESTS is: the client's fetch and the server reach their
 * steady speed after a few thousand (400 left the first cases at twice the cost of the later ones).
 * WARM_UP lowers it for a run that only checks the benchmark works.
 */
const WARM_UP_REQUESTS = Number(process.env.WARM_UP ?? 4_000)
/**
 * The portal list's share of the floor is a throughput, which needs a window: at 200 requests (a third of
 * a second at 32 clients) the floor alone, measured right before and right after, differed by a quarter.
 */
const PORTAL_REQUESTS = Math.max(REQUESTS, 1_000)
type Case = { name: string; input: ListingFilters; pages?: number }

type Bench = { db: Database; communityId: number; memberId: number }

/** The cursor of page `pages` (1 = the first page, no cursor), walked like "Carregar mais". */
function cursorAt({ db, communityId }: Bench, input: ListingFilters, pages: number, viewerId?: number) {
  let cursor: string | null = null
  for (let page = 1; page < pages; page++) {
    cursor = listListings(db, {
      ...input,
      sort: input.sort ?? 'recent',
      limit: input.limit ?? 24,
      communityId,
      cursor,
      viewerId,
    }).nextCursor
    if (!cursor) throw new Error(`só ${page} páginas`)
  }
  return cursor
}

/** `runs` calls of `work` in this process: the median and p95 of their durations, in milliseconds. */
function timeCalls(work: () => void, runs: number) {
  const latencies: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    work()
    latencies.push(performance.now() - t0)
  }
  latencies.sort((a, b) => a - b)
  return { median: percentile(latencies, 50), p95: percentile(latencies, 95) }
}

function directRun({ db, communityId }: Bench, input: ListingFilters, viewerId?: number) {
  const query = { ...input, sort: input.sort ?? 'recent', limit: input.limit ?? 24, communityId, viewerId }
  return timeCalls(() => listListings(db, query), Math.min(REQUESTS, 200))
}

/** The portal's counts as they were read before the counters: a count over the community's listings. */
function countListingsDirectly(db: Database, communityId: number) {
  db.$client
    .prepare(
      `select main_category_id, count(*) from listings
       where community_id = ? and status = 'ativo' and moderation_status = 'active' group by main_category_id`,
    )
    .all(communityId)
  db.$client
    .prepare(
      `select count(*), count(distinct seller_id) from listings
       where community_id = ? and status = 'ativo' and moderation_status = 'active'`,
    )
    .get(communityId)
}

/** Pages a shared link opens, rendered by the server for a visitor (nothing of theirs to remember). */
const PAGES = ['/', '/univille', '/univille/portal']

/**
 * Clients that send the distinct searches, one request after the other each: the latency of a search
 * as the server answers it, not the wait in a queue of 32.
 */
const SEARCH_CLIENTS = Number(process.env.SEARCH_CLIENTS ?? 1)

/**
 * `text` with the case of its letters flipped by the bits of `round`: the same search (the index
 * ignores case) at another address, so a class with few distinct words still sends no request twice.
 */
function spelled(text: string, round: number) {
  return [...text].map((char, i) => ((round >> i) & 1 ? char.toUpperCase() : char)).join('')
}

/**
 * A search class: `variety` distinct searches, the n-th given by `input`; past them the spelling's
 * case changes, so every request of a run is new to the answer cache.
 */
type SearchClass = {
  name: string
  variety: number
  input: (n: number, subcategoryId: number) => ListingFilters
}

const PAIRS = WORDS.flatMap((a, i) => WORDS.filter((_, j) => j !== i).map((b) => `${a} ${b}`))
const TRIPLES = WORDS.flatMap((a, i) =>
  WORDS.slice(i + 1).flatMap((b, j) => WORDS.slice(i + j + 2).map((c) => `${a} ${b} ${c}`)),
)
/** The start of each word, four and five letters long and short of the whole word ("calc", "calcu"). */
const PREFIXES = [
  ...new Set(
    [4, 5].flatMap((length) =>
      WORDS.filter((word) => word.length > length).map((word) =>
        word.normalize('NFD').replace(/\p{M}/gu, '').slice(0, length),
      ),
    ),
  ),
]
/** Pieces of the seed's rare word ("xilofone", a few dozen listings in a million), each as rare as it. */
const RARE = Array.from({ length: 4 }, (_, extra) =>
  Array.from({ length: 4 - extra }, (_, start) => 'xilofone'.slice(start, start + 5 + extra)),
).flat()
/** The filters and sorts a search is combined with in the portal. */
const SEARCH_FILTERS: ((subcategoryId: number) => Omit<ListingFilters, 'q'>)[] = [
  () => ({ sort: 'price-asc' }),
  () => ({ sort: 'price-desc' }),
  () => ({ sort: 'vupts' }),
  () => ({ mainCategory: 'criacoes' }),
  (subcategoryId) => ({ subcategoryId }),
  () => ({ condition: 'usado' }),
  () => ({ minPriceCents: 5_000, maxPriceCents: 50_000 }),
  () => ({ mainCategory: 'desapegos', sort: 'vupts' }),
]

const SEARCH_CLASSES: SearchClass[] = [
  { name: 'uma palavra', variety: WORDS.length, input: (n) => ({ q: WORDS[n % WORDS.length] }) },
  { name: 'prefixo', variety: PREFIXES.length, input: (n) => ({ q: PREFIXES[n % PREFIXES.length] }) },
  { name: 'duas palavras', variety: PAIRS.length, input: (n) => ({ q: PAIRS[n % PAIRS.length] }) },
  { name: 'três palavras', variety: TRIPLES.length, input: (n) => ({ q: TRIPLES[n % TRIPLES.length] }) },
  { name: 'palavra rara', variety: RARE.length, input: (n) => ({ q: RARE[n % RARE.length] }) },
  {
    name: 'palavra + filtro ou ordenação',
    variety: WORDS.length * SEARCH_FILTERS.length,
    input: (n, subcategoryId) => ({
      q: WORDS[n % WORDS.length],
      ...(SEARCH_FILTERS[Math.floor(n / WORDS.length) % SEARCH_FILTERS.length] as (typeof SEARCH_FILTERS)[0])(
        subcategoryId,
      ),
    }),
  },
  {
    name: 'duas palavras + filtro ou ordenação',
    variety: PAIRS.length,
    input: (n, subcategoryId) => ({
      q: PAIRS[n % PAIRS.length],
      ...(SEARCH_FILTERS[n % SEARCH_FILTERS.length] as (typeof SEARCH_FILTERS)[0])(subcategoryId),
    }),
  },
]

/** The n-th request of a class: its search, spelled anew each time the class's variety runs out. */
function searchInput(searchClass: SearchClass, n: number, subcategoryId: number): ListingFilters {
  const input = searchClass.input(n, subcategoryId)
  return { ...input, q: spelled(input.q ?? '', Math.floor(n / searchClass.variety)) }
}

/** Every search address sent in the run. */
const sentTargets = new Set<string>()

/**
 * `requests` distinct requests, numbered from `first`, sent from SEARCH_CLIENTS clients: each address
 * must be new to the run (the answer cache is keyed by the address: a repeated one could be answered
 * from memory), so each runs its query. The median, p95 and max of their latencies.
 */
async function distinctRequestsRun(
  requests: number,
  first: number,
  targetOf: (n: number) => string,
  repeated: string,
  headers: Record<string, string> = {},
) {
  const latencies: number[] = []
  let sent = 0
  await Promise.all(
    Array.from({ length: SEARCH_CLIENTS }, async () => {
      while (sent < requests) {
        const n = first + sent++
        const target = targetOf(n)
        if (sentTargets.has(target)) throw new Error(`${repeated}: ${target}`)
        sentTargets.add(target)
        const t0 = performance.now()
        const response = await fetch(target, { headers })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`HTTP ${response.status} em ${target}`)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { median: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? 0 }
}

/** `requests` distinct searches of a class, `first` the number of the first, as a visitor. */
function searchRun(
  url: string,
  searchClass: SearchClass,
  first: number,
  requests: number,
  subcategoryId: number,
) {
  return distinctRequestsRun(
    requests,
    first,
    (n) => listUrl(url, searchInput(searchClass, n, subcategoryId)),
    'busca repetida',
  )
}

/** The portal list cases: each sort and filter, a deep page, and searches with filters and sorts. */
function listCases(subcategoryId: number): Case[] {
  return [
    { name: 'recentes', input: { sort: 'recent' } },
    // 400 pages is 9,576 listings before the page: a deep page must cost what the first one costs.
    { name: 'recentes, página 400', input: { sort: 'recent' }, pages: 400 },
    { name: 'mais Vupts', input: { sort: 'vupts' } },
    { name: 'menor preço, desapegos', input: { sort: 'price-asc', mainCategory: 'desapegos' } },
    {
      name: 'maior preço, R$ 50–500',
      input: { sort: 'price-desc', minPriceCents: 5_000, maxPriceCents: 50_000 },
    },
    {
      name: 'maior preço, R$ 50–500, página 40',
      input: { sort: 'price-desc', minPriceCents: 5_000, maxPriceCents: 50_000 },
      pages: 40,
    },
    { name: 'categoria', input: { mainCategory: 'servicos' } },
    { name: 'subcategoria', input: { subcategoryId } },
    { name: 'subcategoria + usado', input: { subcategoryId, condition: 'usado' } },
    { name: 'busca rara "xilofone"', input: { q: 'xilofone' } },
    { name: 'busca "calculo"', input: { q: 'calculo' } },
    { name: 'busca "calculo", página 20', input: { q: 'calculo' }, pages: 20 },
    { name: 'busca prefixo "calc"', input: { q: 'calc' } },
    { name: 'busca "livro cafe"', input: { q: 'livro cafe' } },
    { name: 'busca "cafe" + menor preço', input: { q: 'cafe', sort: 'price-asc' } },
    { name: 'busca "cafe" + maior preço', input: { q: 'cafe', sort: 'price-desc' } },
    { name: 'busca "mesa" + mais Vupts', input: { q: 'mesa', sort: 'vupts' } },
    { name: 'busca "fone" + categoria', input: { q: 'fone', mainCategory: 'criacoes' } },
    { name: 'busca "fone" + subcategoria', input: { q: 'fone', subcategoryId } },
    { name: 'busca "jaleco" + usado', input: { q: 'jaleco', condition: 'usado' } },
    {
      name: 'busca "violao" + R$ 50–500',
      input: { q: 'violao', minPriceCents: 5_000, maxPriceCents: 50_000 },
    },
    {
      name: 'busca "livro" + desapegos + vupts',
      input: { q: 'livro', mainCategory: 'desapegos', sort: 'vupts' },
    },
  ]
}

type Tags = ReturnType<typeof catalogTags>
const SORTS = ['recent', 'vupts', 'price-asc', 'price-desc'] as const

/**
 * The filters of the course-aware catalogue, each as distinct requests (the n-th given by `target`):
 * every course and discipline in each sort, every ISBN with and without hyphens, every discipline's name
 * and code, and "Do meu curso" (`listings.myCourse`) for the seed's member, who studies the first course.
 */
type CourseFilter = { name: string; member?: boolean; target: (url: string, n: number, tags: Tags) => string }
const nth = <T>(items: readonly T[], n: number) => items[n % items.length] as T
const COURSE_FILTERS: CourseFilter[] = [
  {
    name: 'curso',
    target: (url, n, tags) =>
      listUrl(url, {
        courseId: nth(tags.courseIds, n),
        sort: nth(SORTS, Math.floor(n / tags.courseIds.length)),
      }),
  },
  {
    name: 'disciplina',
    target: (url, n, tags) =>
      listUrl(url, {
        disciplineId: nth(tags.disciplines, n).id,
        sort: nth(SORTS, Math.floor(n / tags.disciplines.length)),
      }),
  },
  {
    name: 'curso + busca',
    target: (url, n, tags) => listUrl(url, { courseId: nth(tags.courseIds, n), q: nth(WORDS, n) }),
  },
  { name: 'ISBN sem hífens', target: (url, n, tags) => listUrl(url, { q: nth(tags.isbns, n) }) },
  { name: 'ISBN com hífens', target: (url, n, tags) => listUrl(url, { q: nth(tags.hyphenated, n) }) },
  { name: 'nome da disciplina', target: (url, n) => listUrl(url, { q: nth(SUBJECTS, n) }) },
  {
    name: 'código da disciplina',
    target: (url, n, tags) => listUrl(url, { q: nth(tags.disciplines, n).code }),
  },
  {
    name: 'Do meu curso (listings.myCourse)',
    member: true,
    target: (url, n) =>
      `${url}/api/trpc/listings.myCourse?input=${encodeURIComponent(JSON.stringify({ limit: 12 - (n % 4) }))}`,
  },
]

/**
 * `requests` distinct requests of a course filter, each address made new by a tail the server ignores
 * and the answer cache keys by: uncached.
 */
function courseFilterRun(
  url: string,
  filter: CourseFilter,
  tags: Tags,
  requests: number,
  first: number,
  headers: Record<string, string>,
) {
  return distinctRequestsRun(
    requests,
    first,
    (n) => `${filter.target(url, n, tags)}&sem-cache=${n}`,
    'requisição repetida',
    filter.member ? headers : {},
  )
}

type Run = { costMs: number; cpuMs: number }
type Measured = {
  name: string
  input: ListingFilters
  pages: number
  direct: Timing
  directMember: Timing
  visitor: Run
  member: Run
  fresh: Run
}
type Timing = { median: number; p95: number }
type Setup = Bench & {
  url: string
  serverPid: number
  floor: Floor
  memberHeaders: Record<string, string>
  memberRequests: number
}

/** Each list case: directly in the database, then over HTTP as a visitor, a member and a new session. */
async function measureListCases(setup: Setup, cases: Case[], floorRuns: Run[]): Promise<Measured[]> {
  const { db, memberId, url, serverPid, floor, memberHeaders, memberRequests } = setup
  const measured: Measured[] = []
  for (const { name, input, pages = 1 } of cases) {
    const paged = { ...input, cursor: cursorAt(setup, input, pages) }
    const memberPaged = { ...input, cursor: cursorAt(setup, input, pages, memberId) }
    const direct = directRun(setup, paged)
    const directMember = directRun(setup, memberPaged, memberId)
    const freshCookies = freshSessionCookies(db, memberId, memberRequests)
    floorRuns.push(await httpRun(`${floor.url}/hello`, floor.pid, REQUESTS))
    const visitor = await httpRun(listUrl(url, paged), serverPid, REQUESTS)
    const member = await httpRun(listUrl(url, memberPaged), serverPid, memberRequests, memberHeaders)
    const fresh = await httpRun(listUrl(url, memberPaged), serverPid, memberRequests, freshCookies)
    measured.push({ name, input, pages, direct, directMember, visitor, member, fresh })
    process.stdout.write('.')
  }
  return measured
}

/** The server's CPU per page for the pages a shared link opens, plain and brotli. */
async function measurePages({ url, serverPid }: Setup) {
  const pageRequests = Math.min(REQUESTS, 300)
  const pageRuns = []
  for (const path of PAGES) {
    // A page's first renders pay for compiling its code.
    await httpRun(`${url}${path}`, serverPid, Math.min(pageRequests, 50))
    const plain = await httpRun(`${url}${path}`, serverPid, pageRequests, { 'accept-encoding': 'identity' })
    const brotli = await httpRun(`${url}${path}`, serverPid, pageRequests, { 'accept-encoding': 'br' })
    pageRuns.push({ path, plain, brotli })
    process.stdout.write('.')
  }
  return { pageRequests, pageRuns }
}

type Latencies = { name: string; median: number; p95: number; max: number }

/** Each search class, then each course filter, as distinct requests: a few first, then the measure. */
async function measureDistinct({ url, memberHeaders }: Setup, subcategoryId: number, tags: Tags) {
  // At most 300: with the 20 sent first, a class's distinct searches run out past 320 (a rare word's).
  const searchRequests = Math.min(300, Math.max(100, Math.floor(REQUESTS / 2)))
  const searchRuns: Latencies[] = []
  for (const searchClass of SEARCH_CLASSES) {
    await searchRun(url, searchClass, searchRequests, 20, subcategoryId)
    const run = await searchRun(url, searchClass, 0, searchRequests, subcategoryId)
    searchRuns.push({ name: searchClass.name, ...run })
    process.stdout.write('.')
  }
  const courseRuns: Latencies[] = []
  for (const filter of COURSE_FILTERS) {
    await courseFilterRun(url, filter, tags, 20, searchRequests, memberHeaders)
    courseRuns.push({
      name: filter.name,
      ...(await courseFilterRun(url, filter, tags, searchRequests, 0, memberHeaders)),
    })
    process.stdout.write('.')
  }
  return { searchRequests, searchRuns, courseRuns }
}

/**
 * The uncached portal list against the floor, by both instruments. In this process: a member's requests
 * on sessions never used before, the floor right before and after (the faster floor counts). From an
 * autocannon process: a visitor's list at addresses never sent before, and the floor the same way.
 */
async function measurePortal({ db, memberId, url, serverPid, floor }: Setup) {
  const portalInput = { sort: 'recent' } as const
  const portalCookies = freshSessionCookies(db, memberId, PORTAL_REQUESTS)
  const floors = [await httpRun(`${floor.url}/hello`, floor.pid, PORTAL_REQUESTS)]
  const run = await httpRun(listUrl(url, portalInput), serverPid, PORTAL_REQUESTS, portalCookies)
  floors.push(await httpRun(`${floor.url}/hello`, floor.pid, PORTAL_REQUESTS))
  const load = { seconds: THROUGHPUT_SECONDS, connections: CONCURRENCY }
  const outsideFloors = [await throughput(distinctUrl(`${floor.url}/hello`), floor.pid, load)]
  const outside = await throughput(distinctUrl(listUrl(url, portalInput)), serverPid, load)
  outsideFloors.push(await throughput(distinctUrl(`${floor.url}/hello`), floor.pid, load))
  for (const measure of [outside, ...outsideFloors]) {
    if (measure.failures > 0) throw new Error(`autocannon: ${measure.failures} respostas sem sucesso`)
  }
  return { floors, run, outside, outsideFloors }
}

/** Seconds of autocannon load per measure (after 2 s of warm-up); THROUGHPUT_SECONDS changes it. */
const THROUGHPUT_SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10)

async function main() {
  process.stdout.write(
    `$ ${commandLine(['LISTINGS', 'REQUESTS', 'WARM_UP', 'SEARCH_CLIENTS', 'THROUGHPUT_SECONDS', 'BENCH_DATA_DIR', 'SERVER_NODE_ARGS'])}\n`,
  )
  // BENCH_DATA_DIR keeps the seeded database between runs (seeded only when empty).
  const data = await catalogDataDir(LISTINGS)
  process.stdout.write(data.text)
  const db = openDatabase(data.file)
  // A database kept from an earlier run gets this build's indexes.
  runMigrations(db, resolve('drizzle'))
  const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
  const sub = db.select({ id: subcategories.id }).from(subcategories).limit(1).get()
  if (!community || !sub) throw new Error('semente base ausente')
  const { memberId, token } = prepareMember(db)
  const tags = catalogTags(db, community.id)
  const floor = await startHelloWorld()
  const server = await startBuiltServer(data.dataDir).catch(async (error: unknown) => {
    await floor.stop()
    throw error
  })
  const setup: Setup = {
    db,
    communityId: community.id,
    memberId,
    url: server.url,
    serverPid: server.process.pid as number,
    floor,
    memberHeaders: { cookie: `vupt_session=${token}` },
    memberRequests: Math.max(50, Math.floor(REQUESTS / 4)),
  }
  try {
    // Warm-up: first requests pay for JIT and page cache.
    await httpRun(`${floor.url}/hello`, floor.pid, WARM_UP_REQUESTS)
    await httpRun(listUrl(setup.url, { sort: 'recent' }), setup.serverPid, WARM_UP_REQUESTS)
    const { memberHeaders } = setup
    await httpRun(listUrl(setup.url, { sort: 'recent' }), setup.serverPid, WARM_UP_REQUESTS, memberHeaders)
    // The floor moves between minutes on a shared machine: it is measured again before every case, and
    // the ratios use the lowest (the strictest reading); the range is printed with it.
    const floorRuns = [await httpRun(`${floor.url}/hello`, floor.pid, REQUESTS)]
    process.stdout.write(legend(setup.memberRequests))
    const measured = await measureListCases(setup, listCases(sub.id), floorRuns)
    const pages = await measurePages(setup)
    const distinct = await measureDistinct(setup, sub.id, tags)
    // Before the direct counts, which hold this process long enough for the server to close idle connections.
    const portal = await measurePortal(setup)
    // The portal's counts: a count over the listings (as before the counters) and the counters read by the
    // procedures the pages call.
    const counted = timeCalls(() => countListingsDirectly(db, community.id), 9).median
    const kept = timeCalls(() => {
      categoriesWithCounts(db, community.id)
      landingStats(db, community.id)
    }, 49).median
    const worst = printListCases(measured, floorRuns)
    printPagesAndDistinct(counted, kept, pages, distinct)
    printPortal(portal)
    printSummary(data.listingCount, worst)
  } finally {
    db.$client.close()
    await server.stop()
    await floor.stop()
    data.remove()
  }
}

const legend = (memberRequests: number) =>
  `\n${CONCURRENCY} clientes simultâneos; ${REQUESTS} requisições por caso como visitante, ${memberRequests} como membro.\n` +
  '"custo" = 1000 ÷ req/s; "CPU" = tempo de CPU do processo do servidor por requisição (todas as suas threads,\n' +
  '/proc). "sobra" = CPU − mediana da consulta direta, em múltiplos da CPU do piso (entre parênteses, o mesmo com o\n' +
  'custo): o piso é um Express hello-world, medido de novo antes de cada caso (vale o menor). Numa resposta da\n' +
  'memória o custo é o do cliente, um processo só que descomprime cada corpo; a CPU é a do servidor.\n' +
  'O visitante e o membro "repetida" repetem a mesma consulta (respondida da memória até a próxima escrita); o\n' +
  'membro "nova" manda cada requisição numa sessão ainda não usada: o caminho inteiro, sessão, banco e resposta.\n'

type Worst = {
  visitor: number
  member: number
  fresh: number
  visitorCost: number
  memberCost: number
  freshCost: number
  p95: number
  p95Name: string
  deep: number
}

/** The list cases' table; returns the worst of each ratio for the summary. */
function printListCases(measured: Measured[], floorRuns: Run[]): Worst {
  const floorCosts = floorRuns.map((run) => run.costMs)
  const floorCpus = floorRuns.map((run) => run.cpuMs)
  const floorMs = Math.min(...floorCosts)
  const floorCpuMs = Math.min(...floorCpus)
  const header =
    'caso                               | banco mediana | banco p95 | visitante custo · CPU | sobra         | membro repetida custo · CPU | sobra         | membro nova custo · CPU | sobra\n' +
    '-----------------------------------|---------------|-----------|-----------------------|---------------|-----------------------------|---------------|-------------------------|---------------\n'
  process.stdout.write(
    `\npiso: CPU ${floorCpuMs.toFixed(3)} ms por requisição, custo ${floorMs.toFixed(3)} ms (o menor de ` +
      `${floorRuns.length} medições, que foram de ${floorCpuMs.toFixed(3)} a ${Math.max(...floorCpus).toFixed(3)} ms ` +
      `e de ${floorMs.toFixed(3)} a ${Math.max(...floorCosts).toFixed(3)} ms)\n\n${header}`,
  )
  /** Overhead over the direct query, in floors: by the server's CPU, and by throughput. */
  const overhead = (run: Run, directMs: number) => ({
    cpu: (run.cpuMs - directMs) / floorCpuMs,
    cost: (run.costMs - directMs) / floorMs,
  })
  const cells = (run: Run, over: { cpu: number; cost: number }, width: number) =>
    ` ${`${run.costMs.toFixed(3)} · ${run.cpuMs.toFixed(3)} ms`.padStart(width)} | ${`${over.cpu.toFixed(1)}× (${over.cost.toFixed(1)}×)`.padStart(13)} `
  const worst: Worst = {
    visitor: 0,
    member: 0,
    fresh: 0,
    visitorCost: 0,
    memberCost: 0,
    freshCost: 0,
    p95: 0,
    p95Name: '',
    deep: 0,
  }
  const firstPage = new Map<string, number>()
  for (const { name, input, pages, direct, directMember, visitor, member, fresh } of measured) {
    const visitorOver = overhead(visitor, direct.median)
    const memberOver = overhead(member, directMember.median)
    const freshOver = overhead(fresh, directMember.median)
    worst.visitor = Math.max(worst.visitor, visitorOver.cpu)
    worst.member = Math.max(worst.member, memberOver.cpu)
    worst.fresh = Math.max(worst.fresh, freshOver.cpu)
    worst.visitorCost = Math.max(worst.visitorCost, visitorOver.cost)
    worst.memberCost = Math.max(worst.memberCost, memberOver.cost)
    worst.freshCost = Math.max(worst.freshCost, freshOver.cost)
    const p95 = Math.max(direct.p95, directMember.p95)
    if (p95 > worst.p95) {
      worst.p95 = p95
      worst.p95Name = name
    }
    const family = JSON.stringify(input)
    if (pages === 1) firstPage.set(family, direct.median)
    else worst.deep = Math.max(worst.deep, direct.median / (firstPage.get(family) ?? direct.median))
    process.stdout.write(
      [
        name.padEnd(35),
        ` ${direct.median.toFixed(2).padStart(10)} ms `,
        ` ${p95.toFixed(2).padStart(6)} ms `,
        cells(visitor, visitorOver, 21),
        cells(member, memberOver, 27),
        `${cells(fresh, freshOver, 23)}\n`,
      ].join('|'),
    )
  }
  return worst
}

const met = (ok: boolean) => (ok ? 'ok' : 'falhou')

/** A table of distinct requests' latencies against the 25 ms p95 target. */
const latencyTable = (runs: Latencies[]) =>
  'classe                              | mediana    | p95        | máx.       | meta p95 ≤ 25 ms\n' +
  '------------------------------------|------------|------------|------------|-----------------\n' +
  runs
    .map(
      ({ name, median, p95, max }) =>
        `${name.padEnd(35)} | ${`${median.toFixed(2)} ms`.padStart(10)} | ${`${p95.toFixed(2)} ms`.padStart(10)} | ` +
        `${`${max.toFixed(2)} ms`.padStart(10)} | ${met(p95 <= 25)}\n`,
    )
    .join('')

function printPagesAndDistinct(
  counted: number,
  kept: number,
  { pageRequests, pageRuns }: Awaited<ReturnType<typeof measurePages>>,
  { searchRequests, searchRuns, courseRuns }: Awaited<ReturnType<typeof measureDistinct>>,
) {
  const clients = `${SEARCH_CLIENTS} cliente${SEARCH_CLIENTS > 1 ? 's' : ''}, uma requisição depois da outra`
  process.stdout.write(
    `\nContagens do portal (categorias e os números da página inicial), mediana direto no banco: contar os ` +
      `anúncios ${counted.toFixed(2)} ms; ler os contadores que os gatilhos mantêm ${kept.toFixed(2)} ms.\n` +
      `\nPáginas montadas no servidor para um visitante (${pageRequests} por página; CPU do servidor por página):\n` +
      'página             | sem compressão | brotli\n' +
      '-------------------|----------------|----------\n' +
      pageRuns
        .map(
          ({ path, plain, brotli }) =>
            `${path.padEnd(18)} | ${`${plain.cpuMs.toFixed(2)} ms`.padStart(14)} | ${`${brotli.cpuMs.toFixed(2)} ms`.padStart(9)}\n`,
        )
        .join('') +
      `\nBuscas distintas pela API como visitante (${searchRequests} por classe, nenhuma repetida, nenhuma da memória; ` +
      `${clients}):\n${latencyTable(searchRuns)}` +
      `\nFiltros por curso, disciplina e ISBN, distintos pela API (${searchRequests} por filtro, nenhum da memória; ` +
      `"Do meu curso" como o membro, os outros como visitante; ${clients}):\n${latencyTable(courseRuns)}`,
  )
}

/**
 * The two instruments side by side. Throughput from autocannon answers "how many of these requests can
 * the server answer per second on this machine": the server's CPU and the waits it cannot fill both
 * count, the client costs the server nothing. The CPU per request answers "how much of the server's work
 * is ours, not Express's": it leaves out the waits and the client, so it reads higher.
 */
function printPortal({ floors, run, outside, outsideFloors }: Awaited<ReturnType<typeof measurePortal>>) {
  const floorMs = Math.min(...floors.map((floor) => floor.costMs))
  const floorCpuMs = Math.min(...floors.map((floor) => floor.cpuMs))
  const share = floorMs / run.costMs
  const cpuShare = floorCpuMs / run.cpuMs
  const outsideFloor = Math.max(...outsideFloors.map((floor) => floor.perSecond))
  const outsideShare = outside.perSecond / outsideFloor
  process.stdout.write(
    `\nLista do portal sem memória (recentes), dois instrumentos:\n` +
      `- vazão medida de fora (autocannon num processo à parte, ${CONCURRENCY} conexões, ${THROUGHPUT_SECONDS} s, cada ` +
      `endereço novo, como visitante): ${outside.perSecond.toFixed(0)} req/s (p50 ${outside.p50Ms} ms, p97,5 ` +
      `${outside.p97Ms} ms, CPU do servidor ${outside.cpuMs.toFixed(3)} ms por requisição), ${(100 * outsideShare).toFixed(1)}% ` +
      `do piso medido do mesmo jeito logo antes e logo depois (${outsideFloors.map((floor) => floor.perSecond.toFixed(0)).join(' e ')} ` +
      `req/s, vale o maior) [meta ≥ 20%: ${met(outsideShare >= 0.2)}]. Responde: quantas dessas requisições o servidor ` +
      'atende por segundo nesta máquina.\n' +
      `- CPU por requisição (cliente neste processo, ${PORTAL_REQUESTS} requisições de um membro, cada uma numa sessão ` +
      `nova): ${run.cpuMs.toFixed(3)} ms contra ${floorCpuMs.toFixed(3)} ms do piso, ${(100 * cpuShare).toFixed(1)}% ` +
      `[meta ≥ 20%: ${met(cpuShare >= 0.2)}]; pela vazão deste cliente, ${(1000 / run.costMs).toFixed(0)} req/s, ` +
      `${(100 * share).toFixed(1)}% do piso (${floors.map((floor) => (1000 / floor.costMs).toFixed(0)).join(' e ')} req/s). ` +
      'Responde: quanto do trabalho do servidor é nosso e não do Express; deixa de fora as esperas e o cliente.\n',
  )
}

function printSummary(listingCount: number, worst: Worst) {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'NÃO')
  process.stdout.write(
    `\nresumo (${listingCount} anúncios): sobra da API ÷ piso, em CPU do servidor (pelo custo), visitante pior ` +
      `${worst.visitor.toFixed(1)}× (${worst.visitorCost.toFixed(1)}×) [meta ≤ 2×: ${verdict(worst.visitor <= 2)}], ` +
      `membro (consulta repetida) pior ${worst.member.toFixed(1)}× (${worst.memberCost.toFixed(1)}×) ` +
      `[meta ≤ 2×: ${verdict(worst.member <= 2)}], membro (sessão nova, sem memória) pior ` +
      `${worst.fresh.toFixed(1)}× (${worst.freshCost.toFixed(1)}×) [meta ≤ 3×: ${verdict(worst.fresh <= 3)}]; banco p95 pior ${worst.p95.toFixed(1)} ms (${worst.p95Name}) ` +
      `[meta ≤ 25 ms: ${verdict(worst.p95 <= 25)}]; página funda ÷ primeira pior ${worst.deep.toFixed(1)}× ` +
      `[meta ≤ 1,5×: ${verdict(worst.deep <= 1.5)}]\n`,
  )
}

await main()
