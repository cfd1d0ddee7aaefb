import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createConversation, createListing, createStudent } from '../../server/db/factories'
import { pushSubscriptions, sessions } from '../../server/db/schema'
import { notify } from '../../server/notifications/notify'
import { createLocalPresence, createRedisPresence } from '../../server/push/presence'
import { createPushService, type PushService } from '../../server/push/sender'
import { loadVapidKeys } from '../../server/push/vapid'
import { createRateLimits } from '../../server/rate-limits'
import { MAX_PUSH_DEVICES, type PushPayload } from '../../shared/push'
import { expectAppError } from '../support/assertions'
import { type LocalPushService, startPushService, type TestBrowser } from '../support/push-service'
import { setUpRedis } from '../support/redis'
import { callerFor, setUpTestWorld, TEST_PASSWORD, type TestCaller } from '../support/test-app'

const world = setUpTestWorld()
let service: LocalPushService
let push: PushService
let logLines: string[]
const keysDir = mkdtempSync(join(tmpdir(), 'vupt-vapid-'))
const vapid = loadVapidKeys(keysDir, { subject: 'mailto:suporte@vupt.app' })

beforeAll(async () => {
  service = await startPushService()
})
afterAll(async () => {
  await service.close()
  rmSync(keysDir, { recursive: true, force: true })
})

beforeEach(() => {
  service.received.length = 0
  service.failures.length = 0
  service.respondWith(() => 201)
  logLines = []
  push = createPushService({
    db: world.db,
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
    vapid,
    policy: { allowedOrigins: new Set([service.origin]) },
    presence: createLocalPresence(),
    rateLimits: createRateLimits(),
    retryDelaysMs: [1, 1],
  })
  world.services.push = push
})

async function member() {
  const student = await createStudent(world.db, { member: true })
  return {
    id: student.id,
    ...callerFor(world.services, { userId: student.id }, { userAgent: ANDROID_CHROME }),
  }
}

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

async function subscribed(who: TestCaller): Promise<TestBrowser> {
  const browser = service.browser()
  await who.caller.notifications.subscribePush({ endpoint: browser.endpoint, keys: browser.keys })
  return browser
}

const offerNotice = (userId: number) =>
  notify(world.services, {
    userId,
    kind: 'offer_received',
    title: 'Você recebeu uma oferta',
    body: 'R$ 40,00 por "Calculadora HP 12c"',
    link: '/chat/7',
  })

describe('Web Push', () => {
  it('entrega a notificação cifrada (RFC 8291) e assinada com VAPID ao serviço de push do aparelho', async () => {
    const ana = await member()
    const browser = await subscribed(ana)
    offerNotice(ana.id)
    await push.idle()

    expect(service.failures).toEqual([])
    expect(service.received).toHaveLength(1)
    const [received] = service.received
    // The JWT signature checked out against the key in `k`, which is the server's.
    expect(received?.vapidKey).toBe(vapid.publicKey)
    expect(received?.claims.aud).toBe(service.origin)
    expect(received?.claims.sub).toBe('mailto:suporte@vupt.app')
    expect(received?.claims.exp).toBeGreaterThan(Date.now() / 1000)
    expect(received?.claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60)
    expect(received?.headers.ttl).toBeDefined()
    expect(received?.headers.topic).toBeUndefined()
    expect(received?.path).toBe(new URL(browser.endpoint).pathname)
    const payload = received?.payload as PushPayload
    expect(payload).toEqual({
      title: 'Você recebeu uma oferta',
      body: 'R$ 40,00 por "Calculadora HP 12c"',
      url: '/univille/chat/7',
      tag: 'offer_received:/chat/7',
      badge: 1,
    })
  })

  it('mensagem do chat: prévia desligada por padrão, Topic por conversa e nada enquanto a conversa está aberta', async () => {
    const seller = await member()
    const buyer = await member()
    const listingId = createListing(world.db, { sellerId: seller.id, title: 'Bicicleta aro 29' })
    const conversationId = createConversation(world.db, buyer.id, seller.id, listingId)
    await subscribed(seller)

    await buyer.caller.chat.send({
      conversationId,
      content: 'Ainda está disponível? Meu número é segredo',
      photos: [],
    })
    await push.idle()
    expect(service.received).toHaveLength(1)
    const first = service.received[0]
    expect(first?.headers.topic).toBe(`chat-${conversationId}`)
    const payload = first?.payload as PushPayload
    expect(payload.tag).toBe(`chat-${conversationId}`)
    expect(payload.url).toBe(`/univille/chat/${conversationId}`)
    expect(payload.title).toMatch(/^Nova mensagem de /)
    // Nothing of the conversation itself leaves the server without "Mostrar prévia".
    expect(JSON.stringify(payload)).not.toContain('disponível')
    expect(payload.body).toBe('Toque para ver no Vupt.')

    await seller.caller.notifications.setPushPreference({ kind: 'chat_message', preview: true })
    await buyer.caller.chat.send({ conversationId, content: 'Posso buscar amanhã', photos: [] })
    await push.idle()
    expect((service.received[1]?.payload as PushPayload | undefined)?.body).toBe('Posso buscar amanhã')

    // The seller opens the thread: while it is open, messages of that conversation do not push.
    const viewing = new AbortController()
    const page = callerFor(world.services, { userId: seller.id }, {}, { signal: viewing.signal })
    const open = (await page.caller.chat.viewing({ conversationId }))[Symbol.asyncIterator]()
    expect((await open.next()).value).toEqual({ open: true })
    await buyer.caller.chat.send({ conversationId, content: 'Estou chegando', photos: [] })
    await push.idle()
    expect(service.received).toHaveLength(2)

    viewing.abort()
    await open.return?.()
    await buyer.caller.chat.send({ conversationId, content: 'Cheguei', photos: [] })
    await push.idle()
    expect(service.received).toHaveLength(3)
  })

  it('respeita a escolha por tipo: desligado não envia; ligado por padrão só nos tipos combinados', async () => {
    const ana = await member()
    await subscribed(ana)
    const kinds = await ana.caller.notifications.pushPreferences()
    expect(kinds.filter((kind) => kind.enabled).map((kind) => kind.kind)).toEqual([
      'chat_message',
      'offer_received',
      'offer_answered',
      'meeting_updates',
      'meeting_reminder',
      'handoff_confirmed',
      'event_waitlist',
    ])
    notify(world.services, { userId: ana.id, kind: 'listing_reaction', title: 'Seu anúncio chamou atenção' })
    await ana.caller.notifications.setPushPreference({ kind: 'offer_received', enabled: false })
    offerNotice(ana.id)
    await push.idle()
    expect(service.received).toEqual([])
  })

  it('404/410 remove a inscrição; outras falhas tentam de novo, fora da requisição', async () => {
    const ana = await member()
    const gone = await subscribed(ana)
    const flaky = await subscribed(ana)
    service.respondWith((path, attempt) =>
      path === new URL(gone.endpoint).pathname ? 410 : attempt === 1 ? 503 : 201,
    )
    offerNotice(ana.id)
    await push.idle()
    const left = world.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).all()
    expect(left.map((row) => row.endpoint)).toEqual([flaky.endpoint])
    expect(service.attempts.get(new URL(flaky.endpoint).pathname)).toBe(2)
    expect(service.received.map((push) => push.path)).toEqual([new URL(flaky.endpoint).pathname])
  })

  it('no máximo 12 por membro por minuto', async () => {
    const ana = await member()
    await subscribed(ana)
    for (let index = 0; index < 15; index += 1) offerNotice(ana.id)
    await push.idle()
    expect(service.received).toHaveLength(12)
  })

  it('o endereço de entrega é conferido: só https público, origens liberadas pelo operador, poucos aparelhos', async () => {
    const ana = await member()
    const keys = service.browser().keys
    for (const endpoint of [
      'http://push.example.com/abc',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://[::1]/push',
      'https://[::ffff:192.168.0.1]/push',
      'https://169.254.169.254/latest',
      'https://localhost/push',
      'https://user:senha@fcm.googleapis.com/x',
      'nada',
    ]) {
      await expectAppError(
        ana.caller.notifications.subscribePush({ endpoint, keys }),
        'PUSH_ENDPOINT_REFUSED',
      )
    }
    expect(world.db.select().from(pushSubscriptions).all()).toEqual([])

    for (let index = 0; index < MAX_PUSH_DEVICES; index += 1) await subscribed(ana)
    await expectAppError(subscribed(ana), 'PUSH_TOO_MANY_DEVICES')
  })

  it('no envio o endereço é conferido de novo: um nome que agora aponta para dentro não recebe', async () => {
    const ana = await member()
    await subscribed(ana)
    // As if the push service's name had been pointed at the loopback after it was accepted.
    world.db
      .update(pushSubscriptions)
      .set({ endpoint: 'https://localhost:9/push/1' })
      .where(eq(pushSubscriptions.userId, ana.id))
      .run()
    offerNotice(ana.id)
    await push.idle()
    expect(logLines.join('\n')).toContain('endereço não público')
  })

  it('aparelhos listados e removíveis; sair da conta e excluir a conta removem as inscrições', async () => {
    const ana = await member()
    const first = await subscribed(ana)
    const other = callerFor(
      world.services,
      { userId: ana.id },
      { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    )
    await subscribed(other)
    const devices = await ana.caller.notifications.pushDevices()
    expect(devices.map((device) => [device.label, device.current])).toEqual([
      ['Chrome em Android 14 (celular)', true],
      ['Firefox em Windows 10 (computador)', false],
    ])
    const stranger = await member()
    await expectAppError(
      stranger.caller.notifications.removePushDevice({ id: devices[1]?.id ?? 0 }),
      'PUSH_DEVICE_NOT_FOUND',
    )
    await ana.caller.notifications.removePushDevice({ id: devices[1]?.id ?? 0 })
    expect((await ana.caller.notifications.pushDevices()).map((device) => device.id)).toEqual([
      devices[0]?.id,
    ])

    await subscribed(other)
    await other.caller.auth.signOut()
    const left = world.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).all()
    expect(left.map((row) => row.endpoint)).toEqual([first.endpoint])

    await ana.caller.account.deleteAccount({ password: TEST_PASSWORD })
    expect(
      world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.id)).all(),
    ).toEqual([])
    expect(world.db.select().from(sessions).where(eq(sessions.userId, ana.id)).all()).toEqual([])
  })
})

describe('chaves VAPID', () => {
  it('geradas uma vez em DATA_DIR, só do dono, e recusadas quando não formam um par', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vupt-vapid-'))
    try {
      const first = loadVapidKeys(dir, { subject: 'mailto:suporte@vupt.app' })
      expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600)
      expect(loadVapidKeys(dir, { subject: 'mailto:suporte@vupt.app' })).toEqual(first)
      expect(() =>
        loadVapidKeys(dir, {
          publicKey: vapid.publicKey,
          privateKey: first.privateKey,
          subject: 'mailto:a@b.br',
        }),
      ).toThrow(/não corresponde/)
      expect(() => loadVapidKeys(dir, { subject: 'suporte@vupt.app' })).toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('conversa aberta em outra instância (Redis)', () => {
  const { link: instanceLink } = setUpRedis()

  const instancePresence = async () => {
    const link = instanceLink(pino({ level: 'silent' }))
    await expect.poll(() => link.isReady()).toBe(true)
    return createRedisPresence(link.commands, pino({ level: 'silent' }))
  }

  it('uma página aberta numa instância segura o push de quem decide na outra; fechada, libera', async () => {
    const one = await instancePresence()
    const two = await instancePresence()
    const leave = one.enter(7, 42)
    await expect.poll(() => two.isOpen(7, 42)).toBe(true)
    expect(await two.isOpen(7, 43)).toBe(false)
    expect(await two.isOpen(8, 42)).toBe(false)
    // A second page of the same conversation keeps it open after the first closes.
    const leaveOther = two.enter(7, 42)
    leave()
    await expect.poll(() => one.isOpen(7, 42)).toBe(true)
    leaveOther()
    await expect.poll(() => one.isOpen(7, 42)).toBe(false)
    one.stop()
    two.stop()
  })
})
