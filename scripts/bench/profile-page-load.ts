/**
 * Where a page's main thread spends its time while it loads: Debian's Chromium opens the page RUNS times
 * (a fresh context each time, phone-sized, no throttling), the DevTools profiler samples the page from
 * the navigation until it responds (`<html data-hydrated>`), and the samples are summed by where their
 * code came from, through the build's source maps: a package (react-dom, @tanstack/query-core, …) or one
 * of our files (the idle time and the browser's own work left out). Prints milliseconds per load, by
 * source and by function. A CPU profile, not a timing: the sums say which code to look at, and
 * `bench:phone` says how long the page took.
 *
 * Usage: npm run profile:page   (PAGE=/univille/portal by default; MEMBER=0 as a visitor; RUNS=5; TOP=20)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { seedDemo, startBuiltServer } from '../lib/built-server'
import { CHROMIUM_FLAGS } from '../lib/chromium'
import { type Cookie, signInDemoMember } from '../lib/demo-member'
import { commandLine } from '../lib/run-info'
import { runMain } from '../lib/run-main'

const PAGE = process.env.PAGE ?? '/univille/portal'
const AS_MEMBER = process.env.MEMBER !== '0'
const RUNS = Number(process.env.RUNS ?? 5)
const TOP = Number(process.env.TOP ?? 20)
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const ASSETS = 'dist/client/assets'

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type Profile = { nodes: { id: number; callFrame: CallFrame }[]; samples: number[]; timeDeltas: number[] }

const maps = new Map<string, SourceMap | null>()

/** The package or source file a built script's position came from, by the build's source map. */
function sourceOf({ url, lineNumber, columnNumber }: CallFrame): string {
  const file = url.split('/').pop() ?? ''
  if (!file.endsWith('.js')) return url ? file : '(navegador)'
  if (!maps.has(file)) {
    const path = join(ASSETS, `${file}.map`)
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null)
  }
  const entry = maps.get(file)?.findEntry(lineNumber, columnNumber) as { originalSource?: string } | undefined
  const source = entry?.originalSource ?? file
  const packageAt = source.lastIndexOf('node_modules/')
  if (packageAt < 0) return source.replace(/^.*?\/(client|shared)\//, '$1/')
  const [scope = '', name = ''] = source.slice(packageAt + 'node_modules/'.length).split('/')
  return scope.startsWith('@') ? `${scope}/${name}` : scope
}

/** One load's samples, until the page responds, added to `bySource` and `byFunction` (ms). */
async function profileLoad(browser: Browser, url: string, cookies: Cookie[], totals: Totals) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  })
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url })))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.goto(url)
  // One evaluation that waits for the mark, not Playwright's polling, whose own scripts would be sampled.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const root = document.documentElement
        if (root.hasAttribute('data-hydrated')) return resolve()
        new MutationObserver((_, observer) => {
          if (!root.hasAttribute('data-hydrated')) return
          observer.disconnect()
          resolve()
        }).observe(root, { attributes: true })
      }),
  )
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
  await context.close()
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id)
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return
    const ms = (profile.timeDeltas[index] ?? 0) / 1000
    const source = sourceOf(frame)
    totals.bySource.set(source, (totals.bySource.get(source) ?? 0) + ms)
    const name = `${frame.functionName || '(anônima)'} ${source}`
    totals.byFunction.set(name, (totals.byFunction.get(name) ?? 0) + ms)
  })
}

type Totals = { bySource: Map<string, number>; byFunction: Map<string, number> }

function printTop(title: string, sums: Map<string, number>) {
  process.stdout.write(`\n${title}\n`)
  for (const [name, ms] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    process.stdout.write(`${(ms / RUNS).toFixed(1).padStart(8)} ms  ${name}\n`)
  }
}

async function main() {
  process.stdout.write(`$ ${commandLine(['PAGE', 'MEMBER', 'RUNS', 'TOP', 'CHROMIUM'])}\n`)
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-profile-page-'))
  seedDemo(dataDir)
  const server = await startBuiltServer(dataDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const cookies = AS_MEMBER ? await signInDemoMember(server.url) : []
    const totals: Totals = { bySource: new Map(), byFunction: new Map() }
    for (let run = 0; run < RUNS; run++) await profileLoad(browser, `${server.url}${PAGE}`, cookies, totals)
    const busy = [...totals.bySource.values()].reduce((sum, ms) => sum + ms, 0)
    process.stdout.write(
      `${PAGE} ${AS_MEMBER ? 'como membro (demonstração)' : 'como visitante'}, ${RUNS} cargas sem lentidão, do início da navegação até a página responder: JavaScript e coleta de lixo na linha principal, ${(busy / RUNS).toFixed(1)} ms por carga\n`,
    )
    printTop('Por origem (ms por carga):', totals.bySource)
    printTop('Por função (ms por carga):', totals.byFunction)
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runMain(main)
