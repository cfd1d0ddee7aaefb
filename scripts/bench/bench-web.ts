/**
 * Page speed on a student's phone: seeds demo data into a scratch folder, serves the build, and runs
 * Lighthouse (mobile defaults: slow 4G, 4× CPU slowdown) three times per page with Debian's
 * chromium, printing the medians and the first-load JavaScript of each route from the build manifest.
 * The floor, in the same run and with the same settings: a static page with no script served by an
 * Express hello-world; each page's LCP is printed as a multiple of the floor's. Starts with the command
 * and the data.
 * Usage: npm run bench:web   (RUNS=5 for more runs; CHROMIUM=/path to another browser;
 * THROTTLING=devtools loads each page on a really slowed network and CPU instead of Lighthouse's default
 * simulation, which estimates them from a fast load)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { type Browser, chromium } from 'playwright-core'
import { seedDemo, startBuiltServer } from '../lib/built-server'
import { CHROMIUM_FLAGS } from '../lib/chromium'
import { cookieHeader, DEMO_MEMBER, signInDemoMember, trpcQuery } from '../lib/demo-member'
import { firstLoadBytes, readManifest } from '../lib/first-load'
import { type Floor, startHelloWorld } from '../lib/floors'
import { commandLine, listingsText } from '../lib/run-info'
import { runMain } from '../lib/run-main'

const RUNS = Number(process.env.RUNS ?? 3)
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate'
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'

/** Targets of the page-speed work: every page, and first-load budgets where they are set. */
const TARGETS = { performance: 95, lcpMs: 2000, cls: 0.05, tbtMs: 150 }

/** A page to measure; the floor's is on the hello-world (`origin`) and has no entry in the manifest. */
type Page = {
  name: string
  path: string
  page?: string
  signedIn?: boolean
  budgetKb?: number
  origin?: string
  floor?: boolean
}
type Sample = { performance: number; lcpMs: number; cls: number; tbtMs: number; scriptKb: number }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** Lighthouse's own advice on a trace it failed to record (NO_NAVSTART and the like) is to run again. */
const ATTEMPTS = 3

/** What a load Lighthouse could not measure counts as: no score, no metrics (NaN in the table). */
const FAILED: Sample = { performance: 0, lcpMs: Number.NaN, cls: Number.NaN, tbtMs: Number.NaN, scriptKb: 0 }

async function measure(port: number, url: string, cookie?: string): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    const sample = await measureOnce(port, url, cookie, attempt)
    if (sample || attempt === ATTEMPTS) return sample ?? FAILED
  }
}

/** One Lighthouse run; undefined when it failed, after saying why. */
async function measureOnce(
  port: number,
  url: string,
  cookie: string | undefined,
  attempt: number,
): Promise<Sample | undefined> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttlingMethod: THROTTLING,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  })
  if (!result) throw new Error(`Lighthouse não mediu ${url}`)
  const { audits, categories, runtimeError } = result.lhr
  const lcpError = audits['largest-contentful-paint']?.errorMessage
  if (runtimeError || lcpError) {
    process.stderr.write(
      `Lighthouse falhou em ${url} (tentativa ${attempt} de ${ATTEMPTS}): ${runtimeError?.code ?? lcpError}\n`,
    )
    return undefined
  }
  const summary = (
    audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    scriptKb: (summary?.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
  }
}

/**
 * JavaScript a page downloads until the network is quiet (bytes over the wire, as the browser counts
 * them), with no service worker: what a first visit fetches right after the first screen, parts loaded
 * after hydration included. Lighthouse's own figure leaves out what its pages' service worker serves.
 */
async function scriptBytes(browser: Browser, url: string, cookie?: string): Promise<number> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const scripts = new Set<string>()
    let bytes = 0
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId)
    })
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) bytes += event.encodedDataLength
    })
    await cdp.send('Network.enable')
    await page.goto(url, { waitUntil: 'networkidle' })
    return bytes
  } finally {
    await context.close()
  }
}

/** How long the first request for `url` takes, body included. */
async function firstRequestMs(url: string): Promise<number> {
  const started = performance.now()
  await (await fetch(url)).arrayBuffer()
  return performance.now() - started
}

/** The pages measured: the visitor's, an event and, signed in, the portal and a listing. */
async function pagesToMeasure(url: string, cookie: string): Promise<Page[]> {
  const events = await trpcQuery<{ id: number }[]>(url, 'events.list', { communitySlug: 'univille' })
  const listings = await trpcQuery<{ items: { id: number }[] }>(
    url,
    'listings.list',
    { communitySlug: 'univille', sort: 'recent' },
    cookie,
  )
  const eventId = events[0]?.id
  const listingId = listings.items[0]?.id
  if (!eventId || !listingId) throw new Error('a demonstração não tem evento ou anúncio')

  return [
    { name: '/', path: '/', page: 'pages/home/home-page.tsx', budgetKb: 100 },
    { name: '/univille', path: '/univille', page: 'pages/info/community-home-page.tsx', budgetKb: 100 },
    {
      name: '/univille/portal',
      path: '/univille/portal',
      page: 'pages/portal/portal-page.tsx',
      budgetKb: 130,
    },
    { name: '/univille/eventos', path: '/univille/eventos', page: 'pages/events/events-page.tsx' },
    { name: 'evento', path: `/univille/evento/${eventId}`, page: 'pages/events/event-page.tsx' },
    { name: '/univille/faq', path: '/univille/faq', page: 'pages/info/faq-page.tsx' },
    {
      name: 'portal (membro)',
      path: '/univille/portal',
      page: 'pages/portal/portal-page.tsx',
      signedIn: true,
    },
    {
      name: 'anúncio (membro)',
      path: `/univille/produto/${listingId}`,
      page: 'pages/listing/listing-page.tsx',
      signedIn: true,
    },
  ]
}

type Measured = { page: Page; row: Sample; loadedKb: number; firstLoadKb?: number }

/** The table of medians beside the floor, and the targets missed. */
function printResults(measured: Measured[], misses: string[]) {
  const floorLcpMs = measured[0]?.row.lcpMs ?? Number.NaN
  const rows = measured.map(({ page, row, loadedKb, firstLoadKb }) => {
    const firstLoad =
      firstLoadKb === undefined
        ? '—'
        : `${firstLoadKb.toFixed(1)} KB${page.budgetKb ? ` (limite ${page.budgetKb})` : ''}`
    return `| ${page.name} | ${row.performance} | ${(row.lcpMs / 1000).toFixed(1)} s | ${(row.lcpMs / floorLcpMs).toFixed(1)}× | ${row.cls.toFixed(2)} | ${Math.round(row.tbtMs)} ms | ${Math.round(row.scriptKb)} KB | ${loadedKb.toFixed(1)} KB | ${firstLoad} |`
  })
  process.stdout.write(
    `\nMediana de ${RUNS} execuções do Lighthouse (celular: 4G lento, CPU 4× mais lenta; ${THROTTLING === 'devtools' ? 'aplicadas de fato ao carregar' : 'simuladas a partir de um carregamento rápido'})\n\n` +
      '| página | desempenho | LCP | LCP ÷ piso | CLS | TBT | JS transferido | JS até a rede parar (sem service worker) | JS inicial (brotli, manifesto) |\n' +
      '|---|---|---|---|---|---|---|---|---|\n' +
      `${rows.join('\n')}\n\n`,
  )
  process.stdout.write(
    misses.length === 0
      ? `Metas atingidas: desempenho ≥ ${TARGETS.performance}, LCP ≤ 2,0 s, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms e JS inicial dentro do limite em todas as páginas.\n`
      : `Metas não atingidas (${misses.length}): ${misses.join('; ')}\n`,
  )
}

async function main() {
  process.stdout.write(`$ ${commandLine(['RUNS', 'THROTTLING', 'CHROMIUM', 'SERVER_NODE_ARGS'])}\n`)
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-bench-web-'))
  seedDemo(dataDir)
  process.stdout.write(
    `dados: demonstração (scripts/seed-demo.ts), ${listingsText(join(dataDir, 'vupt.sqlite'))}; membro: ${DEMO_MEMBER.email}\n`,
  )
  const floor: Floor = await startHelloWorld()
  const floorFirstMs = await firstRequestMs(`${floor.url}/pagina`)
  const server = await startBuiltServer(dataDir).catch(async (error: unknown) => {
    await floor.stop()
    throw error
  })
  // The first visitor after a start: what a link opened right after a deploy waits for on the server.
  const firstMs = await firstRequestMs(`${server.url}/`)
  process.stdout.write(
    `Primeira página depois de subir o servidor: ${Math.round(firstMs)} ms ` +
      `(piso: ${Math.round(floorFirstMs)} ms, a página estática do Express hello-world recém-subido; ${(firstMs / floorFirstMs).toFixed(1)}×)\n`,
  )
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  // A second browser, driven by Playwright, counts each page's script bytes.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const cookie = cookieHeader(await signInDemoMember(server.url))
    const pages = await pagesToMeasure(server.url, cookie)
    const manifest = readManifest()
    const measured: Measured[] = []
    const misses: string[] = []
    const floorPage: Page = {
      name: 'piso: página estática (Express hello-world)',
      path: '/pagina',
      origin: floor.url,
      floor: true,
    }
    for (const page of [floorPage, ...pages]) {
      const url = `${page.origin ?? server.url}${page.path}`
      const samples: Sample[] = []
      for (let run = 0; run < RUNS; run++) {
        samples.push(await measure(chrome.port, url, page.signedIn ? cookie : undefined))
      }
      const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]))
      const loadedKb = (await scriptBytes(browser, url, page.signedIn ? cookie : undefined)) / 1024
      const firstLoadKb = page.page ? firstLoadBytes(manifest, page.page) / 1024 : undefined
      const row = {
        performance: pick('performance'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        scriptKb: pick('scriptKb'),
      }
      measured.push({ page, row, loadedKb, firstLoadKb })
      process.stdout.write(`${page.name}: ${RUNS} medições\n`)
      if (page.floor) continue
      if (row.performance < TARGETS.performance) misses.push(`${page.name} desempenho ${row.performance}`)
      if (row.lcpMs > TARGETS.lcpMs) misses.push(`${page.name} LCP ${(row.lcpMs / 1000).toFixed(1)} s`)
      if (row.cls > TARGETS.cls) misses.push(`${page.name} CLS ${row.cls.toFixed(2)}`)
      if (row.tbtMs > TARGETS.tbtMs) misses.push(`${page.name} TBT ${Math.round(row.tbtMs)} ms`)
      if (page.budgetKb && firstLoadKb !== undefined && firstLoadKb > page.budgetKb)
        misses.push(`${page.name} JS inicial ${firstLoadKb.toFixed(1)} KB`)
    }
    printResults(measured, misses)
  } finally {
    await browser.close()
    await chrome.kill()
    await server.stop()
    await floor.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runMain(main)
