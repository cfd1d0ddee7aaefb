/**
 * Load benchmark: the built server with the demo data in a scratch folder, on loopback, and simulated
 * students using it through the real HTTP API and WebSocket for a fixed time: browse the portal, search,
 * open listings, favorite, chat (each with a live chat subscription open), and now and then upload a photo.
 * Before it, in the same run, the floor: the same students, actions, think times and HTTP client against
 * an Express hello-world (every action's requests answered `{"hello":"world"}`), each holding a socket
 * open on a raw `ws` echo server as it holds its subscription on the app. Prints the command and the
 * data, then per action the requests, errors and p50/p95/p99, the floor's p95/p99 and the ratios, and the
 * server's CPU and RSS.
 * Usage: npm run bench:load (STUDENTS=200 DURATION=60 to change; DURATION is the time of each of the two
 * passes, the floor's and the server's; SERVER_DIR=../base runs that checkout's build instead, to compare two
 * builds run after one another).
 *
 * Members get their sessions straight in the database, as a sign-in would leave them, so the sign-in
 * limits per address (which a single-address benchmark would trip) are never involved; no limit is
 * loosened for the benchmark.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import WebSocket from 'ws'
import { openDatabase, runMigrations } from '../../server/db/client'
import { createConversation, createStudent } from '../../server/db/factories'
import { createSession } from '../../server/people/auth/session'
import { type BuiltServer, freePort, seedDemo, startBuiltServer } from '../lib/built-server'
import { type Floor, startHelloWorld, startWsEcho } from '../lib/floors'
import { cpuTimeMs, percentile, rssKiB } from '../lib/measure'
import { commandLine, listingsText } from '../lib/run-info'

const STUDENTS = Number(process.env.STUDENTS ?? 200)
const DURATION_S = Number(process.env.DURATION ?? 60)
const ACTIONS = ['portal', 'busca', 'anuncio', 'favoritar', 'chat', 'foto'] as const
type Action = (typeof ACTIONS)[number]
/** How often each action comes up, out of 100 turns. */
const WEIGHTS: Record<Action, number> = {
  portal: 30,
  busca: 20,
  anuncio: 25,
  favoritar: 10,
  chat: 13,
  foto: 2,
}
const SEARCHES = ['calculo', 'livro', 'jaleco', 'notebook', 'cadeira', 'fisica', 'monitor', 'bicicleta']

type Member = { token: string; conversationId: number }

async function prepare(dataDir: string): Promise<Member[]> {
  seedDemo(dataDir)
  const db = openDatabase(join(dataDir, 'vupt.sqlite'))
  runMigrations(db, resolve('drizzle'))
  const members: Member[] = []
  for (let pair = 0; pair < Math.ceil(STUDENTS / 2); pair++) {
    const [one, two] = await Promise.all(
      [0, 1].map(() => createStudent(db, { member: true, password: `carga-${pair}-senha` })),
    )
    if (!one || !two) throw new Error('estudantes não criados')
    const conversationId = createConversation(db, one.id, two.id)
    for (const member of [one, two])
      members.push({ token: createSession(db, member.id).token, conversationId })
  }
  db.$client.pragma('wal_checkpoint(TRUNCATE)')
  db.$client.close()
  return members.slice(0, STUDENTS)
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 })

/** One HTTP request through a shared keep-alive pool; resolves with the status (0 when it failed). */
function call(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: Buffer,
  contentType = 'application/json',
): Promise<number> {
  return new Promise((resolveStatus) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          Cookie: `vupt_session=${token}`,
          Origin: `http://127.0.0.1:${port}`,
          ...(body ? { 'Content-Type': contentType, 'Content-Length': body.length } : {}),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolveStatus(response.statusCode ?? 0))
      },
    )
    request.on('error', () => resolveStatus(0))
    request.end(body)
  })
}

const query = (name: string, input: unknown) =>
  `/api/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`
const json = (value: unknown) => Buffer.from(JSON.stringify(value))

async function photoForm(seed: number): Promise<{ body: Buffer; type: string }> {
  const image = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: `#${((seed * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`,
    },
  })
    .jpeg()
    .toBuffer()
  const boundary = `carga${seed}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

/** Opens a WebSocket per student, answering the server's PING; `subscribe` asks for the chat stream. */
function openSockets(url: string, members: Member[], port: number, subscribe: boolean) {
  return Promise.all(
    members.map(
      (member) =>
        new Promise<WebSocket>((resolveSocket, reject) => {
          const socket = new WebSocket(url, {
            headers: { Cookie: `vupt_session=${member.token}`, Origin: `http://127.0.0.1:${port}` },
          })
          socket.once('error', reject)
          socket.on('message', (raw) => {
            if (raw.toString() === 'PING') socket.send('PONG')
          })
          socket.once('open', () => {
            if (subscribe)
              socket.send(
                JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.events', input: {} } }),
              )
            resolveSocket(socket)
          })
        }),
    ),
  )
}

/** One student's action against what listens on `port` (the app or the floor): its requests' statuses. */
function actions(port: number, listingIds: number[]) {
  return async (action: Action, member: Member, turn: number): Promise<number[]> => {
    const listingId = listingIds[Math.floor(Math.random() * listingIds.length)]
    switch (action) {
      case 'portal':
        return Promise.all([
          call(port, 'GET', query('listings.list', { sort: 'recent' }), member.token),
          call(port, 'GET', query('listings.categories', {}), member.token),
        ])
      case 'busca':
        return [
          await call(
            port,
            'GET',
            query('listings.list', { q: SEARCHES[turn % SEARCHES.length] }),
            member.token,
          ),
        ]
      case 'anuncio':
        return [await call(port, 'GET', query('listings.byId', { id: listingId }), member.token)]
      case 'favoritar':
        return [
          await call(
            port,
            'POST',
            '/api/trpc/listings.setFavorite',
            member.token,
            json({ id: listingId, favorite: turn % 2 === 0 }),
          ),
        ]
      case 'chat':
        return [
          await call(
            port,
            'POST',
            '/api/trpc/chat.send',
            member.token,
            json({
              conversationId: member.conversationId,
              content: `oi, ainda está disponível? (${turn})`,
            }),
          ),
        ]
      case 'foto': {
        const form = await photoForm(turn)
        return [await call(port, 'POST', '/api/uploads?kind=listing', member.token, form.body, form.type)]
      }
    }
  }
}

type Pass = {
  elapsed: number
  latencies: Map<Action, number[]>
  errors: Map<Action, number>
  errorStatuses: Map<string, number>
}

const pick = (): Action => {
  let roll = Math.random() * 100
  for (const action of ACTIONS) {
    roll -= WEIGHTS[action]
    if (roll < 0) return action
  }
  return 'portal'
}

/** Every student acting for DURATION_S: the latencies (sorted) and failures of each action. */
async function drive(
  members: Member[],
  run: (action: Action, member: Member, turn: number) => Promise<number[]>,
): Promise<Pass> {
  const latencies = new Map<Action, number[]>(ACTIONS.map((action) => [action, []]))
  const errors = new Map<Action, number>(ACTIONS.map((action) => [action, 0]))
  const errorStatuses = new Map<string, number>()
  const startedAt = performance.now()
  const endAt = startedAt + DURATION_S * 1000
  await Promise.all(
    members.map(async (member, index) => {
      // Spread the starts over the first second; then a student acts every 0.5–1.5 s.
      await new Promise((r) => setTimeout(r, (index / members.length) * 1000))
      for (let turn = index; performance.now() < endAt; turn++) {
        const action = pick()
        const began = performance.now()
        const statuses = await run(action, member, turn)
        latencies.get(action)?.push(performance.now() - began)
        const failed = statuses.filter((status) => status < 200 || status >= 300)
        if (failed.length > 0) {
          errors.set(action, (errors.get(action) ?? 0) + 1)
          for (const status of failed)
            errorStatuses.set(`${action} ${status}`, (errorStatuses.get(`${action} ${status}`) ?? 0) + 1)
        }
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000))
      }
    }),
  )
  for (const values of latencies.values()) values.sort((a, b) => a - b)
  return { elapsed: (performance.now() - startedAt) / 1000, latencies, errors, errorStatuses }
}

/** The floor's pass: the same students and actions against the hello-world, sockets on the `ws` echo. */
async function floorPass(members: Member[], listingIds: number[]): Promise<Pass> {
  const floors: Floor[] = []
  try {
    const hello = await startHelloWorld()
    floors.push(hello)
    const echo = await startWsEcho()
    floors.push(echo)
    const sockets = await openSockets(echo.url, members, hello.port, false)
    try {
      return await drive(members, actions(hello.port, listingIds))
    } finally {
      for (const socket of sockets) socket.terminate()
    }
  } finally {
    for (const floor of floors) await floor.stop()
  }
}

const totals = (pass: Pass) => {
  let requests = 0
  let errors = 0
  for (const action of ACTIONS) {
    requests += pass.latencies.get(action)?.length ?? 0
    errors += pass.errors.get(action) ?? 0
  }
  return { requests, errors }
}

/** Each action's latencies under load beside the floor's for the same action. */
function printActions({ latencies, errors }: Pass, floor: Pass) {
  process.stdout.write(
    'ação       pedidos  erros    p50 ms   p95 ms   p99 ms | piso p95  piso p99 | p95 ÷ piso  p99 ÷ piso\n',
  )
  const ratio = (value: number, floorValue: number) =>
    floorValue > 0 && value > 0 ? `${(value / floorValue).toFixed(1)}×` : '—'
  for (const action of ACTIONS) {
    const sorted = latencies.get(action) ?? []
    const floorSorted = floor.latencies.get(action) ?? []
    const [p95, p99] = [percentile(sorted, 95), percentile(sorted, 99)]
    const [floorP95, floorP99] = [percentile(floorSorted, 95), percentile(floorSorted, 99)]
    process.stdout.write(
      `${action.padEnd(10)} ${String(sorted.length).padStart(7)} ${String(errors.get(action)).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(9)} ${p95.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} |` +
        ` ${floorP95.toFixed(1).padStart(8)} ${floorP99.toFixed(1).padStart(9)} | ${ratio(p95, floorP95).padStart(10)} ${ratio(p99, floorP99).padStart(11)}\n`,
    )
  }
}

async function main() {
  process.stdout.write(`$ ${commandLine(['STUDENTS', 'DURATION', 'SERVER_DIR', 'SERVER_NODE_ARGS'])}\n`)
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-bench-load-'))
  const port = await freePort()
  let server: BuiltServer | undefined
  try {
    process.stdout.write(`preparando: demonstração + ${STUDENTS} estudantes em ${dataDir}\n`)
    const members = await prepare(dataDir)
    process.stdout.write(
      `dados: demonstração (scripts/seed-demo.ts) e ${STUDENTS} estudantes do benchmark; ${listingsText(join(dataDir, 'vupt.sqlite'))}\n`,
    )
    // SERVER_DIR: another checkout's build under the same load (bench:compare's BASE_DIR, for bench:load).
    server = await startBuiltServer(dataDir, { port, cwd: process.env.SERVER_DIR })
    const pid = server.process.pid ?? 0
    const anyToken = members[0]?.token ?? ''
    const listingIds = await (async () => {
      const response = await fetch(`http://127.0.0.1:${port}${query('listings.list', { limit: 60 })}`, {
        headers: { cookie: `vupt_session=${anyToken}` },
      })
      const body = (await response.json()) as { result: { data: { items: { id: number }[] } } }
      return body.result.data.items.map((item) => item.id)
    })()
    if (listingIds.length === 0) throw new Error('sem anúncios de demonstração')

    // The floor first, with the server up but idle: nothing of the server's pass is running yet.
    process.stdout.write(
      `medindo o piso: ${STUDENTS} estudantes por ${DURATION_S} s contra o Express hello-world\n`,
    )
    const floor = await floorPass(members, listingIds)

    // Every student keeps the chat subscription a signed-in page keeps.
    const sockets = await openSockets(`ws://127.0.0.1:${port}/api/ws`, members, port, true)
    const socketsClosed = { count: 0 }
    for (const socket of sockets) socket.on('close', () => (socketsClosed.count += 1))

    const cpuBefore = cpuTimeMs(pid) / 1000
    let peakRss = rssKiB(pid) / 1024
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, rssKiB(pid) / 1024)
    }, 500)
    const pass = await drive(members, actions(port, listingIds))
    const { elapsed, errorStatuses } = pass
    clearInterval(rssTimer)
    const cpu = cpuTimeMs(pid) / 1000 - cpuBefore
    const rssEnd = rssKiB(pid) / 1024
    const closedDuringLoad = socketsClosed.count
    for (const socket of sockets) socket.terminate()

    process.stdout.write(
      `\n${STUDENTS} estudantes por ${elapsed.toFixed(1)} s, servidor em 127.0.0.1 (pid ${pid})\n`,
    )
    printActions(pass, floor)
    const { requests: total, errors: totalErrors } = totals(pass)
    process.stdout.write(
      `total      ${String(total).padStart(7)} ${String(totalErrors).padStart(6)}   (${(total / elapsed).toFixed(0)} ações/s)\n`,
    )
    for (const [key, count] of errorStatuses) process.stdout.write(`  erro ${key}: ${count}\n`)
    const floorTotals = totals(floor)
    process.stdout.write(
      `piso (na mesma execução, antes): Express hello-world, {"hello":"world"} a cada pedido, e eco de ws puro nos ` +
        `sockets abertos; ${floorTotals.requests} ações em ${floor.elapsed.toFixed(1)} s ` +
        `(${(floorTotals.requests / floor.elapsed).toFixed(0)} ações/s), ${floorTotals.errors} erros\n`,
    )
    for (const [key, count] of floor.errorStatuses) process.stdout.write(`  erro no piso ${key}: ${count}\n`)
    process.stdout.write(
      `WebSockets fechados durante a carga: ${closedDuringLoad} de ${sockets.length}\n` +
        `servidor: CPU ${cpu.toFixed(1)} s em ${elapsed.toFixed(1)} s (${((cpu / elapsed) * 100).toFixed(0)}% de um núcleo), RSS no fim ${rssEnd.toFixed(0)} MiB, pico ${peakRss.toFixed(0)} MiB\n`,
    )
  } finally {
    agent.destroy()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
