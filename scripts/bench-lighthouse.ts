/**
 * Lighthouse's own CLI with its mobile defaults (simulated slow 4G, CPU 4× slower), a fresh Chromium per
 * run, on the built server as `npm start` leaves it (only the seeded community), beside its floor: a
 * static page with no script from an Express hello-world, measured the same way. Prints the median of
 * RUNS runs per page.
 *
 * Usage: npm run bench:lighthouse [-- /path ...] (RUNS=5 for more runs; CHROMIUM=… for another browser)
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startBuiltServer } from './lib/built-server'
import { CHROMIUM_FLAGS } from './lib/chromium'
import { startHelloWorld } from './lib/floors'
import { commandLine, listingsText } from './lib/run-info'
import { runMain } from './lib/run-main'

const RUNS = Number(process.env.RUNS ?? 3)
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const PAGES =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['/', '/univille', '/univille/portal', '/univille/eventos']
const TRIES = 3

type Run = { performance: number; lcpMs: number; tbtMs: number; fcpMs: number; cls: number }

const run = promisify(execFile)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** One CLI run; Lighthouse sometimes fails to record a trace (NO_NAVSTART) and asks to be run again. */
async function lighthouse(url: string, output: string): Promise<Run> {
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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-bench-lighthouse-'))
  const floor = await startHelloWorld()
  const server = await startBuiltServer(dataDir).catch(async (error) => {
    await floor.stop()
    throw error
  })
  try {
    const { stdout: version } = await run('node_modules/.bin/lighthouse', ['--version'])
    process.stdout.write(
      `$ ${commandLine(['RUNS', 'CHROMIUM'])}${process.argv.length > 2 ? ` -- ${PAGES.join(' ')}` : ''}\n`,
    )
    process.stdout.write(
      `dados: só a semente (comunidade Univille), como o npm start a deixa; ${listingsText(join(dataDir, 'vupt.sqlite'))}; lighthouse ${version.trim()}\n`,
    )
    const targets = [
      { name: 'piso: página estática (Express hello-world)', url: `${floor.url}/pagina` },
      ...PAGES.map((path) => ({ name: path, url: `${server.url}${path}` })),
    ]
    const rows: { name: string; runs: Run[] }[] = []
    for (const { name, url } of targets) {
      const runs: Run[] = []
      for (let i = 0; i < RUNS; i++)
        runs.push(await lighthouse(url, join(dataDir, `lighthouse-${rows.length}-${i}.json`)))
      rows.push({ name, runs })
      process.stdout.write('.')
    }
    const of = (runs: Run[], key: keyof Run) => median(runs.map((r) => r[key]))
    const floorLcp = of(rows[0]?.runs ?? [], 'lcpMs')
    process.stdout.write(
      `\nMediana de ${RUNS} execuções da CLI do Lighthouse (celular: 4G lento e CPU 4× mais lenta, simulados)\n\n` +
        '| página | desempenho | LCP | LCP ÷ piso | TBT | FCP | CLS |\n|---|---|---|---|---|---|---|\n' +
        rows
          .map(({ name, runs }) => {
            const lcp = of(runs, 'lcpMs')
            return `| ${name} | ${of(runs, 'performance')} | ${(lcp / 1000).toFixed(1)} s | ${(lcp / floorLcp).toFixed(1)}× | ${Math.round(of(runs, 'tbtMs'))} ms | ${(of(runs, 'fcpMs') / 1000).toFixed(1)} s | ${of(runs, 'cls').toFixed(2)} |`
          })
          .join('\n') +
        '\n',
    )
  } finally {
    await server.stop()
    await floor.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runMain(main)
