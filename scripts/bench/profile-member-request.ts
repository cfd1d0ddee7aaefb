/**
 * Where a member's uncached request spends the server's CPU: seeds the catalogue of bench:catalog
 * (100,000 listings by default), starts the built server on it and an Express hello-world (the floor)
 * beside it, and sends `listings.list` as the member on sessions never used before (nothing answered
 * from memory) for the portal list and two searches. For each, the server's CPU per request (all its
 * threads, /proc) and the floor's, then the same requests again under a CPU profile taken through the
 * server's inspector, whose samples are summed by part (session and identity, the tRPC adapter, input
 * validation, the query, JSON, compression, Express with Helmet and HTTP, garbage collection, the rest).
 * Each part is printed in milliseconds per request (its share of the profile times the CPU measured
 * without the profiler) and in floors, beside the query run directly in this process: what is left
 * over the query is what bench:catalog holds to 3× the floor.
 * Usage: npm run profile:member (BENCH_DATA_DIR keeps the seeded database, as in bench:catalog;
 * LISTINGS, REQUESTS per case, WARM_UP; ACCEPT_ENCODING=br asks as a browser over HTTPS does, instead of
 * Node's fetch default, gzip).
 */

import { resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import { communities } from '../../server/db/schema'
import { API_COMPRESSION, compressBody } from '../../server/http/compress'
import { listListings } from '../../server/listings/catalog'
import type { ListingFilters } from '../../shared/schemas/listing'
import { freePort, startBuiltServer } from '../lib/built-server'
import { catalogDataDir, freshSessionCookies, httpRun, listUrl, prepareMember } from '../lib/catalog'
import { type Classifier, openInspector, profileByPart } from '../lib/cpu-profile'
import { startAnswerFloor, startHelloWorld } from '../lib/floors'
import { percentile } from '../lib/measure'
import { commandLine } from '../lib/run-info'
import { runMain } from '../lib/run-main'

const LISTINGS = Number(process.env.LISTINGS ?? 100_000)
const REQUESTS = Number(process.env.REQUESTS ?? 2_000)
const WARM_UP_REQUESTS = Number(process.env.WARM_UP ?? 4_000)
const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING
/** Functions listed under each part, with the most own time first (TOP=0 lists none). */
const TOP = Number(process.env.TOP ?? 5)
/** Often enough for a few thousand samples per case, seldom enough not to double the work measured. */
const PROFILE_INTERVAL_US = 250

const CASES: { name: string; input: ListingFilters }[] = [
  { name: 'recentes', input: { sort: 'recent' } },
  { name: 'busca "calculo"', input: { q: 'calculo' } },
  { name: 'busca "livro cafe"', input: { q: 'livro cafe' } },
]

const PART = {
  session: 'sessão e identidade',
  trpc: 'adaptador tRPC (Request, Response, procedimento)',
  zod: 'validação da entrada (zod)',
  query: 'a consulta (listListings)',
  json: 'JSON (stringify, parse)',
  compression: 'compressão',
  cache: 'cache de respostas (guarda a resposta)',
  http: 'Express, Helmet e HTTP (sockets)',
  gc: 'coleta de lixo (GC)',
  rest: 'o resto',
} as const

const inSource = (source: string, ...folders: string[]) => folders.some((folder) => source.includes(folder))

/** The part of the work a frame's own time belongs to (see Classifier); null: its caller's. */
const classify: Classifier = ({ functionName, url, source }) => {
  if (functionName === '(garbage collector)') return PART.gc
  if (functionName === '(program)') return PART.rest
  // V8 builtins carry no URL: JSON's are named as the methods.
  if (url === '' && (functionName === 'stringify' || functionName === 'parse')) return PART.json
  if (url === 'node:zlib' || inSource(source, '/server/http/compress.ts')) return PART.compression
  // Drivers and helpers work for whoever called them.
  if (
    inSource(
      source,
      '/server/db/data-version.ts',
      '/server/db/prepared.ts',
      '/node_modules/drizzle-orm/',
      '/node_modules/better-sqlite3/',
      '/node_modules/cookie/',
      '/node_modules/@oslojs/',
    )
  )
    return null
  if (inSource(source, '/server/listings/', '/server/communities/', '/server/routers/')) return PART.query
  if (inSource(source, '/server/people/auth/', '/server/safety/', '/server/http/trpc-context.ts'))
    return PART.session
  if (inSource(source, '/server/http/answer-cache.ts')) return PART.cache
  if (inSource(source, '/node_modules/zod/', '/shared/schemas/')) return PART.zod
  if (
    inSource(source, '/node_modules/@trpc/', '/server/trpc/', '/server/http/api-edge.ts') ||
    url.startsWith('node:internal/deps/undici') ||
    url.startsWith('node:internal/webstreams')
  )
    return PART.trpc
  if (
    inSource(source, '/node_modules/', '/server/http/') ||
    url.startsWith('node:_http') ||
    url === 'node:net' ||
    url.startsWith('node:internal/http')
  )
    return PART.http
  return null
}

/** The median time of `input` run directly in this process, as the member (as bench:catalog reads the query). */
function directMedian(run: () => void, runs = 200) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    // CPU time, as the server's is read: on a shared machine the wall time of a call includes waiting.
    const before = process.cpuUsage()
    run()
    const { user, system } = process.cpuUsage(before)
    times.push((user + system) / 1000)
  }
  times.sort((a, b) => a - b)
  return percentile(times, 50)
}

type Setup = {
  db: Database
  communityId: number
  memberId: number
  url: string
  serverPid: number
  /** The floor's CPU per request, measured before and after each case. */
  floors: number[]
  floorRun: () => Promise<{ cpuMs: number }>
  fresh: (count: number) => (n: number) => Record<string, string>
  /** The accept-encoding header ACCEPT_ENCODING asks for, or none. */
  encoding: Record<string, string>
  serverWrites: () => number
  inspector: Awaited<ReturnType<typeof openInspector>>
}

/** One case: the direct query, the server's CPU on new sessions, the answer's own floor, and a profile. */
async function measureCase(setup: Setup, name: string, input: ListingFilters) {
  const { serverPid, floors, floorRun, fresh, encoding, serverWrites, inspector } = setup
  const query = {
    sort: 'recent' as const,
    limit: 24,
    ...input,
    communityId: setup.communityId,
    viewerId: setup.memberId,
  }
  const direct = directMedian(() => listListings(setup.db, query))
  const target = listUrl(setup.url, input)
  // The case's own code paths warm first.
  await httpRun(target, serverPid, Math.min(REQUESTS, 500), fresh(Math.min(REQUESTS, 500)))
  floors.push((await floorRun()).cpuMs)
  const sessions = fresh(REQUESTS)
  const writesBefore = serverWrites()
  const measured = await httpRun(target, serverPid, REQUESTS, sessions)
  const writes = serverWrites() - writesBefore
  floors.push((await floorRun()).cpuMs)
  // The same answer from a hand-written Express endpoint: what any server pays to send it.
  const answer = await (
    await fetch(target, { headers: { ...fresh(1)(0), 'accept-encoding': 'identity' } })
  ).text()
  const answerFloor = await startAnswerFloor(answer, API_COMPRESSION.gzipLevel)
  let answerFloorMs: number
  try {
    await httpRun(answerFloor.url, answerFloor.pid, Math.min(REQUESTS, 500), encoding)
    answerFloorMs = (await httpRun(answerFloor.url, answerFloor.pid, REQUESTS, encoding)).cpuMs
  } finally {
    await answerFloor.stop()
  }
  const cookies = fresh(REQUESTS)
  const profile = await inspector.profile(async () => {
    await httpRun(target, serverPid, REQUESTS, cookies)
  }, PROFILE_INTERVAL_US)
  return {
    name,
    direct,
    cpuMs: measured.cpuMs,
    writes,
    answerFloorMs,
    answerBytes: Buffer.byteLength(answer),
    answerGzipBytes: compressBody(Buffer.from(answer), 'gzip', API_COMPRESSION).length,
    ...profileByPart(profile, classify, PART.rest),
  }
}

type Row = Awaited<ReturnType<typeof measureCase>>

/** The table of parts per case, in ms and in floors, the top functions and the summary line. */
function printRows(rows: Row[], floors: number[]) {
  const floorCpuMs = Math.min(...floors)
  process.stdout.write(
    `\n\n${REQUESTS} requisições por caso, 32 clientes, cada requisição numa sessão nova do membro (nada da memória); ` +
      `accept-encoding: ${ACCEPT_ENCODING ?? 'gzip, deflate (o padrão do fetch do Node)'}.\n` +
      `piso (Express hello-world): CPU ${floorCpuMs.toFixed(3)} ms por requisição (o menor de ${floors.length} medições, ` +
      `de ${floorCpuMs.toFixed(3)} a ${Math.max(...floors).toFixed(3)} ms).\n` +
      `Cada parte: a sua fração das amostras do perfil (intervalo de ${PROFILE_INTERVAL_US} µs, a linha principal do Node) vezes a CPU\n` +
      'do processo por requisição medida sem o perfil (/proc, todas as threads); entre parênteses, em pisos.\n' +
      `"piso da resposta": um Express que responde a mesma resposta (JSON.stringify a cada requisição, gzip nível ` +
      `${API_COMPRESSION.gzipLevel} se o cliente aceita), sem tRPC, sessão nem banco.\n\n`,
  )
  const width = 48
  const cell = (ms: number) => `${ms.toFixed(3)} ms (${(ms / floorCpuMs).toFixed(1)}×)`.padStart(22)
  const lines = [
    `${'parte'.padEnd(width)} |${rows.map(({ name }) => ` ${name.padStart(22)} `).join('|')}`,
    `${'-'.repeat(width)}-|${rows.map(() => '-'.repeat(24)).join('|')}`,
  ]
  for (const part of Object.values(PART)) {
    lines.push(
      `${part.padEnd(width)} |${rows
        .map(({ parts, busyMs, cpuMs }) => ` ${cell(((parts.get(part) ?? 0) / busyMs) * cpuMs)} `)
        .join('|')}`,
    )
  }
  lines.push(
    `${'-'.repeat(width)}-|${rows.map(() => '-'.repeat(24)).join('|')}`,
    `${'total: CPU do servidor por requisição (/proc)'.padEnd(width)} |${rows.map(({ cpuMs }) => ` ${cell(cpuMs)} `).join('|')}`,
    `${'com o perfil ligado, a linha principal'.padEnd(width)} |${rows.map(({ busyMs }) => ` ${cell(busyMs / REQUESTS)} `).join('|')}`,
    `${'consulta direta, mediana (neste processo)'.padEnd(width)} |${rows.map(({ direct }) => ` ${cell(direct)} `).join('|')}`,
    `${'além da consulta (total − consulta direta)'.padEnd(width)} |${rows.map(({ cpuMs, direct }) => ` ${cell(cpuMs - direct)} `).join('|')}`,
    `${'sessões tocadas e usos registrados (escritas)'.padEnd(width)} |${rows.map(({ writes }) => ` ${String(writes).padStart(22)} `).join('|')}`,
    `${'a resposta: bytes do JSON (com gzip)'.padEnd(width)} |${rows.map(({ answerBytes, answerGzipBytes }) => ` ${`${answerBytes} (${answerGzipBytes})`.padStart(22)} `).join('|')}`,
    `${'a mesma resposta num Express (piso da resposta)'.padEnd(width)} |${rows.map(({ answerFloorMs }) => ` ${cell(answerFloorMs)} `).join('|')}`,
    `${'além da consulta, fora a parte "a consulta"'.padEnd(width)} |${rows
      .map(({ parts, busyMs, cpuMs }) => ` ${cell(cpuMs * (1 - (parts.get(PART.query) ?? 0) / busyMs))} `)
      .join('|')}`,
  )
  process.stdout.write(`${lines.join('\n')}\n`)
  if (TOP > 0) {
    process.stdout.write(
      `\nAs ${TOP} funções com mais tempo próprio em cada parte (ms por requisição, com o perfil):\n`,
    )
    for (const { name, topFunctions } of rows) {
      process.stdout.write(`\n${name}\n`)
      for (const part of Object.values(PART)) {
        const top = topFunctions(part, TOP)
        if (top.length === 0) continue
        process.stdout.write(
          `  ${part}: ${top.map(([fn, ms]) => `${fn} ${(ms / REQUESTS).toFixed(3)}`).join('; ')}\n`,
        )
      }
    }
  }
  const worst = Math.max(...rows.map(({ cpuMs, direct }) => (cpuMs - direct) / floorCpuMs))
  process.stdout.write(
    `\nresumo: além da consulta ÷ piso, pior ${worst.toFixed(1)}× [meta ≤ 3×: ${worst <= 3 ? 'ok' : 'NÃO'}]\n`,
  )
}

async function main() {
  process.stdout.write(
    `$ ${commandLine(['LISTINGS', 'REQUESTS', 'WARM_UP', 'ACCEPT_ENCODING', 'BENCH_DATA_DIR', 'SERVER_NODE_ARGS'])}\n`,
  )
  const data = await catalogDataDir(LISTINGS)
  process.stdout.write(data.text)
  const db = openDatabase(data.file)
  runMigrations(db, resolve('drizzle'))
  const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
  if (!community) throw new Error('semente base ausente')
  const { memberId } = prepareMember(db)
  const encoding: Record<string, string> = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}
  const fresh = (count: number) => {
    const cookies = freshSessionCookies(db, memberId, count)
    return (n: number) => ({ ...cookies(n), ...encoding })
  }

  /**
   * What resolving a session writes: a session touched or renewed (its last use moves past its
   * sign-in) and a use recorded. Sessions made by this script are none of them.
   */
  const countWrites = db.$client.prepare(
    `select (select count(*) from sessions where last_used_at <> authenticated_at)
          + (select count(*) from access_records where kind = 'session_use')`,
  )
  const serverWrites = () => countWrites.pluck().get() as number

  const inspectorPort = await freePort()
  const floor = await startHelloWorld()
  const server = await startBuiltServer(data.dataDir, {
    nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`],
  }).catch(async (error: unknown) => {
    await floor.stop()
    throw error
  })
  const serverPid = server.process.pid as number
  const inspector = await openInspector(inspectorPort)
  try {
    const floorRun = () => httpRun(`${floor.url}/hello`, floor.pid, REQUESTS, encoding)
    await floorRun()
    await httpRun(
      listUrl(server.url, { sort: 'recent' }),
      serverPid,
      WARM_UP_REQUESTS,
      fresh(WARM_UP_REQUESTS),
    )
    const floors: number[] = []
    const setup: Setup = {
      db,
      communityId: community.id,
      memberId,
      url: server.url,
      serverPid,
      floors,
      floorRun,
      fresh,
      encoding,
      serverWrites,
      inspector,
    }
    const rows: Row[] = []
    for (const { name, input } of CASES) {
      rows.push(await measureCase(setup, name, input))
      process.stdout.write('.')
    }
    printRows(rows, floors)
  } finally {
    inspector.close()
    db.$client.close()
    await server.stop()
    await floor.stop()
    data.remove()
  }
}

runMain(main)
