import { mkdtempSync, rmSync, watch, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createListing, createStudent } from '../../server/db/factories'
import { createHttpApp } from '../../server/http/app'
import type { BackupStatus } from '../../server/ops/backup-job'
import { createMetrics } from '../../server/ops/metrics'
import { attachWebSockets, WS_PATH } from '../../server/realtime/ws'
import { appRouter } from '../../server/routers/_app'
import { browserHeaders, sessionCookieFor, startHttpApp } from '../support/http'
import { setUpTestWorld } from '../support/test-app'

const TOKEN = 'token-de-metricas-0123456789'
const world = setUpTestWorld()
let dataDir: string
let backup: BackupStatus
const closers: (() => Promise<void> | void)[] = []

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vupt-metrics-'))
  backup = { enabled: false, lastSuccessAt: null, lastFailureAt: null }
})

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  rmSync(dataDir, { recursive: true, force: true })
})

function newMetrics() {
  return createMetrics({ procedures: new Set(Object.keys(appRouter._def.procedures)), backup: () => backup })
}

async function start(options: { token?: string; minFreeBytes?: number; readinessClock?: () => number } = {}) {
  const metrics = newMetrics()
  const app = await startHttpApp(world.services, {
    metrics,
    metricsToken: options.token,
    dataDir,
    minFreeBytes: options.minFreeBytes,
    readinessClock: options.readinessClock,
  })
  closers.push(app.close)
  const scrape = async (authorization?: string) => {
    const response = await fetch(`${app.url}/metrics`, {
      headers: authorization ? { authorization } : {},
    })
    return { status: response.status, text: await response.text() }
  }
  return { ...app, metrics, scrape }
}

/** The value of one sample line of the Prometheus text, or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN, and refuses a missing or wrong token when there is one', async () => {
    const off = await start()
    expect((await off.scrape()).status).toBe(404)
    expect((await off.scrape(`Bearer ${TOKEN}`)).status).toBe(404)

    const on = await start({ token: TOKEN })
    const anonymous = await on.scrape()
    expect(anonymous.status).toBe(401)
    expect(anonymous.text).not.toContain('vupt_')
    expect((await on.scrape('Bearer token-errado-0123456789xx')).status).toBe(401)
    expect((await on.scrape(TOKEN)).status).toBe(401)
    const allowed = await on.scrape(`Bearer ${TOKEN}`)
    expect(allowed.status).toBe(200)
    expect(allowed.text).toContain('# TYPE vupt_http_requests_total counter')
  })

  it('counts requests by procedure and status and times them, with unknown paths under one label', async () => {
    const app = await start({ token: TOKEN })
    const student = await createStudent(world.db, { member: true })
    const cookie = sessionCookieFor(world.services, student.id)
    await fetch(`${app.url}/api/trpc/listings.list?input=${encodeURIComponent('{}')}`)
    await fetch(`${app.url}/api/trpc/listings.list?input=${encodeURIComponent('{}')}`)
    // Batched: each procedure counted.
    await fetch(
      `${app.url}/api/trpc/listings.stats,chat.unreadCount?batch=1&input=${encodeURIComponent('{}')}`,
      {
        headers: browserHeaders(app.url, cookie),
      },
    )
    await fetch(`${app.url}/api/trpc/chat.unreadCount`)
    await fetch(`${app.url}/api/trpc/nao.existe`)
    await fetch(`${app.url}/api/trpc/outro.inventado`)

    // A response is counted when Node has handed it over, which can come a moment after the client read it.
    let { text } = await app.scrape(`Bearer ${TOKEN}`)
    for (
      let i = 0;
      i < 100 && sample(text, 'vupt_http_request_duration_seconds_count{procedure="desconhecido"}') !== 2;
      i++
    ) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 10))
      text = (await app.scrape(`Bearer ${TOKEN}`)).text
    }
    expect(sample(text, 'vupt_http_requests_total{procedure="listings.list",status="200"}')).toBe(2)
    expect(sample(text, 'vupt_http_requests_total{procedure="listings.stats",status="200"}')).toBe(1)
    expect(sample(text, 'vupt_http_requests_total{procedure="chat.unreadCount",status="200"}')).toBe(1)
    expect(sample(text, 'vupt_http_requests_total{procedure="chat.unreadCount",status="401"}')).toBe(1)
    expect(sample(text, 'vupt_http_requests_total{procedure="desconhecido",status="404"}')).toBe(2)
    expect(text).not.toContain('nao.existe')
    expect(sample(text, 'vupt_http_request_duration_seconds_count{procedure="listings.list"}')).toBe(2)
    expect(
      sample(text, 'vupt_http_request_duration_seconds_bucket{le="+Inf",procedure="listings.list"}'),
    ).toBe(2)
  })

  it('counts SQLite busy errors, mail failures, and reports the age of the last backup', async () => {
    const app = await start({ token: TOKEN })
    const student = await createStudent(world.db, { member: true })
    const cookie = sessionCookieFor(world.services, student.id)
    const listingId = createListing(world.db, { sellerId: student.id, title: 'Calculadora HP' })
    // Another process holds the write lock for longer than this connection waits.
    world.db.$client.pragma('busy_timeout = 20')
    const other = new Sqlite(world.db.$client.name)
    other.exec('begin immediate')
    const refused = await fetch(`${app.url}/api/trpc/listings.setFavorite`, {
      method: 'POST',
      headers: { ...browserHeaders(app.url, cookie), 'content-type': 'application/json' },
      body: JSON.stringify({ id: listingId, favorite: true }),
    })
    other.exec('rollback')
    other.close()
    expect(refused.status).toBe(500)

    const failing = app.metrics.countingMailer({
      send: () => Promise.reject(new Error('SMTP fora do ar')),
    })
    await expect(failing.send({ to: 'a@univille.br', subject: 'x', text: 'x', html: 'x' })).rejects.toThrow(
      'SMTP fora do ar',
    )
    backup = { enabled: true, lastSuccessAt: new Date(Date.now() - 3_600_000), lastFailureAt: null }

    const { text } = await app.scrape(`Bearer ${TOKEN}`)
    expect(sample(text, 'vupt_sqlite_busy_errors_total')).toBe(1)
    expect(sample(text, 'vupt_mail_failures_total')).toBe(1)
    const age = sample(text, 'vupt_backup_age_seconds') ?? 0
    expect(age).toBeGreaterThanOrEqual(3600)
    expect(age).toBeLessThan(3700)
  })

  it('reports open WebSocket connections and live subscriptions', async () => {
    const metrics = newMetrics()
    const server: Server = createServer(
      createHttpApp({
        services: world.services,
        isProduction: false,
        trustProxy: 0,
        metrics,
        metricsToken: TOKEN,
      }),
    )
    const sockets = attachWebSockets(server, world.services, { trustProxy: 0 })
    metrics.setLive({ openConnections: sockets.openTotal, activeSubscriptions: sockets.activeSubscriptions })
    server.listen(0, '127.0.0.1')
    await new Promise<void>((resolvePromise) => server.once('listening', resolvePromise))
    const base = `127.0.0.1:${(server.address() as AddressInfo).port}`
    closers.push(
      () =>
        new Promise<void>((resolvePromise) => {
          sockets.close()
          server.close(() => resolvePromise())
          server.closeAllConnections()
        }),
    )
    const student = await createStudent(world.db, { member: true })
    const cookie = sessionCookieFor(world.services, student.id)
    const scrape = async () =>
      (await fetch(`http://${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()

    const socket = new WebSocket(`ws://${base}${WS_PATH}`, { headers: { origin: `http://${base}`, cookie } })
    closers.push(() => socket.terminate())
    await new Promise((resolvePromise) => socket.once('open', resolvePromise))
    const started = new Promise((resolvePromise) => socket.once('message', resolvePromise))
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.events', input: {} } }))
    await started
    // The subscription takes its slot as its generator starts; give it that turn.
    let text = await scrape()
    for (let i = 0; i < 50 && sample(text, 'vupt_active_subscriptions') !== 1; i++) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 10))
      text = await scrape()
    }
    expect(sample(text, 'vupt_websocket_connections')).toBe(1)
    expect(sample(text, 'vupt_active_subscriptions')).toBe(1)

    const closed = new Promise((resolvePromise) => socket.once('close', resolvePromise))
    socket.close()
    await closed
    for (let i = 0; i < 50 && sample(text, 'vupt_websocket_connections') !== 0; i++) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 10))
      text = await scrape()
    }
    expect(sample(text, 'vupt_websocket_connections')).toBe(0)
    expect(sample(text, 'vupt_active_subscriptions')).toBe(0)
  })
})

describe('/readyz', () => {
  it.each([
    [
      'is ready when the database answers and takes a write, and DATA_DIR is writable with room',
      undefined,
      200,
      { status: 'ok', checks: { database: true, writable: true, diskSpace: true } },
    ],
    [
      'is not ready when DATA_DIR has less free space than required',
      Number.MAX_SAFE_INTEGER,
      503,
      { status: 'error', checks: { database: true, writable: true, diskSpace: false } },
    ],
  ])('%s', async (_, minFreeBytes, status, body) => {
    const app = await start({ minFreeBytes })
    const response = await fetch(`${app.url}/readyz`)
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(body)
  })

  it('is not ready when the database cannot take a write lock', async () => {
    const app = await start()
    world.db.$client.pragma('busy_timeout = 20')
    const other = new Sqlite(world.db.$client.name)
    other.exec('begin immediate')
    const response = await fetch(`${app.url}/readyz`)
    other.exec('rollback')
    other.close()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      status: 'error',
      checks: { database: true, writable: false, diskSpace: true },
    })
    // /healthz stays cheap and says only that the process answers.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
  })

  it('syncs one probe file per few seconds, however many requests arrive, together or in a row', async () => {
    // The probe files /readyz creates in DATA_DIR, as the file system reports them (each has a new name).
    const probes = new Set<string>()
    let sentinelSeen: (() => void) | undefined
    const watcher = watch(dataDir, (_event, name) => {
      if (name?.startsWith('.ready-')) probes.add(name)
      if (name === 'sentinela') sentinelSeen?.()
    })
    closers.push(() => watcher.close())
    // Events arrive in order: once a file written afterwards is reported, every probe before it was too.
    const probesSoFar = async () => {
      const seen = new Promise<void>((resolvePromise) => {
        sentinelSeen = resolvePromise
      })
      writeFileSync(join(dataDir, 'sentinela'), 'ok')
      await seen
      return probes.size
    }
    let now = 1_000_000
    const app = await start({ readinessClock: () => now })
    const ready = async () => (await fetch(`${app.url}/readyz`)).status

    expect(await Promise.all(Array.from({ length: 20 }, ready))).toEqual(Array(20).fill(200))
    for (let i = 0; i < 10; i++) expect(await ready()).toBe(200)
    now += 4_999
    expect(await ready()).toBe(200)
    expect(await probesSoFar()).toBe(1)

    now += 1
    expect(await Promise.all(Array.from({ length: 5 }, ready))).toEqual(Array(5).fill(200))
    expect(await probesSoFar()).toBe(2)
  })

  it('is not ready when DATA_DIR cannot be written', async () => {
    const app = await start()
    rmSync(dataDir, { recursive: true, force: true })
    const response = await fetch(`${app.url}/readyz`)
    expect(response.status).toBe(503)
    expect(((await response.json()) as { checks: { writable: boolean } }).checks.writable).toBe(false)
  })
})
