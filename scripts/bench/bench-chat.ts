/**
 * Chat benchmark: members in pairs exchange messages through the real built server over their tRPC
 * WebSockets, as the client does (the send as a mutation on the socket, the delivery on the other
 * member's subscription), at 100, 2,000 and 10,000 open connections. Prints the
 * delivery latency (send → receive) median and p99, messages per second and the server's memory
 * per open connection (resident memory after a full garbage collection asked through the inspector,
 * before and after the connections open, and the JavaScript heap of the same reading), the delay of the
 * benchmark's own event loop during the latency round (it shares the machine with the server, and a
 * delivery it reads late counts as late), beside two floors measured in the same run: a raw `ws` echo server (round
 * trips per second, memory per idle connection) and raw SQLite inserts at synchronous=FULL (one commit
 * each). Ends with one line of the ratios against the targets. Loopback only: the connections come from
 * several 127.0.0.x addresses, as many students behind a few campus addresses would.
 * Usage: npm run bench:chat (CONNECTIONS=100,2000 MESSAGES=5 to change).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import WebSocket from 'ws'
import { openDatabase, runMigrations } from '../../server/db/client'
import { communities, conversations, profiles, users } from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import { createSession } from '../../server/people/auth/session'
import { freePort, startBuiltServer } from '../lib/built-server'
import { startWsEcho } from '../lib/floors'
import { memoryAfterGc, percentile } from '../lib/measure'
import { commandLine } from '../lib/run-info'
import { runMain } from '../lib/run-main'

const SCENARIOS = (process.env.CONNECTIONS ?? '100,2000,10000').split(',').map(Number)
/** Messages each member sends in the throughput burst; below the per-member send limit (20 per 10 s). */
const MESSAGES = Number(process.env.MESSAGES ?? 5)
/** Members sending in the burst, at most: 10,000 messages. */
const BURST_SENDERS = 2_000
/** Connections per source address, below the server's cap per address (500). */
const PER_ADDRESS = 400
const sourceAddress = (index: number) => `127.0.0.${2 + Math.floor(index / PER_ADDRESS)}`

/**
 * Every connection is a file on both ends. When the soft limit is too low for the largest scenario,
 * the benchmark runs itself again under `prlimit` with the hard limit (the server inherits it).
 */
function ensureFileLimit() {
  // Per process: the benchmark holds the client end of every connection, the server (or the floor) the other.
  const needed = Math.max(...SCENARIOS) + 1_000
  const line = /Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/.exec(
    readFileSync('/proc/self/limits', 'utf8'),
  )
  const soft = line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1] ?? 0)
  const hard = line?.[2] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[2] ?? 0)
  if (soft >= needed || process.env.BENCH_CHAT_RELAUNCHED) return
  if (hard < needed) throw new Error(`limite de arquivos abertos (${hard}) abaixo de ${needed}`)
  const limit = Number.isFinite(hard) ? String(hard) : 'unlimited'
  const rerun = spawnSync(
    'prlimit',
    [`--nofile=${limit}:${limit}`, '--', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, BENCH_CHAT_RELAUNCHED: '1' } },
  )
  process.exit(rerun.status ?? 1)
}

type Member = { userId: number; token: string; conversationId: number }

async function prepare(file: string, connections: number): Promise<Member[]> {
  const db = openDatabase(file)
  runMigrations(db, resolve('drizzle'))
  await seedBase(db)
  const community = db.select().from(communities).where(eq(communities.slug, 'univille')).get()
  if (!community) throw new Error('comunidade ausente')
  const members: Member[] = []
  db.transaction((tx) => {
    for (let pair = 0; pair < connections / 2; pair++) {
      const ids = [0, 1].map((side) => {
        const user = tx
          .insert(users)
          .values({ email: `par${pair}-${side}@univille.br`, emailVerifiedAt: new Date() })
          .returning({ id: users.id })
          .get()
        tx.insert(profiles)
          .values({
            userId: user.id,
            username: `par${pair}_${side}`,
            fullName: `Par ${pair} ${side}`,
            university: 'Univille',
            course: 'Engenharia',
            communityId: community.id,
            approved: true,
          })
          .run()
        return user.id
      })
      const [one, two] = ids as [number, number]
      const conversation = tx
        .insert(conversations)
        .values({ communityId: community.id, participantOne: one, participantTwo: two })
        .returning({ id: conversations.id })
        .get()
      for (const userId of ids) members.push({ userId, token: '', conversationId: conversation.id })
    }
  })
  for (const member of members) member.token = createSession(db, member.userId).token
  db.$client.close()
  return members
}

/** A member's open socket: sends mutations on it and resolves each with the server's answer. */
type Connection = { socket: WebSocket; mutate: (path: string, input: unknown) => Promise<void> }

/** Opens the member's WebSocket and subscribes to chat.events; `onMessage` gets each delivered content. */
function connect(
  port: number,
  member: Member,
  localAddress: string,
  onMessage: (content: string) => void,
): Promise<Connection> {
  return new Promise((resolvePromise, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { Cookie: `vupt_session=${member.token}`, Origin: `http://127.0.0.1:${port}` },
      localAddress,
    })
    const answers = new Map<number, { done: () => void; fail: (error: Error) => void }>()
    let nextId = 2
    const mutate = (path: string, input: unknown) =>
      new Promise<void>((done, fail) => {
        const id = nextId++
        answers.set(id, { done, fail })
        socket.send(JSON.stringify({ id, method: 'mutation', params: { path, input } }))
      })
    socket.on('error', reject)
    socket.on('open', () => {
      socket.send(
        JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.events', input: {} } }),
      )
    })
    socket.on('message', (raw) => {
      const text = raw.toString()
      if (text === 'PING') return socket.send('PONG')
      const message = JSON.parse(text) as {
        id?: number
        error?: { message: string }
        result?: { type: string; data?: { data?: { type: string; message?: { content: string } } } }
      }
      const answer = message.id === undefined ? undefined : answers.get(message.id)
      if (answer && message.id !== undefined) {
        answers.delete(message.id)
        if (message.error) answer.fail(new Error(`envio recusado: ${message.error.message}`))
        else answer.done()
        return
      }
      if (message.result?.type === 'started') resolvePromise({ socket, mutate })
      const event = message.result?.data?.data
      if (event?.type === 'message' && event.message) onMessage(event.message.content)
    })
  })
}

/** Sends `count` messages from the given members, `rate` per second in total; resolves when all were accepted. */
async function sendPaced(
  connections: Map<number, Connection>,
  senders: Member[],
  count: number,
  rate: number,
  sentAt: Map<string, number>,
  round: string,
) {
  const pending: Promise<void>[] = []
  const started = performance.now()
  for (let n = 0; n < count; n++) {
    const member = senders[n % senders.length] as Member
    const due = started + (n * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const key = `${round}-${n}`
    sentAt.set(key, performance.now())
    const connection = connections.get(member.userId)
    if (!connection) throw new Error('membro sem conexão')
    pending.push(
      connection.mutate('chat.send', {
        conversationId: member.conversationId,
        content: `${key}|${member.userId}`,
      }),
    )
  }
  await Promise.all(pending)
}

/** Waits until every sent message was delivered, or the time runs out (the summary counts what is missing). */
async function allDelivered(sentAt: Map<string, number>, deliveredAt: Map<string, number>, ms: number) {
  const deadline = Date.now() + ms
  while (deliveredAt.size < sentAt.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
}

async function runScenario(connections: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-chat-bench-'))
  const port = await freePort()
  const members = await prepare(join(dataDir, 'vupt.sqlite'), connections)
  const inspectorPort = await freePort()
  const server = await startBuiltServer(dataDir, { port, nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`] })
  const pid = server.process.pid ?? 0
  try {
    await new Promise((r) => setTimeout(r, 500))
    const memoryBefore = await memoryAfterGc(pid, inspectorPort)
    const sentAt = new Map<string, number>()
    const deliveredAt = new Map<string, number>()
    const open = new Map<number, Connection>()
    for (let i = 0; i < members.length; i += 100) {
      const batch = members.slice(i, i + 100)
      await Promise.all(
        batch.map(async (member, n) => {
          const connection = await connect(port, member, sourceAddress(i + n), (content) => {
            const [key, sender] = content.split('|')
            // Each member also receives its own messages; count the other side's delivery only.
            if (Number(sender) === member.userId || !key) return
            deliveredAt.set(key, performance.now())
          })
          open.set(member.userId, connection)
        }),
      )
    }
    const memoryConnected = await memoryAfterGc(pid, inspectorPort)

    // 1. Latency at a steady 100 messages/s, spread over every pair, with all connections open.
    // The benchmark shares the machine with the server: a delivery it reads late because its own event
    // loop was held up (its garbage collection, no CPU for it) counts as late too, so that delay is
    // printed beside the latency.
    const clientLoop = monitorEventLoopDelay({ resolution: 5 })
    clientLoop.enable()
    await sendPaced(open, members, 1000, 100, sentAt, 'ritmo')
    // The burst starts once the steady round is delivered, so it adds nothing to that round's latency.
    await allDelivered(sentAt, deliveredAt, 30_000)
    clientLoop.disable()
    // 2. Throughput: every member sends MESSAGES at once (the server queues what it cannot take).
    const burstStart = performance.now()
    const burst = members
      .slice(0, BURST_SENDERS)
      .flatMap((member) => Array.from({ length: MESSAGES }, () => member))
    await sendPaced(open, burst, burst.length, 1_000_000, sentAt, 'rajada')
    await allDelivered(sentAt, deliveredAt, 120_000)
    const burstDeliveries = [...deliveredAt].filter(([key]) => key.startsWith('rajada')).map(([, at]) => at)
    const burstEnd = Math.max(...burstDeliveries)
    for (const { socket } of open.values()) socket.close()

    const latencies = [...sentAt]
      .filter(([key]) => key.startsWith('ritmo'))
      .map(([key, at]) => (deliveredAt.get(key) ?? Number.POSITIVE_INFINITY) - at)
      .sort((a, b) => a - b)
    return {
      connections,
      delivered: deliveredAt.size,
      expected: sentAt.size,
      median: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      clientLoopP99: clientLoop.percentile(99) / 1e6,
      clientLoopMax: clientLoop.max / 1e6,
      // Messages delivered, not sent: one lost must not count toward the rate.
      perSecond: burstDeliveries.length / ((burstEnd - burstStart) / 1000),
      kibPerConnection: (memoryConnected.rssKiB - memoryBefore.rssKiB) / connections,
      heapKibPerConnection: (memoryConnected.heapKiB - memoryBefore.heapKiB) / connections,
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Floor: a raw `ws` echo server in its own process, no tRPC, no session, no database. */
async function wsFloor(connections: number) {
  const echo = await startWsEcho({ inspect: true })
  const { pid, inspectorPort = 0 } = echo
  try {
    const open = (index: number) =>
      new Promise<WebSocket>((resolveSocket, reject) => {
        const socket = new WebSocket(echo.url, { localAddress: sourceAddress(index) })
        socket.once('open', () => resolveSocket(socket))
        socket.once('error', reject)
      })
    // Round trips: 32 clients, each sending the next message when the echo of the last arrives.
    const clients = await Promise.all(Array.from({ length: 32 }, (_, n) => open(n)))
    const perClient = 1_000
    const started = performance.now()
    await Promise.all(
      clients.map(
        (socket) =>
          new Promise<void>((done) => {
            let left = perClient
            socket.on('message', () => {
              if (--left === 0) done()
              else socket.send('x'.repeat(120))
            })
            socket.send('x'.repeat(120))
          }),
      ),
    )
    const roundTripsPerSecond = (clients.length * perClient) / ((performance.now() - started) / 1000)
    for (const socket of clients) socket.close()
    const before = await memoryAfterGc(pid, inspectorPort)
    const idle: WebSocket[] = []
    for (let i = 0; i < connections; i += 100) {
      idle.push(
        ...(await Promise.all(Array.from({ length: Math.min(100, connections - i) }, (_, n) => open(i + n)))),
      )
    }
    const connected = await memoryAfterGc(pid, inspectorPort)
    const kibPerConnection = (connected.rssKiB - before.rssKiB) / connections
    const heapKibPerConnection = (connected.heapKiB - before.heapKiB) / connections
    // Latency as the app's steady round: 1,000 messages at 100/s spread over every open connection,
    // each timed from the send to its echo.
    const sentAt = new Map<string, number>()
    const echoedAt = new Map<string, number>()
    for (const socket of idle)
      socket.on('message', (data) => echoedAt.set(data.toString(), performance.now()))
    const paceStart = performance.now()
    for (let n = 0; n < 1000; n++) {
      const wait = paceStart + n * 10 - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const key = `${n}|${'x'.repeat(100)}`
      sentAt.set(key, performance.now())
      idle[n % idle.length]?.send(key)
    }
    await allDelivered(sentAt, echoedAt, 30_000)
    const latencies = [...sentAt]
      .map(([key, at]) => (echoedAt.get(key) ?? Number.POSITIVE_INFINITY) - at)
      .sort((a, b) => a - b)
    for (const socket of idle) socket.terminate()
    return {
      roundTripsPerSecond,
      kibPerConnection,
      heapKibPerConnection,
      median: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    }
  } finally {
    await echo.stop()
  }
}

/**
 * Floor: inserts into SQLite at synchronous=FULL, one commit each, as a send without batching would do.
 * Also the p99 and the longest of those commits: each waits for the disk, with the event loop held, so
 * on a busy disk they bound from below the latency of a message that needs a commit of its own.
 */
function sqliteFloor() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vupt-chat-floor-'))
  try {
    const db = openDatabase(join(dataDir, 'floor.sqlite'))
    db.$client.exec('create table messages (id integer primary key, content text not null)')
    const insert = db.$client.prepare('insert into messages (content) values (?)')
    const commits: number[] = []
    const started = performance.now()
    while (performance.now() - started < 2_000) {
      const start = performance.now()
      insert.run('x'.repeat(120))
      commits.push(performance.now() - start)
    }
    const perSecond = commits.length / ((performance.now() - started) / 1000)
    db.$client.close()
    commits.sort((a, b) => a - b)
    return { perSecond, commitP99: percentile(commits, 99), commitMax: commits.at(-1) ?? 0 }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

type Result = Awaited<ReturnType<typeof runScenario>> & { floor: Awaited<ReturnType<typeof wsFloor>> }

/** One scenario's line of the table. */
function printRow(result: Result) {
  const { floor } = result
  process.stdout.write(
    [
      String(result.connections).padStart(8),
      `${result.delivered}/${result.expected}`.padStart(14),
      `${result.median.toFixed(1).padStart(13)} ms`,
      `${result.p99.toFixed(1).padStart(9)} ms`,
      `${result.clientLoopP99.toFixed(0)} / ${result.clientLoopMax.toFixed(0)} ms`.padStart(15),
      result.perSecond.toFixed(0).padStart(19),
      `${result.kibPerConnection.toFixed(1)} KiB (${result.heapKibPerConnection.toFixed(1)})`.padStart(22),
      floor.roundTripsPerSecond.toFixed(0).padStart(22),
      `${floor.kibPerConnection.toFixed(1)} KiB (${floor.heapKibPerConnection.toFixed(1)})`.padStart(31),
      `${floor.p99.toFixed(1).padStart(9)} ms`,
      `${loadavg()[0]?.toFixed(1)}\n`,
    ].join(' | '),
  )
}

/** The summary line: each scenario against the ws and SQLite floors, the targets read at 2,000 connections. */
function printSummary(results: Result[], insertsPerSecond: number) {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'NÃO')
  const summary = results.map((r) => {
    const targets = r.connections === 2000
    return (
      `${r.connections} conexões: p99 ${r.p99.toFixed(1)} ms (${(r.p99 / r.floor.p99).toFixed(1)}× o ws puro; laço do cliente atrasou até ${r.clientLoopMax.toFixed(0)} ms)${targets ? ` [meta ≤ 20 ms: ${verdict(r.p99 <= 20)}]` : ''}, ` +
      `${r.kibPerConnection.toFixed(1)} KiB/conexão, heap ${r.heapKibPerConnection.toFixed(1)} KiB (${(r.kibPerConnection / r.floor.kibPerConnection).toFixed(1)}× o ws puro)` +
      `${targets ? ` [meta ≤ 20 KiB: ${verdict(r.kibPerConnection <= 20)}]` : ''}, ` +
      `vazão ${r.perSecond.toFixed(0)} msg/s (${(r.perSecond / insertsPerSecond).toFixed(1)}× o SQLite de um commit por inserção)` +
      `${targets ? ` [meta ≥ 1000: ${verdict(r.perSecond >= 1000)}]` : ''}` +
      `${r.delivered < r.expected ? `, ${r.expected - r.delivered} NÃO entregues` : ''}`
    )
  })
  process.stdout.write(`\nresumo: ${summary.join('; ')}\n`)
}

async function main() {
  ensureFileLimit()
  process.stdout.write(
    `$ ${commandLine(['CONNECTIONS', 'MESSAGES', 'REDIS_URL', 'SERVER_NODE_ARGS'])}\n` +
      `dados: só a semente base (comunidade Univille, nenhum anúncio) e, em cada cenário, um banco novo com tantos membros\n` +
      `quantas conexões, em pares, uma conversa por par; barramento ${process.env.REDIS_URL ? 'no Redis (REDIS_URL)' : 'no processo (sem REDIS_URL)'}.\n`,
  )
  const { perSecond: insertsPerSecond, commitP99, commitMax } = sqliteFloor()
  process.stdout.write(
    'Pares de membros; envio pela WebSocket de quem envia, entrega pela assinatura WebSocket do outro lado.\n' +
      `Latência: 1.000 mensagens a 100/s com todas as conexões abertas. Vazão: até ${BURST_SENDERS} membros enviam ${MESSAGES} de uma vez.\n` +
      `Pisos no mesmo minuto: eco de \`ws\` puro (ida e volta por segundo, memória por conexão parada, p99 da ida e volta\n` +
      `de 1.000 mensagens a 100/s com as conexões abertas) e SQLite puro\n` +
      `com synchronous=FULL, um commit por inserção: ${insertsPerSecond.toFixed(0)} inserções/s, ` +
      `commit p99 ${commitP99.toFixed(1)} ms, o mais longo ${commitMax.toFixed(1)} ms.\n` +
      'Memória: residente (e, entre parênteses, só o heap do JavaScript) depois de uma coleta de lixo completa.\n' +
      'Laço do cliente: atraso do laço de eventos do próprio benchmark (p99 / máximo) durante a rodada de latência.\n\n' +
      'conexões | entregues      | latência mediana | latência p99 | laço do cliente | mensagens/s (vazão) | memória/conexão (heap) | ws puro: ida e volta/s | ws puro: memória/conexão (heap) | ws puro: p99 | carga\n' +
      '---------|----------------|------------------|--------------|-----------------|---------------------|------------------------|------------------------|---------------------------------|--------------|------\n',
  )
  const results: Result[] = []
  for (const connections of SCENARIOS) {
    const result = { ...(await runScenario(connections)), floor: await wsFloor(connections) }
    results.push(result)
    printRow(result)
  }
  printSummary(results, insertsPerSecond)
}

runMain(main)
