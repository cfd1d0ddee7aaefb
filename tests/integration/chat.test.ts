import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createCommunity, createListing, createStudent } from '../../server/db/factories'
import { messages } from '../../server/db/schema'
import { createSession, invalidateSession, validateSessionToken } from '../../server/people/auth/session'
import type { ChatEvent } from '../../server/realtime/bus'
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../server/realtime/subscriptions'
import { appRouter } from '../../server/routers/_app'
import { createContextInner } from '../../server/trpc/context'
import { createCallerFactory } from '../../server/trpc/init'
import { CHAT_MESSAGE_MAX } from '../../shared/chat'
import { expectTRPCError, expectValidationMessage } from '../support/assertions'
import {
  type AppCaller,
  callerFor,
  createTestBus,
  createTestServices,
  setUpTestWorld,
  type TestBus,
} from '../support/test-app'

const world = setUpTestWorld()
let aliceId: number
let bobId: number
let alice: AppCaller
let bob: AppCaller
let eve: AppCaller
let eveId: number
let pending: AppCaller
let listingId: number
let conversationId: number

type Tracked = { id: string; data: ChatEvent }

/** A caller shaped like a WebSocket connection: identity re-read per call, a subscription counter. */
function socketCaller(userId: number, signal: AbortSignal) {
  const { token, expiresAt } = createSession(world.db, userId)
  const session = validateSessionToken(world.db, token)
  const ctx = createContextInner({
    services: world.services,
    session: session ? { ...session, expiresAt } : null,
    user: null,
    request: { ip: null, userAgent: null, sessionToken: token, subscriptions: { active: 0 } },
  })
  return { caller: createCallerFactory(appRouter)(ctx, { signal }), token, ctx }
}

/** A live chat.events subscription of the user, ended by the returned controller. */
async function subscribe(userId: number, input?: { lastEventId: string }) {
  const abort = new AbortController()
  const { caller } = callerFor(world.services, { userId }, {}, { signal: abort.signal })
  return { events: await caller.chat.events(input), abort }
}

async function collect(
  iterable: AsyncIterable<unknown>,
  count: number,
  abort: AbortController,
): Promise<Tracked[]> {
  const received: Tracked[] = []
  const timer = setTimeout(() => abort.abort(), 3000)
  for await (const event of iterable) {
    // On the server side a tracked event is tRPC's envelope: [id, data, marker].
    const [id, data] = event as [string, ChatEvent]
    received.push({ id, data })
    if (received.length >= count) break
  }
  clearTimeout(timer)
  return received
}

/** A fresh world for every test (database, bus, rate limits, one open conversation): no test leans on another. */
beforeEach(async () => {
  aliceId = (await createStudent(world.db, { member: true })).id
  bobId = (await createStudent(world.db, { member: true })).id
  alice = callerFor(world.services, { userId: aliceId }).caller
  bob = callerFor(world.services, { userId: bobId }).caller
  eveId = (await createStudent(world.db, { member: true })).id
  eve = callerFor(world.services, { userId: eveId }).caller
  pending = callerFor(world.services, { userId: (await createStudent(world.db)).id }).caller
  listingId = createListing(world.db, {
    sellerId: bobId,
    title: 'Livro de Cálculo',
    description: 'Sétima edição, conservado.',
    priceCents: 9000,
  })
  conversationId = (await alice.chat.start({ listingId })).conversationId
})

describe('iniciar conversa', () => {
  it('abre uma conversa a partir do anúncio e reaproveita a mesma para o par', async () => {
    // beforeEach opened it from the listing.
    const again = await alice.chat.start({ listingId })
    expect(again.conversationId).toBe(conversationId)
    const fromSeller = await bob.chat.start({ username: (await alice.profiles.me()).username ?? '' })
    expect(fromSeller.conversationId).toBe(conversationId)
    const header = await alice.chat.conversation({ conversationId })
    expect(header.listing?.title).toBe('Livro de Cálculo')
    expect(header.other.id).toBe(bobId)
  })

  it('ninguém manda mensagem para si mesmo; pendentes e visitantes não conversam', async () => {
    await expectTRPCError(
      bob.chat.start({ listingId }),
      'BAD_REQUEST',
      'Você não pode enviar mensagem para si mesmo.',
    )
    await expectTRPCError(pending.chat.start({ listingId }), 'FORBIDDEN')
    await expectTRPCError(callerFor(world.services, null).caller.chat.start({ listingId }), 'UNAUTHORIZED')
  })

  it('não conversa com outra comunidade', async () => {
    const other = createCommunity(world.db)
    const outsider = callerFor(world.services, {
      userId: (
        await createStudent(world.db, {
          member: true,
          email: `x@${other.emailDomain}`,
          communityId: other.id,
        })
      ).id,
    }).caller
    await expectTRPCError(outsider.chat.start({ listingId }), 'NOT_FOUND')
  })
})

describe('mensagens', () => {
  it('só os dois participantes leem, enviam, marcam lido ou digitam', async () => {
    await alice.chat.send({ conversationId, content: 'Oi! Ainda está disponível?' })
    await expectTRPCError(eve.chat.messages({ conversationId }), 'NOT_FOUND')
    await expectTRPCError(eve.chat.conversation({ conversationId }), 'NOT_FOUND')
    await expectTRPCError(eve.chat.send({ conversationId, content: 'intrometido' }), 'NOT_FOUND')
    await expectTRPCError(eve.chat.markRead({ conversationId }), 'NOT_FOUND')
    await expectTRPCError(eve.chat.typing({ conversationId }), 'NOT_FOUND')
    expect(await eve.chat.conversations()).toEqual([])
    const page = await bob.chat.messages({ conversationId })
    expect(page.items.map((m) => m.content)).toContain('Oi! Ainda está disponível?')
    expect(page.items.map((m) => m.content)).not.toContain('intrometido')
  })

  it('recusa mensagem vazia, só de espaços ou longa demais, sem gravar nada', async () => {
    const before = (await alice.chat.messages({ conversationId })).items.length
    await expectValidationMessage(alice.chat.send({ conversationId, content: '' }), 'Digite uma mensagem')
    await expectValidationMessage(
      alice.chat.send({ conversationId, content: '   \n ' }),
      'Digite uma mensagem',
    )
    await expectValidationMessage(
      alice.chat.send({ conversationId, content: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }),
      'Mensagem muito longa (máximo de 2.000 caracteres)',
    )
    expect((await alice.chat.messages({ conversationId })).items.length).toBe(before)
  })

  it('conta não lidas e marca como lidas só as da outra pessoa, avisando quem enviou', async () => {
    await alice.chat.send({ conversationId, content: 'Oi! Ainda está disponível?' })
    await alice.chat.send({ conversationId, content: 'Posso buscar amanhã?' })
    await bob.chat.send({ conversationId, content: 'Está sim.' })
    expect((await bob.chat.unreadCount()).count).toBe(2)
    expect((await alice.chat.unreadCount()).count).toBe(1)
    const inbox = await bob.chat.conversations()
    expect(inbox[0]?.unread).toBe(2)
    expect(inbox[0]?.lastMessage?.content).toBe('Está sim.')

    const { events: aliceEvents, abort } = await subscribe(aliceId)
    const received = collect(aliceEvents, 1, abort)
    await world.services.bus.listening('chat', aliceId)
    expect((await bob.chat.markRead({ conversationId })).read).toBe(2)
    const [event] = await received
    abort.abort()
    expect(event?.data).toMatchObject({ type: 'read', conversationId, readerId: bobId })
    expect((await bob.chat.unreadCount()).count).toBe(0)
    // Bob's own message stays unread for Alice.
    expect((await alice.chat.unreadCount()).count).toBe(1)
    const page = await alice.chat.messages({ conversationId })
    expect(page.items.map((m) => [m.content, m.read])).toEqual([
      ['Está sim.', false],
      ['Posso buscar amanhã?', true],
      ['Oi! Ainda está disponível?', true],
    ])
  })

  it('pagina o histórico para trás sem repetir', async () => {
    for (let i = 0; i < 12; i++) await bob.chat.send({ conversationId, content: `mensagem ${i}` })
    const ids: number[] = []
    let before: number | null = null
    do {
      const page: { items: { id: number }[]; nextBefore: number | null } = await alice.chat.messages({
        conversationId,
        before,
      })
      ids.push(...page.items.map((m) => m.id))
      before = page.nextBefore
    } while (before)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(12)
  })

  it('limita a frequência de envio com uma mensagem em português', async () => {
    const spammerId = (await createStudent(world.db, { member: true })).id
    const spammer = callerFor(world.services, { userId: spammerId }).caller
    const { conversationId: spamConversation } = await spammer.chat.start({ listingId })
    let refused: unknown = null
    for (let i = 0; i < 40 && !refused; i++) {
      await spammer.chat.send({ conversationId: spamConversation, content: `oi ${i}` }).catch((error) => {
        refused = error
      })
    }
    await expectTRPCError(
      Promise.reject(refused),
      'TOO_MANY_REQUESTS',
      'Você está enviando mensagens rápido demais. Aguarde alguns segundos.',
    )
  })
})

describe('eventos ao vivo', () => {
  it('entrega a mensagem ao outro participante na hora, e a ninguém mais', async () => {
    // Eve talks to Bob elsewhere: her first event must be that, never Alice's message to Bob.
    const { conversationId: eveAndBob } = await eve.chat.start({
      username: (await bob.profiles.me()).username ?? '',
    })
    const bobSubscription = await subscribe(bobId)
    const aliceSubscription = await subscribe(aliceId)
    const eveSubscription = await subscribe(eveId)
    const bobEvents = collect(bobSubscription.events, 1, bobSubscription.abort)
    const aliceEvents = collect(aliceSubscription.events, 1, aliceSubscription.abort)
    const eveEvents = collect(eveSubscription.events, 1, eveSubscription.abort)
    await Promise.all([
      world.services.bus.listening('chat', bobId),
      world.services.bus.listening('chat', aliceId),
      world.services.bus.listening('chat', eveId),
    ])

    const sent = await alice.chat.send({ conversationId, content: 'Chego em dez minutos.' })
    const [delivered] = await bobEvents
    expect(delivered?.id).toBe(String(sent.id))
    expect(delivered?.data).toEqual({
      type: 'message',
      conversationId,
      message: {
        id: sent.id,
        senderId: aliceId,
        content: 'Chego em dez minutos.',
        read: false,
        createdAt: sent.createdAt.toISOString(),
        photos: [],
        warnings: [],
      },
    })
    // The sender's other tabs get it too.
    expect((await aliceEvents)[0]?.data).toMatchObject({ type: 'message', message: { id: sent.id } })

    const toEve = await bob.chat.send({ conversationId: eveAndBob, content: 'Oi, Eve!' })
    const [eveFirst] = await eveEvents
    expect(eveFirst?.data).toMatchObject({
      type: 'message',
      conversationId: eveAndBob,
      message: { id: toEve.id, content: 'Oi, Eve!' },
    })
    bobSubscription.abort.abort()
    aliceSubscription.abort.abort()
    eveSubscription.abort.abort()
  })

  it('avisa só a outra pessoa que alguém está digitando', async () => {
    const bobSubscription = await subscribe(bobId)
    const aliceSubscription = await subscribe(aliceId)
    const bobEvents = collect(bobSubscription.events, 1, bobSubscription.abort)
    const aliceEvents = collect(aliceSubscription.events, 1, aliceSubscription.abort)
    await Promise.all([
      world.services.bus.listening('chat', bobId),
      world.services.bus.listening('chat', aliceId),
    ])
    await alice.chat.typing({ conversationId })
    const [typing] = await bobEvents
    expect(typing?.data).toEqual({ type: 'typing', conversationId, userId: aliceId })
    // Alice is not told about her own typing: her first event is Bob's reply.
    const reply = await bob.chat.send({ conversationId, content: 'Combinado.' })
    expect((await aliceEvents)[0]?.data).toMatchObject({ type: 'message', message: { id: reply.id } })
    bobSubscription.abort.abort()
    aliceSubscription.abort.abort()
  })

  it('retoma do último id visto e entrega, em ordem, o que chegou durante a queda', async () => {
    // The newest message the client saw, in any of its conversations.
    const seen = await bob.chat.send({ conversationId, content: 'visto antes da queda' })
    await alice.chat.send({ conversationId, content: 'enquanto você estava offline 1' })
    await alice.chat.send({ conversationId, content: 'enquanto você estava offline 2' })
    const { events, abort } = await subscribe(bobId, { lastEventId: String(seen.id) })
    const replayed = await collect(events, 2, abort)
    abort.abort()
    expect(replayed.map((event) => event.data.type === 'message' && event.data.message.content)).toEqual([
      'enquanto você estava offline 1',
      'enquanto você estava offline 2',
    ])
    expect(Number(replayed[1]?.id)).toBeGreaterThan(Number(replayed[0]?.id))
  })

  it('uma assinatura nova recebe o que foi enviado enquanto ela começava a ouvir', async () => {
    // A bus that takes its time to confirm a listener, as Redis does with SUBSCRIBE.
    let confirm = () => {}
    const confirmed = new Promise<void>((resolve) => {
      confirm = resolve
    })
    const bus = createTestBus()
    const slowBus: TestBus = {
      ...bus,
      listen: (topic, key, signal) => {
        const listener = bus.listen(topic, key, signal)
        return Object.assign(listener, { ready: listener.ready.then(() => confirmed) })
      },
    }
    const services = createTestServices(world.db, { bus: slowBus })
    const abort = new AbortController()
    const { caller } = callerFor(services, { userId: bobId }, {}, { signal: abort.signal })
    const events = (await caller.chat.events())[Symbol.asyncIterator]()
    const first = events.next()
    const sent = await callerFor(services, { userId: aliceId }).caller.chat.send({
      conversationId,
      content: 'bem na hora',
    })
    confirm()
    const timer = setTimeout(() => abort.abort(), 3000)
    const result = await first
    clearTimeout(timer)
    abort.abort()
    expect((result.value as [string, ChatEvent] | undefined)?.[0]).toBe(String(sent.id))
  })

  it('entrega em ordem de id quando outra instância anuncia uma mensagem depois da seguinte', async () => {
    // Several instances: a bus that does not keep the commit order.
    world.services.bus.inCommitOrder = false
    onTestFinished(() => {
      world.services.bus.inCommitOrder = true
    })
    const { events, abort } = await subscribe(bobId)
    const received = collect(events, 3, abort)
    await world.services.bus.listening('chat', bobId)
    // Saved by another instance whose announcement has not gone out yet.
    const [late] = world.db
      .insert(messages)
      .values({ conversationId, senderId: aliceId, content: 'mandada primeiro' })
      .returning()
      .all()
    await alice.chat.send({ conversationId, content: 'mandada depois' })
    // The late announcement finally arrives: already delivered, not repeated.
    if (!late) throw new Error('sem mensagem')
    world.services.bus.publish('chat', bobId, {
      type: 'message',
      conversationId,
      message: { ...late, createdAt: late.createdAt.toISOString(), photos: [], warnings: [] },
    })
    await alice.chat.send({ conversationId, content: 'a terceira' })
    const contents = (await received).map(
      (event) => event.data.type === 'message' && event.data.message.content,
    )
    expect(contents).toEqual(['mandada primeiro', 'mandada depois', 'a terceira'])
  })

  it('encerra a assinatura quando a sessão da conexão termina', async () => {
    const abort = new AbortController()
    const socket = socketCaller(bobId, abort.signal)
    const events = (await socket.caller.chat.events())[Symbol.asyncIterator]()
    const first = events.next()
    await world.services.bus.listening('chat', bobId)
    await alice.chat.typing({ conversationId })
    expect((await first).done).toBe(false)
    invalidateSession(world.db, socket.ctx.session?.id ?? '')
    const afterSignOut = events.next()
    await alice.chat.typing({ conversationId })
    expect((await afterSignOut).done).toBe(true)
    abort.abort()
    await expectTRPCError(socket.caller.chat.unreadCount(), 'UNAUTHORIZED')
  })

  it('limita as assinaturas abertas por conexão', async () => {
    const abort = new AbortController()
    const socket = socketCaller(aliceId, abort.signal)
    const open: AsyncIterator<unknown>[] = []
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i++) {
      const iterator = (await socket.caller.chat.events())[Symbol.asyncIterator]()
      void iterator.next()
      open.push(iterator)
    }
    // Every one of them holds its slot before the next is asked for.
    await vi.waitFor(() =>
      expect(socket.ctx.request.subscriptions?.active).toBe(MAX_SUBSCRIPTIONS_PER_CONNECTION),
    )
    const extra = (await socket.caller.chat.events())[Symbol.asyncIterator]()
    await expectTRPCError(extra.next(), 'TOO_MANY_REQUESTS')
    abort.abort()
  })
})
