/**
 * A member's uncached request on two builds, alternated in one run: this checkout's and BASE_DIR's (another
 * checkout of the repository, installed and built). Both servers serve the same catalogue (bench:catalog's
 * seed, 100,000 listings by default); in each round every case is sent to one build and then the other
 * (the first alternates), on sessions never used before, and the server's CPU per request is read from
 * /proc. An Express hello-world in the same rounds is the floor. Prints each case's median per build, in
 * ms and floors, and the ratio this build ÷ the base.
 * Usage: BASE_DIR=../base npm run bench:compare (BENCH_DATA_DIR keeps the seeded database; LISTINGS,
 * REQUESTS per case and round, ROUNDS).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase, runMigrations } from '../../server/db/client'
import { communities } from '../../server/db/schema'
import type { ListingFilters } from '../../shared/schemas/listing'
import { type BuiltServer, startBuiltServer } from '../lib/built-server'
import { catalogDataDir, freshSessionCookies, httpRun, listUrl, prepareMember } from '../lib/catalog'
import { startHelloWorld } from '../lib/floors'
import { percentile } from '../lib/measure'
import { commandLine } from '../lib/run-info'
import { runMain } from '../lib/run-main'

const LISTINGS = Number(process.env.LISTINGS ?? 100_000)
const REQUESTS = Number(process.env.REQUESTS ?? 1_000)
const ROUNDS = Number(process.env.ROUNDS ?? 6)
const BASE_DIR = process.env.BASE_DIR

type Case = { name: string; input: ListingFilters }

const CASES: Case[] = [
  { name: 'recentes', input: { sort: 'recent' } },
  { name: 'busca "calculo"', input: { q: 'calculo' } },
  { name: 'busca "livro cafe"', input: { q: 'livro cafe' } },
]

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/** One line per case: each build's median CPU per request, in ms and floors, and the ratio. */
function report(cpu: Map<string, number[]>, floors: number[], builds: readonly string[]) {
  const floor = median(floors)
  const cell = (ms: number) => `${ms.toFixed(3)} ms (${(ms / floor).toFixed(1)}×)`.padStart(20)
  const lines = [
    `piso (Express hello-world): CPU ${floor.toFixed(3)} ms por requisição (mediana de ${floors.length} medições)`,
    `${'caso'.padEnd(20)} | ${builds.map((build) => build.padStart(20)).join(' | ')} | esta ÷ base`,
  ]
  for (const { name } of CASES) {
    const [base, current] = builds.map((build) => median(cpu.get(`${build} ${name}`) ?? []))
    lines.push(
      `${name.padEnd(20)} | ${cell(base as number)} | ${cell(current as number)} | ${((current as number) / (base as number)).toFixed(3)}`,
    )
  }
  process.stdout.write(`\n${lines.join('\n')}\n`)
}

async function main() {
  process.stdout.write(`$ ${commandLine(['BASE_DIR', 'LISTINGS', 'REQUESTS', 'ROUNDS', 'BENCH_DATA_DIR'])}\n`)
  if (!BASE_DIR || !existsSync(resolve(BASE_DIR, 'dist/main.js')))
    throw new Error('BASE_DIR: uma cópia do repositório com npm install e npm run build feitos')
  const data = await catalogDataDir(LISTINGS)
  process.stdout.write(data.text)
  const db = openDatabase(data.file)
  runMigrations(db, resolve('drizzle'))
  if (!db.select().from(communities).where(eq(communities.slug, 'univille')).get())
    throw new Error('semente base ausente')
  const { memberId } = prepareMember(db)
  const floor = await startHelloWorld()
  const servers: [string, BuiltServer][] = []
  try {
    servers.push([`base ${BASE_DIR}`, await startBuiltServer(data.dataDir, { cwd: resolve(BASE_DIR) })])
    servers.push(['esta cópia', await startBuiltServer(data.dataDir)])
    const cpu = new Map<string, number[]>()
    const floors: number[] = []
    const send = async ([build, server]: [string, BuiltServer], { name, input }: Case, record: boolean) => {
      const run = await httpRun(
        listUrl(server.url, input),
        server.process.pid as number,
        REQUESTS,
        freshSessionCookies(db, memberId, REQUESTS),
      )
      const key = `${build} ${name}`
      if (record) cpu.set(key, [...(cpu.get(key) ?? []), run.cpuMs])
    }
    // The warm-up round is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      floors.push((await httpRun(`${floor.url}/hello`, floor.pid, REQUESTS)).cpuMs)
      const order = round % 2 === 0 ? servers : [...servers].reverse()
      for (const each of CASES) for (const server of order) await send(server, each, round > 0)
      process.stdout.write(round === 0 ? 'aquecido; rodadas: ' : `${round} `)
    }
    report(
      cpu,
      floors.slice(1),
      servers.map(([build]) => build),
    )
  } finally {
    await Promise.all(servers.map(([, server]) => server.stop()))
    await floor.stop()
    db.$client.close()
    data.remove()
  }
}

runMain(main)
