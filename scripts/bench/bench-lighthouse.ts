/**
 * Lighthouse's own CLI with its mobile defaults (simulated slow 4G, CPU 4× slower), a fresh Chromium per
 * run, beside its floor: a static page with no script from an Express hello-world, measured the same
 * way. The visitor's pages load from the built server as `npm start` leaves it (only the seeded
 * community); then a member's portal and product page load, signed in as the demo's Marina, from a
 * second server with the demo data. Prints the median of RUNS runs per page and the targets missed.
 *
 * Usage: npm run bench:lighthouse [-- /path ...] (only those visitor pages; RUNS=5 for more runs;
 * CHROMIUM=… for another browser)
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type BuiltServer, seedDemo, startBuiltServer } from '../lib/built-server'
import { CHROMIUM_FLAGS } from '../lib/chromium'
import { cookieHeader, DEMO_MEMBER, signInDemoMember, trpcQuery } from '../lib/demo-member'
import { startHelloWorld } from '../lib/floors'
import { commandLine, listingsText } from '../lib/run-info'
import { runMain } from '../lib/run-main'

const RUNS = Number(process.env.RUNS ?? 3)
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const CHOSEN = process.argv.slice(2)
const PAGES = CHOSEN.length > 0 ? CHOSEN : ['/', '/univille', '/univille/portal', '/univille/eventos']
const TRIES = 3
/** Issue #38's phone targets, for every page measured. */
const TARGETS = { performance: 95, tbtMs: 150, lcpMs: 2000 }

type Run = { performance: number; lcpMs: number; tbtMs: number; fcpMs: number; cls: number }

const run = promisify(execFile)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** One CLI run; Lighthouse sometimes fails to record a trace (NO_NAVSTART) and asks to be run again. */
async function lighthouse(url: string, output: string, cookie?: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(
        'node_modules/.bin/lighthouse',
        [
          url,
          '--only-categories=performance',
          '--quiet',
          '--output=json',
          `--output-path=${output}`,
          `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
          ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM } },
      )
      const report = JSON.parse(readFileSync(output, 'utf8'))
      const audit = (id: string) => report.audits[id].numericValue as number
      return {
        performance: Math.round(report.categories.performance.score * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        fcpMs: audit('first-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
      }
    } catch (error) {
      process.stderr.write(`Lighthouse falhou em ${url} (tentativa ${attempt} de ${TRIES})\n`)
      if (attempt === TRIES) throw error
    }
  }
}

type Target = { name: string; url: string; cookie?: string }

/** RUNS runs of each target, one after another, each in a fresh Chromium. */
async function measureAll(targets: Target[], outputDir: string): Promise<{ name: string; runs: Run[] }[]> {
  const rows: { name: string; runs: Run[] }[] = []
  for (const { name, url, cookie } of targets) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++)
      runs.push(
        await lighthouse(url, join(outputDir, `lighthouse-${name.replace(/\W+/g, '_')}-${i}.json`), cookie),
      )
    rows.push({ name, runs })
    process.stdout.write('.')
  }
  return rows
}

/** The demo's server, signed in as its member: a member's portal and the first listing's page. */
async function memberTargets(dataDir: string): Promise<{ server: BuiltServer; targets: Target[] }> {
  seedDemo(dataDir)
  const server = await startBuiltServer(dataDir)
  try {
    const cookie = cookieHeader(await signInDemoMember(server.url))
    const listing = await trpcQuery<{ items: { id: number }[] }>(
      server.url,
      'listings.list',
      { communitySlug: 'univille', sort: 'recent' },
      cookie,
    )
    const listingId = listing.items[0]?.id
    if (!listingId) throw new Error('a demonstração não tem anúncio')
    return {
      server,
      targets: [
        { name: 'portal (membro)', url: `${server.url}/univille/portal`, cookie },
        { name: 'anúncio (membro)', url: `${server.url}/univille/produto/${listingId}`, cookie },
      ],
    }
  } catch (error) {
    await server.stop()
    throw error
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-bench-lighthouse-'))
  const demoDir = mkdtempSync(join(tmpdir(), 'vupt-bench-lighthouse-demo-'))
  const servers: { stop: () => Promise<void> }[] = []
  try {
    const floor = await startHelloWorld()
    servers.push(floor)
    const server = await startBuiltServer(dataDir)
    servers.push(server)
    const { stdout: version } = await run('node_modules/.bin/lighthouse', ['--version'])
    process.stdout.write(
      `$ ${commandLine(['RUNS', 'CHROMIUM'])}${CHOSEN.length > 0 ? ` -- ${PAGES.join(' ')}` : ''}\n`,
    )
    process.stdout.write(
      `dados: só a semente (comunidade Univille), como o npm start a deixa; ${listingsText(join(dataDir, 'vupt.sqlite'))}; lighthouse ${version.trim()}\n`,
    )
    const rows = await measureAll(
      [
        { name: 'piso: página estática (Express hello-world)', url: `${floor.url}/pagina` },
        ...PAGES.map((path) => ({ name: path, url: `${server.url}${path}` })),
      ],
      dataDir,
    )
    if (CHOSEN.length === 0) {
      await server.stop()
      const member = await memberTargets(demoDir)
      servers.push(member.server)
      process.stdout.write(
        `\ndados do membro: demonstração (scripts/seed-demo.ts), ${listingsText(join(demoDir, 'vupt.sqlite'))}; sessão de ${DEMO_MEMBER.email}\n`,
      )
      rows.push(...(await measureAll(member.targets, demoDir)))
    }
    const of = (runs: Run[], key: keyof Run) => median(runs.map((r) => r[key]))
    const floorLcp = of(rows[0]?.runs ?? [], 'lcpMs')
    const misses: string[] = []
    for (const { name, runs } of rows.slice(1)) {
      if (of(runs, 'performance') < TARGETS.performance)
        misses.push(`${name} desempenho ${of(runs, 'performance')}`)
      if (of(runs, 'tbtMs') > TARGETS.tbtMs) misses.push(`${name} TBT ${Math.round(of(runs, 'tbtMs'))} ms`)
      if (of(runs, 'lcpMs') > TARGETS.lcpMs)
        misses.push(`${name} LCP ${(of(runs, 'lcpMs') / 1000).toFixed(1)} s`)
    }
    process.stdout.write(
      `\nMediana de ${RUNS} execuções da CLI do Lighthouse (celular: 4G lento e CPU 4× mais lenta, simulados)\n\n` +
        '| página | desempenho | LCP | LCP ÷ piso | TBT (cada execução) | FCP | CLS |\n|---|---|---|---|---|---|---|\n' +
        rows
          .map(({ name, runs }) => {
            const lcp = of(runs, 'lcpMs')
            const each = runs.map((r) => Math.round(r.tbtMs)).join(' / ')
            return `| ${name} | ${of(runs, 'performance')} | ${(lcp / 1000).toFixed(1)} s | ${(lcp / floorLcp).toFixed(1)}× | ${Math.round(of(runs, 'tbtMs'))} ms (${each}) | ${(of(runs, 'fcpMs') / 1000).toFixed(1)} s | ${of(runs, 'cls').toFixed(2)} |`
          })
          .join('\n') +
        '\n\n' +
        (misses.length === 0
          ? `Metas atingidas: desempenho ≥ ${TARGETS.performance}, TBT ≤ ${TARGETS.tbtMs} ms e LCP ≤ 2,0 s em todas as páginas.\n`
          : `Metas não atingidas (${misses.length}): ${misses.join('; ')}\n`),
    )
  } finally {
    for (const server of servers.reverse()) await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(demoDir, { recursive: true, force: true })
  }
}

runMain(main)
