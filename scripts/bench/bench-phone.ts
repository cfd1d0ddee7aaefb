/**
 * A real slow phone: Debian's Chromium with the DevTools protocol's real throttling (every request
 * waits 150 ms, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4× slower), a 412×823 touch screen and an empty
 * cache on every load. Nothing is simulated: the times are what the page took under those limits.
 *
 * For each page it prints the median of RUNS loads of: first paint (first contentful paint), LCP,
 * interactive (when the page sets `<html data-hydrated>`, the moment its buttons respond), the dead
 * window between the two (a tap there lands on server HTML) and the real blocking after the first paint
 * (the part over 50 ms of every long task from the first paint until the page is quiet). The dead window
 * is split in two: the wait, after the paint, for the last script the page got before it responded (with the
 * scripts' bytes on the wire), and the time from that script's arrival to the page responding, which is
 * the phone's CPU running and hydrating the code. Beside it, in
 * the same run, its floor: a static page with no script, of the same size as the community home's HTML,
 * served by an Express hello-world under the same limits. The runs alternate between the pages, so a
 * drift of the machine falls on all of them alike.
 *
 * The visitor's pages load from the build as `npm start` leaves it (only the seeded community); an event
 * and a product page, and a member's portal and product page (signed in as the demo's Marina), need
 * content and load from a second server with the demo data (`scripts/seed-demo.ts`).
 *
 * Usage: npm run bench:phone   (RUNS=5 by default; CHROMIUM=/path to another browser)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from 'playwright-core'
import { seedDemo, startBuiltServer } from '../lib/built-server'
import { CHROMIUM_FLAGS } from '../lib/chromium'
import { type Cookie, DEMO_MEMBER, signInDemoMember, trpcQuery } from '../lib/demo-member'
import { startStaticFloor } from '../lib/floors'
import { commandLine, listingsText } from '../lib/run-info'
import { runMain } from '../lib/run-main'
import { SLOW_PHONE, throttle } from '../lib/slow-phone'

const RUNS = Number(process.env.RUNS ?? 5)
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'

/** The targets of issue #52 on every page. */
const TARGETS = { interactiveMs: 1500, deadWindowMs: 800, lcpMs: 1500 }

type Load = {
  firstPaintMs: number
  lcpMs: number
  interactiveMs: number
  blockingMs: number
  /** When the last script that arrived before the page responded had arrived, and their bytes on the wire. */
  codeArrivedMs: number
  codeBytes: number
}
type Target = { name: string; url: string; cookies?: Cookie[]; floor?: boolean }

declare global {
  interface Window {
    __phone?: { lcp: number; hydrated: number; longTasks: { start: number; duration: number }[] }
  }
}

/** Runs in the page before its first byte: the LCP candidates, the long tasks and the hydration mark. */
function recordLoad() {
  const phone = { lcp: 0, hydrated: 0, longTasks: [] as { start: number; duration: number }[] }
  window.__phone = phone
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) phone.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      phone.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  // The document has no <html> element yet when this runs: watch the document for it.
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.hydrated === undefined) return
    phone.hydrated = performance.now()
    observer.disconnect()
  }).observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true })
}

/** One load on a fresh phone (its own empty cache), throttled from before the first request. */
async function load(browser: Browser, { url, cookies, floor }: Target): Promise<Load> {
  const context = await browser.newContext({
    viewport: SLOW_PHONE.viewport,
    locale: 'pt-BR',
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  })
  try {
    if (cookies) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url })))
    await context.addInitScript(recordLoad)
    const page = await context.newPage()
    await throttle(context, page)
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 })
    if (!floor)
      await page.waitForFunction(() => (window.__phone?.hydrated ?? 0) > 0, null, { timeout: 120_000 })
    // Quiet: a second with no long task, so late chunks and the WebSocket count as blocking too.
    await page.waitForFunction(
      () => {
        const tasks = window.__phone?.longTasks ?? []
        const last = tasks.reduce((end, task) => Math.max(end, task.start + task.duration), 0)
        return performance.now() - last > 1000
      },
      null,
      { timeout: 60_000, polling: 200 },
    )
    return await page.evaluate(() => {
      const phone = window.__phone ?? { lcp: 0, hydrated: 0, longTasks: [] }
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
      const blocking = phone.longTasks
        .filter((task) => task.start + task.duration > paint)
        .reduce(
          (sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, paint) - 50),
          0,
        )
      const interactive = phone.hydrated || paint
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => entry.name.endsWith('.js'))
        .filter((entry) => entry.responseEnd <= interactive)
      return {
        firstPaintMs: paint,
        lcpMs: phone.lcp,
        interactiveMs: interactive,
        blockingMs: blocking,
        codeArrivedMs: scripts.reduce((last, entry) => Math.max(last, entry.responseEnd), 0),
        codeBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      }
    })
  } finally {
    await context.close()
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).replace('.', ',')} KB`

const ms = (value: number) => `${Math.round(value).toLocaleString('pt-BR')} ms`

/** The visitor's pages on the seed-only server. */
function visitorTargets(url: string): Target[] {
  return ['/', '/univille', '/univille/auth', '/univille/portal', '/univille/eventos'].map((path) => ({
    name: path,
    url: `${url}${path}`,
  }))
}

/** An event and a product page as a visitor, and a member's portal and product page, on the demo. */
async function demoTargets(url: string): Promise<Target[]> {
  const cookies = await signInDemoMember(url)
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const listings = await trpcQuery<{ items: { id: number }[] }>(
    url,
    'listings.list',
    { communitySlug: 'univille', sort: 'recent' },
    cookie,
  )
  const events = await trpcQuery<{ id: number }[]>(url, 'events.list', { communitySlug: 'univille' })
  const listingId = listings.items[0]?.id
  const eventId = events[0]?.id
  if (!listingId || !eventId) throw new Error('a demonstração não tem anúncio ou evento')
  return [
    { name: `/univille/evento/${eventId} (demonstração)`, url: `${url}/univille/evento/${eventId}` },
    { name: `/univille/produto/${listingId} (demonstração)`, url: `${url}/univille/produto/${listingId}` },
    { name: 'portal do membro (demonstração)', url: `${url}/univille/portal`, cookies },
    { name: `anúncio do membro (demonstração)`, url: `${url}/univille/produto/${listingId}`, cookies },
  ]
}

function report(rows: { target: Target; loads: Load[] }[]): string {
  const floorLcp = median(rows.find((row) => row.target.floor)?.loads.map((l) => l.lcpMs) ?? [])
  const misses: string[] = []
  const lines = rows.map(({ target, loads }) => {
    const of = (key: keyof Load) => median(loads.map((l) => l[key]))
    const dead = median(loads.map((l) => l.interactiveMs - l.firstPaintMs))
    if (!target.floor) {
      if (of('interactiveMs') > TARGETS.interactiveMs)
        misses.push(`${target.name} interativa ${ms(of('interactiveMs'))}`)
      if (dead > TARGETS.deadWindowMs) misses.push(`${target.name} janela morta ${ms(dead)}`)
      if (of('lcpMs') > TARGETS.lcpMs) misses.push(`${target.name} LCP ${ms(of('lcpMs'))}`)
    }
    const ratio = (of('lcpMs') / floorLcp).toFixed(1).replace('.', ',')
    // The dead window in two: waiting for the code after the paint, and the CPU from its arrival on.
    const waiting = median(loads.map((l) => Math.max(0, l.codeArrivedMs - l.firstPaintMs)))
    const working = median(loads.map((l) => l.interactiveMs - Math.max(l.codeArrivedMs, l.firstPaintMs)))
    const split = target.floor ? '— | — | —' : `${kb(of('codeBytes'))} | ${ms(waiting)} | ${ms(working)}`
    return `| ${target.name} | ${ms(of('firstPaintMs'))} | ${ms(of('lcpMs'))} (${ratio}×) | ${target.floor ? '—' : ms(of('interactiveMs'))} | ${target.floor ? '—' : ms(dead)} | ${split} | ${ms(of('blockingMs'))} |`
  })
  return (
    '| página | primeira pintura | LCP (÷ piso) | interativa | janela morta | código até responder | esperando o código | CPU depois dele | bloqueio real |\n|---|---|---|---|---|---|---|---|---|\n' +
    `${lines.join('\n')}\n\n` +
    (misses.length === 0
      ? 'Metas atingidas: interativa ≤ 1,5 s, janela morta ≤ 0,8 s e LCP ≤ 1,5 s em todas as páginas.\n'
      : `Metas não atingidas (${misses.length}): ${misses.join('; ')}\n`)
  )
}

async function main() {
  const seedDir = mkdtempSync(join(tmpdir(), 'vupt-bench-phone-'))
  const demoDir = mkdtempSync(join(tmpdir(), 'vupt-bench-phone-demo-'))
  seedDemo(demoDir)
  const seedOnly = await startBuiltServer(seedDir)
  const demo = await startBuiltServer(demoDir)
  // fetch decompresses what it receives: the size sent is gzip's level 6 over the same bytes.
  const sent = async (url: string) => gzipSync(await (await fetch(url)).text(), { level: 6 }).byteLength
  const homeSent = await sent(`${seedOnly.url}/univille`)
  const floor = await startStaticFloor(homeSent)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    process.stdout.write(`$ ${commandLine(['RUNS', 'CHROMIUM'])}\n`)
    process.stdout.write(
      `celular lento real: ${SLOW_PHONE.latencyMs} ms por requisição, 1,6 Mbit/s de descida, 750 kbit/s de subida, CPU ${SLOW_PHONE.cpuSlowdown}× mais lenta, ${SLOW_PHONE.viewport.width}×${SLOW_PHONE.viewport.height}, cache vazio; Chromium ${browser.version()}; mediana de ${RUNS}\n` +
        `dados: só a semente (${listingsText(join(seedDir, 'vupt.sqlite'))}); as páginas marcadas, a demonstração (${listingsText(join(demoDir, 'vupt.sqlite'))}), o membro ${DEMO_MEMBER.email}\n`,
    )
    const targets: Target[] = [
      {
        name: `piso: página estática sem script de ${kb(await sent(floor.url))} com gzip (o HTML da comunidade, ${kb(homeSent)})`,
        url: floor.url,
        floor: true,
      },
      ...visitorTargets(seedOnly.url),
      ...(await demoTargets(demo.url)),
    ]
    const rows = targets.map((target) => ({ target, loads: [] as Load[] }))
    for (let run = 0; run < RUNS; run++) {
      for (const row of rows)
        row.loads.push(
          await load(browser, row.target).catch((error: unknown) => {
            throw new Error(`${row.target.name}: ${error instanceof Error ? error.message : error}`)
          }),
        )
      process.stdout.write('.')
    }
    process.stdout.write(`\n\n${report(rows)}`)
  } finally {
    await browser.close()
    for (const server of [floor, demo, seedOnly]) await server.stop()
    rmSync(seedDir, { recursive: true, force: true })
    rmSync(demoDir, { recursive: true, force: true })
  }
}

runMain(main)
