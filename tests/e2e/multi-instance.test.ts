import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, runMigrations } from '../../server/db/client'
import { createStudent } from '../../server/db/factories'
import { users } from '../../server/db/schema'
import { createSession } from '../../server/people/auth/session'
import { enrolTwoFactor } from './support/accounts'
import { liveMember } from './support/live'
import { startProxy } from './support/proxy'
import { type RunningRedis, startRedis } from './support/redis'
import { ADMIN, type RunningServer, startServer } from './support/server'
import { Api, type Population, preparePopulation } from './support/writers'

/** The scheduled backup's period in these instances: 3.6 seconds. */
const BACKUP_INTERVAL_HOURS = 0.001
const BACKUP_PERIOD_MS = BACKUP_INTERVAL_HOURS * 3600 * 1000

let redis: RunningRedis | undefined
let one: RunningServer | undefined
let two: RunningServer | undefined
let dataDir: string | undefined
let instanceEnv: Record<string, string> = {}
let backupDir: string | undefined
let population: Population
const closers: (() => void)[] = []

const pause = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms))

async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`esperando: ${what}`)
    await pause(50)
  }
}

/** Waits until some instance holds a Redis subscription for this bus topic and key. */
async function subscribedInRedis(channel: string): Promise<void> {
  const client = redis?.client
  if (!client) throw new Error('sem Redis')
  await until(`assinatura de ${channel} no Redis`, async () => {
    const [, count] = (await client.pubsub('NUMSUB', `vupt:bus:${channel}`)) as [string, number]
    return count > 0
  })
}

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(join(dataDir ?? '', 'vupt.sqlite'))
  try {
    runMigrations(db, resolve('drizzle'))
    return await work(db)
  } finally {
    db.$client.close()
  }
}

beforeAll(async () => {
  redis = await startRedis()
  backupDir = mkdtempSync(join(tmpdir(), 'vupt-backups-'))
  const env = {
    REDIS_URL: redis.url,
    BACKUP_DIR: backupDir,
    BACKUP_INTERVAL_HOURS: String(BACKUP_INTERVAL_HOURS),
    BACKUP_KEEP: '1000',
  }
  // One after the other: the first migrates and seeds the shared DATA_DIR.
  instanceEnv = env
  one = await startServer(env, { keepData: true })
  dataDir = one.dataDir
  two = await startServer(env, { dataDir, keepData: true })
  population = await preparePopulation(dataDir, 1, 0)
})

afterAll(async () => {
  for (const close of closers) close()
  await Promise.allSettled([one?.kill('SIGKILL'), two?.kill('SIGKILL')])
  await redis?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  if (backupDir) rmSync(backupDir, { recursive: true, force: true })
})

/** The chat messages a member's live page receives from `url`, each as `pick` reads it, in arrival order. */
function chatMessagesOf<T>(
  url: string,
  token: string,
  pick: (message: { id: number; content: string }) => T,
) {
  const page = liveMember(url, token)
  closers.push(page.close)
  const received: T[] = []
  const subscription = page.client.chat.events.subscribe(undefined, {
    onData: ({ data }) => {
      if (data.type === 'message') received.push(pick(data.message))
    },
  })
  return { received, subscription }
}

describe('two instances on one DATA_DIR and one Redis', () => {
  it('a message sent through one instance reaches the other party subscribed on the other', async () => {
    const [alice, bob] = population.writers
    if (!alice || !bob || !one || !two) throw new Error('sem membros')
    const { received, subscription } = chatMessagesOf(two.url, bob.token, ({ id, content }) => ({
      id,
      content,
    }))
    await subscribedInRedis(`chat:${bob.userId}`)

    const sent = await new Api(one.url, alice.token).mutation<{ id: number; createdAt: string }>(
      'chat.send',
      {
        conversationId: alice.conversationId,
        content: 'Enviada pela instância um',
      },
    )
    await until('a mensagem na outra instância', () => received.length > 0)
    expect(received).toEqual([{ id: sent.id, content: 'Enviada pela instância um' }])
    subscription.unsubscribe()
  })

  it('an approval on one instance reaches the waiting screen open on the other', async () => {
    if (!one || !two || !dataDir) throw new Error('sem servidores')
    // Administrators act only with two-factor on.
    enrolTwoFactor(dataDir, ADMIN.email)
    const { pendingId, pendingToken, adminToken } = await withDatabase(async (db) => {
      const pending = await createStudent(db, { approved: false, emailVerified: true })
      const admin = db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)).get()
      if (!admin) throw new Error('sem administrador')
      return {
        pendingId: pending.id,
        pendingToken: createSession(db, pending.id).token,
        adminToken: createSession(db, admin.id, { secondFactor: true }).token,
      }
    })
    const waiting = liveMember(two.url, pendingToken)
    closers.push(waiting.close)
    const reasons: string[] = []
    waiting.client.auth.onAccountChange.subscribe(undefined, { onData: (data) => reasons.push(data.reason) })
    await subscribedInRedis(`account:${pendingId}`)

    await new Api(one.url, adminToken).mutation('admin.users.approve', { userId: pendingId })
    await until('o aviso de aprovação', () => reasons.includes('approved'))
  })

  it('shares the rate limits: what was spent through one instance is refused on the other', async () => {
    const [alice] = population.writers
    if (!alice || !one || !two) throw new Error('sem membros')
    const typing = (url: string) =>
      fetch(`${url}/api/trpc/chat.typing`, {
        method: 'POST',
        headers: { origin: url, cookie: `vupt_session=${alice.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: alice.conversationId }),
      })
    // The typing limit is 20 announcements in 10 seconds, counted for both instances together.
    const statuses: number[] = []
    for (let call = 0; call < 10; call++) statuses.push((await typing(one.url)).status)
    for (let call = 0; call < 10; call++) statuses.push((await typing(two.url)).status)
    expect(statuses).toEqual(Array(20).fill(200))
    const refused = await typing(two.url)
    expect(refused.status).toBe(429)
    expect(JSON.stringify(await refused.json())).toContain('RATE_LIMITED')
    expect((await typing(one.url)).status).toBe(429)
  })

  it('runs a periodic job (the scheduled backup) on one instance per period, not on both', async () => {
    const folder = backupDir ?? ''
    const archives = () => readdirSync(folder).filter((name) => name.endsWith('.tar.gz'))
    const windowStart = Date.now()
    const periods = 5
    await pause(periods * BACKUP_PERIOD_MS)
    const inWindow = archives().filter((name) => statSync(join(folder, name)).mtimeMs >= windowStart)
    // A claim lasts a period, so turns are a period apart whichever instance takes them: at most one
    // per period (plus the one in progress). Each instance on its own would make twice as many.
    expect(inWindow.length).toBeGreaterThanOrEqual(2)
    expect(inWindow.length).toBeLessThanOrEqual(periods + 1)
  })

  it('when Redis goes away: instances stay up, report not ready, and a chat resumes without loss once it is back', async () => {
    const [alice, bob] = population.writers
    if (!alice || !bob || !one || !two || !redis) throw new Error('sem membros')
    const { received } = chatMessagesOf(two.url, bob.token, (message) => message.content)
    await subscribedInRedis(`chat:${bob.userId}`)

    await redis.stop()
    await until(
      '/readyz recusando sem o Redis',
      async () => (await fetch(`${two?.url}/readyz`)).status === 503,
    )
    const aliceApi = new Api(one.url, alice.token)
    // Saved while the instances cannot reach each other.
    await aliceApi.mutation('chat.send', { conversationId: alice.conversationId, content: 'Durante a queda' })
    await redis.start()
    await until('/readyz pronto de novo', async () => (await fetch(`${two?.url}/readyz`)).status === 200)
    await aliceApi.mutation('chat.send', { conversationId: alice.conversationId, content: 'Depois da volta' })

    await until('as duas mensagens', () => received.length >= 2)
    expect(received).toEqual(['Durante a queda', 'Depois da volta'])
    expect((await fetch(`${one.url}/readyz`)).status).toBe(200)

    // The subscriber connections drop while publishing works: the message is published to nobody, and
    // the subscription finds it in the database once its connection is back.
    await redis.client.call('CLIENT', 'KILL', 'TYPE', 'pubsub')
    const [, listeners] = (await redis.client.pubsub('NUMSUB', `vupt:bus:chat:${bob.userId}`)) as [
      string,
      number,
    ]
    expect(listeners).toBe(0)
    await aliceApi.mutation('chat.send', {
      conversationId: alice.conversationId,
      content: 'Sem ninguém ouvindo',
    })
    await until('a mensagem publicada sem ouvintes', () => received.length >= 3)
    expect(received).toEqual(['Durante a queda', 'Depois da volta', 'Sem ninguém ouvindo'])
  })

  it('a rolling restart of both instances behind a proxy loses no message for a connected member', async () => {
    const [alice, bob] = population.writers
    if (!alice || !bob || !one || !two || !dataDir) throw new Error('sem membros')
    const port = (server: RunningServer) => Number(new URL(server.url).port)
    const proxy = await startProxy(() => [one, two].flatMap((server) => (server ? [port(server)] : [])))
    closers.push(() => void proxy.close())
    const { received } = chatMessagesOf(proxy.url, bob.token, (message) => message.id)
    const aliceApi = new Api(proxy.url, alice.token)
    // Bob's subscription is live once a message sent after it arrives (an earlier test's page may
    // still hold a Redis subscription for him, so the subscriber count proves nothing).
    await until('a assinatura de Bob ativa', async () => {
      const probe = await aliceApi.mutation<{ id: number }>('chat.send', {
        conversationId: alice.conversationId,
        content: 'Bob está aí?',
      })
      await pause(200)
      return received.includes(probe.id)
    })

    // Alice writes through the proxy the whole time; what the server acknowledged must reach Bob.
    const acknowledged: number[] = []
    const stop = { now: false }
    const writing = (async () => {
      for (let turn = 0; !stop.now; turn++) {
        try {
          const sent = await aliceApi.mutation<{ id: number }>('chat.send', {
            conversationId: alice.conversationId,
            content: `reinício ${turn}`,
          })
          acknowledged.push(sent.id)
        } catch {
          // The connection went down with an instance: not acknowledged, not expected.
        }
        await pause(150)
      }
    })()

    // The same steps as scripts/rolling-restart.sh: one instance at a time, the next once this one is ready.
    for (const which of ['one', 'two'] as const) {
      const before = acknowledged.length
      await until('mensagens antes do reinício', () => acknowledged.length >= before + 3)
      const current = which === 'one' ? one : two
      await current?.stop()
      const restarted = await startServer(instanceEnv, { dataDir, keepData: true })
      if (which === 'one') one = restarted
      else two = restarted
      await until('/readyz da instância reiniciada', async () => (await fetch(`${restarted.url}/readyz`)).ok)
    }
    const after = acknowledged.length
    await until('mensagens depois dos reinícios', () => acknowledged.length >= after + 3)
    stop.now = true
    await writing

    await until(
      'todas as mensagens confirmadas',
      () => acknowledged.every((id) => received.includes(id)),
      20_000,
    ).catch(() => {})
    // Named on failure: the acknowledged messages that never arrived.
    expect(acknowledged.filter((id) => !received.includes(id))).toEqual([])
    expect(received).toEqual([...received].sort((a, b) => a - b))
    expect(new Set(received).size).toBe(received.length)
  })
})
