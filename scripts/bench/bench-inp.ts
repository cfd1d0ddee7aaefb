/**
 * Interaction to next paint on a slow phone: serves the build on a fresh copy of the demo, opens a
 * phone-sized headless Chromium (Debian's) with the CPU slowed 4×, and taps as a student would: a
 * listing card on the portal, a category and the sort on the portal, 'Favoritar' on a listing, typing
 * and sending a chat message. Each interaction is timed as INP does (Event Timing: the longest entry of
 * the interaction, from the input to the next paint), RUNS times on a new page, beside a floor measured
 * in the same run: a tap on a plain button of a static page under the same slowdown. All of it twice:
 * with only the CPU slowed, then with the network really slowed as well, as bench:phone slows it
 * (scripts/lib/slow-phone.ts); both tables are printed. Starts with the command and the data.
 * Usage: npm run bench:inp   (RUNS=9 for more runs; CHROMIUM=/path to another browser; TRACE=folder
 * writes a Chrome trace of each interaction of the first run, to open in DevTools' Performance panel)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { seedDemo, startBuiltServer } from '../lib/built-server'
import { CHROMIUM_FLAGS } from '../lib/chromium'
import { type Cookie, cookieHeader, DEMO_MEMBER, signInDemoMember, trpcQuery } from '../lib/demo-member'
import { commandLine, listingsText } from '../lib/run-info'
import { runMain } from '../lib/run-main'
import { SLOW_PHONE, throttle } from '../lib/slow-phone'

const RUNS = Number(process.env.RUNS ?? 5)
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const TRACE = process.env.TRACE
const CPU_SLOWDOWN = SLOW_PHONE.cpuSlowdown
/** The INP 'good' line (web.dev): 200 ms or less at the 75th percentile of visits. */
const TARGET_MS = 200
/** The smallest threshold Event Timing accepts; shorter interactions are not reported at all. */
const THRESHOLD_MS = 16

/** One Event Timing entry that belongs to an interaction, as the page recorded it. */
type EventEntry = {
  name: string
  interactionId: number
  startTime: number
  duration: number
  processingStart: number
  processingEnd: number
}

/** An interaction as INP counts it: its longest entry, split into its three parts. */
type Timing = {
  durationMs: number
  inputDelayMs: number
  processingMs: number
  presentationMs: number
  event: string
}

/** Below the threshold the browser reports nothing: the interaction took at most that long. */
const UNDER_THRESHOLD: Timing = {
  durationMs: THRESHOLD_MS,
  inputDelayMs: 0,
  processingMs: 0,
  presentationMs: 0,
  event: '—',
}

type Row = { name: string; samples: Timing[]; floor?: boolean }

declare global {
  interface Window {
    __interactionEntries?: EventEntry[]
    __lastLongTaskEnd?: number
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const ms = (value: number) => (value <= THRESHOLD_MS ? `≤ ${THRESHOLD_MS} ms` : `${Math.round(value)} ms`)

const decimal = (value: number, digits = 1) => value.toFixed(digits).replace('.', ',')

async function trpcMutation<T>(url: string, path: string, input: unknown, cookie: string): Promise<T> {
  const response = await fetch(`${url}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify(input),
  })
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
  return ((await response.json()) as { result: { data: T } }).result.data
}

/**
 * Records every Event Timing entry of an interaction from the first moment of each document, the way
 * the web-vitals library reads INP (type 'event', durationThreshold 16, buffered), and when the last
 * long task ended, to tap once the page is quiet.
 */
function recordInteractions() {
  const entries: EventEntry[] = []
  window.__interactionEntries = entries
  window.__lastLongTaskEnd = 0
  new PerformanceObserver((list) => {
    // interactionId is newer than the DOM types of this TypeScript.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      if (!entry.interactionId) continue
      entries.push({
        name: entry.name,
        interactionId: entry.interactionId,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
      })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__lastLongTaskEnd = Math.max(window.__lastLongTaskEnd ?? 0, entry.startTime + entry.duration)
    }
  }).observe({ type: 'longtask', buffered: true })
}

/**
 * A new phone: its own cache and storage, the member's session, the CPU slowed from the first byte; on
 * a slow network, the network too, as bench:phone slows it (scripts/lib/slow-phone.ts).
 */
async function phonePage({
  browser,
  baseURL,
  cookies,
  slowNetwork,
}: Phone): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  })
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseURL })))
  await context.addInitScript(recordInteractions)
  const page = await context.newPage()
  if (slowNetwork) {
    await throttle(context, page)
  } else {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  }
  return { context, page }
}

/** Opens a page and waits as a student would: hydrated (see tests/e2e/support/browser.ts) and quiet. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle', timeout: 60_000 })
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.hydrated !== undefined,
    null,
    { timeout: 60_000 },
  )
  await settle(page)
}

/** Two frames and a pause: the entries of an interaction arrive after the paint they wait for. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 250))),
      ),
  )
}

/**
 * Waits, up to 10 s, for half a second without a long task: a student taps a page that has stopped
 * working after loading (late chunks, the WebSocket, images), not one still busy with it.
 */
async function quiet(page: Page): Promise<void> {
  await settle(page)
  await page.waitForFunction(() => performance.now() - (window.__lastLongTaskEnd ?? 0) > 500, null, {
    timeout: 10_000,
    polling: 100,
  })
}

/**
 * Times what `act` does on the page: every interaction it starts, each as its longest entry. `done`
 * waits for the visible result (a page, a pressed heart), then the entries are read. With `trace`, a
 * Chrome trace of it all is written there.
 */
async function interactions(
  page: Page,
  act: () => Promise<void>,
  done: () => Promise<void>,
  trace?: string,
): Promise<Timing[]> {
  await quiet(page)
  const browser = page.context().browser()
  if (trace && browser) await browser.startTracing(page, { path: trace, screenshots: true })
  const before = await page.evaluate(() => window.__interactionEntries?.length ?? 0)
  await act()
  await done()
  await settle(page)
  const entries = await page.evaluate((from) => window.__interactionEntries?.slice(from) ?? [], before)
  if (trace && browser) await browser.stopTracing()
  const longest = new Map<number, EventEntry>()
  for (const entry of entries) {
    const known = longest.get(entry.interactionId)
    if (!known || entry.duration > known.duration) longest.set(entry.interactionId, entry)
  }
  return [...longest.values()].map((entry) => ({
    durationMs: entry.duration,
    inputDelayMs: entry.processingStart - entry.startTime,
    processingMs: entry.processingEnd - entry.processingStart,
    presentationMs: Math.max(0, entry.startTime + entry.duration - entry.processingEnd),
    event: entry.name,
  }))
}

/** A single tap: its interaction, or the floor of what the browser reports when it was too short. */
async function tapTiming(
  page: Page,
  target: Locator,
  done: () => Promise<void>,
  trace?: string,
): Promise<Timing> {
  const timings = await interactions(page, () => target.tap(), done, trace)
  return worst(timings)
}

function worst(timings: Timing[]): Timing {
  return timings.reduce(
    (longest, timing) => (timing.durationMs > longest.durationMs ? timing : longest),
    UNDER_THRESHOLD,
  )
}

const FLOOR_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>piso</title></head>
<body><button type="button" style="font-size:18px;padding:16px 24px" onclick="this.textContent = 'Tocado ' + (++this.dataset.n || (this.dataset.n = 1))">Tocar</button></body></html>`

type Card = { id: number; title: string; isFavorite: boolean; sellerUsername: string | null }

/** The browser, the server and the member a run's phones open pages as, and whether the network is slowed. */
type Phone = { browser: Browser; baseURL: string; cookies: Cookie[]; slowNetwork: boolean }

/** What a run needs besides the phone: the member's cookie, other students' listings, a conversation. */
type Demo = { cookie: string; others: Card[]; conversationId: number }

const ROW_NAMES = [
  'piso: tocar um botão numa página estática',
  'abrir um anúncio do portal',
  'filtrar o portal por categoria',
  'ordenação: abrir a lista',
  'ordenação: escolher "Menor preço"',
  'favoritar no anúncio',
  'chat: digitar (pior tecla)',
  'chat: tocar em Enviar',
]

type Record = (name: string, timing: Timing) => void
type Trace = (name: string) => string | undefined

/** Floor: a button with one line of script, on a page served from the same origin. */
async function tapFloor(phone: Phone, record: Record, trace: Trace) {
  const { context, page } = await phonePage(phone)
  await page.route('**/piso-estatico', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: FLOOR_PAGE }),
  )
  await open(page, '/piso-estatico')
  const button = page.getByRole('button')
  record('piso', await tapTiming(page, button, () => page.getByText('Tocado 1').waitFor(), trace('piso')))
  await context.close()
}

/** A listing card on the portal: the client-side navigation to its page. */
async function openListing(phone: Phone, record: Record, trace: Trace) {
  const { context, page } = await phonePage(phone)
  await open(page, '/univille/portal')
  const products = page.getByRole('region', { name: 'Todos os anúncios' })
  const card = products.getByRole('article').first()
  const title = (await card.getByRole('link').textContent())?.trim() ?? ''
  await card.scrollIntoViewIfNeeded()
  const done = async () => {
    await page.waitForURL(/\/produto\/\d+$/)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
  }
  record('abrir um anúncio', await tapTiming(page, card, done, trace('abrir-anuncio')))
  await context.close()
}

/** A category, then the sort, on the same portal page. */
async function filterAndSort(phone: Phone, record: Record, trace: Trace) {
  const { context, page } = await phonePage(phone)
  await open(page, '/univille/portal')
  const category = page.getByRole('link', { name: /Desapegos/ })
  await category.scrollIntoViewIfNeeded()
  const filtered = async () => {
    await page.waitForURL(/category=desapegos/)
    await page.locator('#portal-produtos', { hasText: 'Desapegos' }).waitFor()
    await page.waitForLoadState('networkidle')
  }
  record('filtrar', await tapTiming(page, category, filtered, trace('filtrar')))
  const sort = page.getByRole('combobox', { name: 'Ordenar por' })
  await sort.scrollIntoViewIfNeeded()
  const option = page.getByRole('option', { name: 'Menor preço' })
  record('ordenação: abrir', await tapTiming(page, sort, () => option.waitFor(), trace('ordenar-abrir')))
  const sorted = async () => {
    await page.waitForURL(/price-asc/)
    await page.waitForLoadState('networkidle')
  }
  record('ordenação: escolher', await tapTiming(page, option, sorted, trace('ordenar-escolher')))
  await context.close()
}

/** 'Favoritar' on a listing page, a different listing each run (taken off the favorites first). */
async function favorite(phone: Phone, demo: Demo, run: number, record: Record, trace: Trace) {
  const listing = demo.others[run % demo.others.length] as Card
  await trpcMutation(phone.baseURL, 'listings.setFavorite', { id: listing.id, favorite: false }, demo.cookie)
  const { context, page } = await phonePage(phone)
  await open(page, `/univille/produto/${listing.id}`)
  const button = page.getByRole('button', { name: 'Favoritar', exact: true })
  await button.scrollIntoViewIfNeeded()
  const pressed = () => page.getByRole('button', { name: 'Favoritar', exact: true, pressed: true }).waitFor()
  record('favoritar', await tapTiming(page, button, pressed, trace('favoritar')))
  await context.close()
}

/** A chat message: typed key by key, then sent with a tap. */
async function chat(phone: Phone, demo: Demo, run: number, record: Record, trace: Trace) {
  const { context, page } = await phonePage(phone)
  await open(page, `/univille/chat/${demo.conversationId}`)
  const composer = page.getByLabel('Mensagem', { exact: true })
  const text = `Oi! Ainda está disponível? (${run + 1}${phone.slowNetwork ? ', rede lenta' : ''})`
  await composer.tap()
  const typed = () =>
    page
      .waitForFunction(
        (expected) => (document.activeElement as HTMLTextAreaElement | null)?.value === expected,
        text,
      )
      .then(() => undefined)
  const typing = () => composer.pressSequentially(text, { delay: 120 })
  record('chat: digitar', worst(await interactions(page, typing, typed, trace('chat-digitar'))))
  const sent = () => page.getByRole('list', { name: 'Mensagens' }).getByText(text).waitFor()
  const send = page.getByRole('button', { name: 'Enviar', exact: true })
  record('chat: tocar', await tapTiming(page, send, sent, trace('chat-enviar')))
  await context.close()
}

/** RUNS runs of every interaction on `phone`: the samples of each row. */
async function measure(phone: Phone, demo: Demo): Promise<Row[]> {
  const rows: Row[] = ROW_NAMES.map((name, n) => ({ name, samples: [], floor: n === 0 }))
  const record: Record = (name, timing) =>
    (rows.find((candidate) => candidate.name.startsWith(name)) as Row).samples.push(timing)
  const folder = TRACE && join(TRACE, phone.slowNetwork ? 'rede-lenta' : 'so-cpu')
  if (folder) mkdirSync(folder, { recursive: true })
  for (let run = 0; run < RUNS; run++) {
    const trace: Trace = (name) => (folder && run === 0 ? join(folder, `${name}.json`) : undefined)
    await tapFloor(phone, record, trace)
    await openListing(phone, record, trace)
    await filterAndSort(phone, record, trace)
    await favorite(phone, demo, run, record, trace)
    await chat(phone, demo, run, record, trace)
    process.stdout.write(`${phone.slowNetwork ? 'rede lenta' : 'só CPU'}: execução ${run + 1} de ${RUNS}\n`)
  }
  return rows
}

/** The table of one measure, and its summary line; `misses` collects the interactions over the target. */
function printRows(rows: Row[], slowNetwork: boolean) {
  const floor = median((rows[0] as Row).samples.map((sample) => sample.durationMs))
  const lines: string[] = []
  const misses: string[] = []
  for (const { name, samples, floor: isFloor } of rows) {
    const durations = samples.map((sample) => sample.durationMs)
    const middle = median(durations)
    const longest = Math.max(...durations)
    const worstSample = samples.find((sample) => sample.durationMs === longest) ?? UNDER_THRESHOLD
    const parts =
      worstSample.event === '—'
        ? '—'
        : `${worstSample.event}: ${Math.round(worstSample.inputDelayMs)} + ${Math.round(worstSample.processingMs)} + ${Math.round(worstSample.presentationMs)} ms`
    const verdict = isFloor ? '—' : longest <= TARGET_MS ? 'ok' : 'falhou'
    if (!isFloor && longest > TARGET_MS) misses.push(`${name} (pior ${ms(longest)})`)
    lines.push(
      `| ${name} | ${ms(middle)} | ${ms(longest)} | ${isFloor ? '—' : `≤ ${TARGET_MS} ms`} | ${decimal(middle / floor)}× | ${verdict} | ${parts} |`,
    )
  }
  const network = slowNetwork
    ? `e rede lenta de verdade como no bench:phone (${SLOW_PHONE.latencyMs} ms de latência, 1,6 Mbit/s de descida, 750 kbit/s de subida)`
    : 'e rede sem limite'
  process.stdout.write(
    `\nINP por interação, ${RUNS} execuções (celular 390×844 com toque, CPU ${CPU_SLOWDOWN}× mais lenta ${network}, cada execução numa página nova); durações abaixo de ${THRESHOLD_MS} ms não são informadas pelo navegador\n\n` +
      '| interação | mediana | pior | meta | mediana ÷ piso | resultado | pior: evento, atraso + processamento + apresentação |\n' +
      '|---|---|---|---|---|---|---|\n' +
      `${lines.join('\n')}\n\n` +
      (misses.length === 0
        ? `resumo (${slowNetwork ? 'rede lenta' : 'só CPU'}): todas as interações com a próxima pintura em até ${TARGET_MS} ms (piso ${ms(floor)})\n`
        : `resumo (${slowNetwork ? 'rede lenta' : 'só CPU'}): acima de ${TARGET_MS} ms (${misses.length}): ${misses.join('; ')}\n`),
  )
}

/** The member's cookie, other students' listings and a conversation about the first of them. */
async function prepareDemo(url: string, cookies: Cookie[]): Promise<Demo> {
  const cookie = cookieHeader(cookies)
  const input = { communitySlug: 'univille', sort: 'recent' }
  const listed = await trpcQuery<{ items: Card[] }>(url, 'listings.list', input, cookie)
  const others = listed.items.filter((item) => item.sellerUsername !== 'marina_arts')
  const chatListing = others[0]
  if (!chatListing) throw new Error('a demonstração não tem anúncios de outros estudantes')
  const started = await trpcMutation<{ conversationId: number }>(
    url,
    'chat.start',
    { listingId: chatListing.id },
    cookie,
  )
  return { cookie, others, conversationId: started.conversationId }
}

async function main() {
  process.stdout.write(`$ ${commandLine(['RUNS', 'CHROMIUM', 'TRACE', 'SERVER_NODE_ARGS'])}\n`)
  const [one, five, fifteen] = loadavg().map((load) => decimal(load, 2))
  process.stdout.write(
    `Carga da máquina no início (1, 5 e 15 min): ${one} ${five} ${fifteen} em ${availableParallelism()} núcleos\n`,
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-bench-inp-'))
  seedDemo(dataDir)
  process.stdout.write(
    `dados: demonstração (scripts/seed-demo.ts), ${listingsText(join(dataDir, 'vupt.sqlite'))}; sessão de ${DEMO_MEMBER.email}\n`,
  )
  const server = await startBuiltServer(dataDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
  try {
    const cookies = await signInDemoMember(server.url)
    const demo = await prepareDemo(server.url, cookies)
    // Only the CPU slowed (the figure the target has always been read on), then the network as well.
    const results = []
    for (const slowNetwork of [false, true]) {
      results.push({
        slowNetwork,
        rows: await measure({ browser, baseURL: server.url, cookies, slowNetwork }, demo),
      })
    }
    for (const { slowNetwork, rows } of results) printRows(rows, slowNetwork)
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runMain(main)
