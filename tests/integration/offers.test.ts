import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConversation, createListing } from '../../server/db/factories'
import { rowsWhere, rowWhere } from '../../server/db/rows'
import { alumni, listings, notifications, offers } from '../../server/db/schema'
import { closeOffersOffSale, runOfferSweep } from '../../server/deals/offer-ends'
import { pauseListingsOf } from '../../server/listings/life'
import type { ChatEvent } from '../../server/realtime/bus'
import type { OfferView } from '../../shared/offers'
import { expectAppError, expectOfferAnswersRefused, expectTRPCError } from '../support/assertions'
import {
  createMarketScene,
  createMember,
  type MarketScene,
  setUpTestWorld,
  type TestWorld,
} from '../support/test-app'

const world = setUpTestWorld()

const offerStatus = (id: number) => world.db.select().from(offers).where(eq(offers.id, id)).get()?.status
const HOUR = 60 * 60 * 1000

afterEach(() => {
  vi.useRealTimers()
})

/** The scene's buyer offers `amountCents` in the conversation about the listing. */
function offerAsBuyer(scene: MarketScene, amountCents: number) {
  return scene.buyer.caller.deals.offers.make({ conversationId: scene.conversationId, amountCents })
}

/** The chat events a member's open pages receive while `action` runs. */
async function heardBy(world: TestWorld, userId: number, action: () => Promise<unknown>) {
  const controller = new AbortController()
  const listener = world.services.bus.listen('chat', userId, controller.signal)
  const iterator = listener[Symbol.asyncIterator]()
  await listener.ready
  const heard: ChatEvent[] = []
  const collecting = (async () => {
    for (;;) {
      const next = await iterator.next()
      if (next.done) return
      if (typeof next.value !== 'symbol') heard.push(next.value)
    }
  })()
  await action()
  controller.abort()
  await collecting
  return heard
}

const offerEvents = (events: ChatEvent[]) =>
  events.flatMap((event) => (event.type === 'offer' ? [event.offer] : []))

const statuses = (list: OfferView[]) => list.map((offer) => [offer.amountCents, offer.status])

describe('offers in a conversation about a listing', () => {
  it('buyer offers, seller counters, buyer accepts; the listing price stays; both hear each step live', async () => {
    const scene = await createMarketScene(world, { title: 'Calculadora HP 50g', priceCents: 30000 })
    const input = { conversationId: scene.conversationId }
    expect(await scene.buyer.caller.deals.offers.list(input)).toMatchObject({
      side: 'buyer',
      canOffer: true,
      listingPriceCents: 30000,
    })
    expect(await scene.seller.caller.deals.offers.list(input)).toMatchObject({
      side: 'seller',
      canOffer: false,
    })
    const sellerHeard = await heardBy(world, scene.seller.id, () => offerAsBuyer(scene, 25000))
    const [made] = offerEvents(sellerHeard)
    expect(made).toMatchObject({ amountCents: 25000, status: 'aberta', madeById: scene.buyer.id })

    const buyerHeard = await heardBy(world, scene.buyer.id, () =>
      scene.seller.caller.deals.offers.counter({ offerId: made?.id ?? 0, amountCents: 28000 }),
    )
    expect(statuses(offerEvents(buyerHeard))).toEqual([
      [25000, 'contraposta'],
      [28000, 'aberta'],
    ])
    const counter = offerEvents(buyerHeard)[1]

    const bothHeard = await heardBy(world, scene.seller.id, () =>
      scene.buyer.caller.deals.offers.accept({ offerId: counter?.id ?? 0 }),
    )
    expect(statuses(offerEvents(bothHeard))).toEqual([[28000, 'aceita']])

    expect(
      statuses((await scene.buyer.caller.deals.offers.list({ conversationId: scene.conversationId })).items),
    ).toEqual([
      [25000, 'contraposta'],
      [28000, 'aceita'],
    ])
    const listing = rowWhere(world.db, listings, 'id', scene.listingId, ['priceCents'])
    expect(listing?.priceCents).toBe(30000)

    const kinds = world.db
      .select({ userId: notifications.userId, kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .all()
    expect(kinds).toEqual(
      expect.arrayContaining([
        { userId: scene.seller.id, kind: 'offer_received', title: 'Você recebeu uma oferta' },
        { userId: scene.buyer.id, kind: 'offer_received', title: 'Você recebeu uma contraproposta' },
        { userId: scene.seller.id, kind: 'offer_answered', title: 'Sua oferta foi aceita' },
      ]),
    )
  })

  it('the seller declines; the buyer is told', async () => {
    const scene = await createMarketScene(world, { title: 'Jaleco', priceCents: 8000 })
    const offer = await offerAsBuyer(scene, 5000)
    const declined = await scene.seller.caller.deals.offers.decline({ offerId: offer.id })
    expect(declined.status).toBe('recusada')
    const told = rowsWhere(world.db, notifications, 'userId', scene.buyer.id, ['kind', 'title'])
    expect(told).toContainEqual({ kind: 'offer_answered', title: 'Sua oferta foi recusada' })
  })

  it('a new offer of the buyer replaces their open one; one after a counter answers it', async () => {
    const scene = await createMarketScene(world, { title: 'Mesa digitalizadora', priceCents: 40000 })
    const { caller: buyer } = scene.buyer
    const first = await buyer.deals.offers.make({ conversationId: scene.conversationId, amountCents: 30000 })
    await buyer.deals.offers.make({ conversationId: scene.conversationId, amountCents: 32000 })
    const counter = await scene.seller.caller.deals.offers.counter({
      offerId: (await buyer.deals.offers.list({ conversationId: scene.conversationId })).items[1]?.id ?? 0,
      amountCents: 38000,
    })
    await buyer.deals.offers.make({ conversationId: scene.conversationId, amountCents: 35000 })
    expect(statuses((await buyer.deals.offers.list({ conversationId: scene.conversationId })).items)).toEqual(
      [
        [30000, 'encerrada'],
        [32000, 'contraposta'],
        [38000, 'contraposta'],
        [35000, 'aberta'],
      ],
    )
    // The replaced offer can no longer be accepted.
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: first.id }),
      'OFFER_REPLACED',
      'CONFLICT',
    )
    await expectAppError(
      scene.buyer.caller.deals.offers.accept({ offerId: counter.id }),
      'OFFER_ALREADY_COUNTERED',
      'CONFLICT',
    )
  })

  it('a third member can neither see, make nor answer offers of someone else’s conversation', async () => {
    const scene = await createMarketScene(world, { title: 'Livro de Cálculo', priceCents: 9000 })
    const stranger = await createMember(world)
    const offer = await offerAsBuyer(scene, 7000)
    // Each call is refused as if the conversation or the offer did not exist.
    for (const [attempt, appCode] of [
      [
        () => stranger.caller.deals.offers.list({ conversationId: scene.conversationId }),
        'CONVERSATION_NOT_FOUND',
      ],
      [
        () => stranger.caller.deals.offers.make({ conversationId: scene.conversationId, amountCents: 1000 }),
        'CONVERSATION_NOT_FOUND',
      ],
      [() => stranger.caller.deals.offers.accept({ offerId: offer.id }), 'OFFER_NOT_FOUND'],
      [() => stranger.caller.deals.offers.decline({ offerId: offer.id }), 'OFFER_NOT_FOUND'],
      [
        () => stranger.caller.deals.offers.counter({ offerId: offer.id, amountCents: 100 }),
        'OFFER_NOT_FOUND',
      ],
    ] as const) {
      await expectAppError(attempt(), appCode, 'NOT_FOUND')
    }
    expect(offerStatus(offer.id)).toBe('aberta')
  })

  it('the seller cannot offer on their own listing, and the maker cannot answer their own offer', async () => {
    const scene = await createMarketScene(world, { title: 'Bicicleta', priceCents: 50000 })
    await expectAppError(
      scene.seller.caller.deals.offers.make({ conversationId: scene.conversationId, amountCents: 40000 }),
      'OFFER_OWN_LISTING',
      'FORBIDDEN',
    )
    const offer = await offerAsBuyer(scene, 40000)
    await expectOfferAnswersRefused(scene.buyer.caller, offer.id, 1, 'OFFER_NOT_YOURS_TO_ANSWER', 'FORBIDDEN')
  })

  it('a conversation without a listing takes no offer', async () => {
    const one = await createMember(world)
    const two = await createMember(world)
    const conversationId = createConversation(world.db, one.id, two.id)
    await expectAppError(
      one.caller.deals.offers.make({ conversationId, amountCents: 1000 }),
      'OFFER_NOT_POSSIBLE',
      'BAD_REQUEST',
    )
  })

  it('amounts are whole centavos above zero and within the price cap', async () => {
    const scene = await createMarketScene(world, { title: 'Notebook', priceCents: 200000 })
    const make = (amountCents: number) => offerAsBuyer(scene, amountCents)
    for (const amount of [0, -500, 12.5, 10_000_001, Number.NaN]) {
      await expectTRPCError(make(amount), 'BAD_REQUEST')
    }
    const offer = await make(150000)
    await expectTRPCError(
      scene.seller.caller.deals.offers.counter({ offerId: offer.id, amountCents: 0 }),
      'BAD_REQUEST',
    )
    expect(world.db.select().from(offers).all()).toHaveLength(1)
  })

  it('an offer answered already, or past its 48 hours, cannot be answered', async () => {
    const now = new Date('2026-11-20T12:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'], now })
    const scene = await createMarketScene(world, { title: 'Cadeira', priceCents: 12000 })
    const first = await offerAsBuyer(scene, 9000)
    await scene.seller.caller.deals.offers.decline({ offerId: first.id })
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: first.id }),
      'OFFER_ALREADY_DECLINED',
      'CONFLICT',
    )

    const second = await offerAsBuyer(scene, 10000)
    vi.setSystemTime(new Date(now.getTime() + 48 * HOUR + 1000))
    // Not swept yet: reading and answering treat it as expired all the same.
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: second.id }),
      'OFFER_EXPIRED',
      'CONFLICT',
    )
    expect(offerStatus(second.id)).toBe('expirada')
  })

  it('the sweep expires open offers after 48 hours, once, and tells both sides', async () => {
    const now = new Date('2026-11-20T12:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'], now })
    const scene = await createMarketScene(world, { title: 'Monitor', priceCents: 60000 })
    const offer = await offerAsBuyer(scene, 50000)
    expect(runOfferSweep(world.services, new Date(now.getTime() + 47 * HOUR))).toEqual({
      expired: 0,
      closed: 0,
    })
    const later = new Date(now.getTime() + 48 * HOUR)
    const heard = await heardBy(world, scene.buyer.id, async () => {
      expect(runOfferSweep(world.services, later)).toEqual({ expired: 1, closed: 0 })
    })
    expect(offerEvents(heard)).toMatchObject([{ id: offer.id, status: 'expirada' }])
    expect(runOfferSweep(world.services, later)).toEqual({ expired: 0, closed: 0 })
  })

  it('a listing marked sold closes its open offers, and takes no new one', async () => {
    const scene = await createMarketScene(world, { title: 'Violão', priceCents: 35000 })
    const offer = await offerAsBuyer(scene, 30000)
    await scene.seller.caller.listings.setStatus({ id: scene.listingId, status: 'vendido' })
    expect(
      (await scene.buyer.caller.deals.offers.list({ conversationId: scene.conversationId })).canOffer,
    ).toBe(false)
    expect(offerStatus(offer.id)).toBe('encerrada')
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: offer.id }),
      'OFFER_CLOSED_SOLD',
      'CONFLICT',
    )
    await expectAppError(offerAsBuyer(scene, 30000), 'OFFER_LISTING_UNAVAILABLE', 'CONFLICT')
  })

  it('a listing paused, removed by the moderation or held by the system closes its open offers', async () => {
    const paused = await createMarketScene(world, { title: 'Mochila', priceCents: 10000 })
    const pausedOffer = await offerAsBuyer(paused, 8000)
    await paused.seller.caller.listings.setStatus({ id: paused.listingId, status: 'inativo' })
    expect(offerStatus(pausedOffer.id)).toBe('encerrada')

    const removed = await createMarketScene(world, { title: 'Tênis', priceCents: 10000 })
    const removedOffer = await offerAsBuyer(removed, 8000)
    const heard = await heardBy(world, removed.buyer.id, () =>
      removed.moderator.caller.admin.listings.remove({ id: removed.listingId, reason: 'spam' }),
    )
    expect(offerEvents(heard)).toMatchObject([{ id: removedOffer.id, status: 'encerrada' }])

    const seller = await createMember(world)
    const buyer = await createMember(world)
    const heldListing = createListing(world.db, { sellerId: seller.id, title: 'Luminária', priceCents: 4000 })
    const conversationId = createConversation(world.db, buyer.id, seller.id, heldListing)
    const heldOffer = await buyer.caller.deals.offers.make({ conversationId, amountCents: 3000 })
    pauseListingsOf(world.db, seller.id)
    closeOffersOffSale(world.db, world.services.bus)
    expect(offerStatus(heldOffer.id)).toBe('encerrada')
  })

  it('a blocked pair cannot make or answer offers', async () => {
    const scene = await createMarketScene(world, { title: 'Fone', priceCents: 15000 })
    const offer = await offerAsBuyer(scene, 12000)
    await scene.seller.caller.safety.block({ userId: scene.buyer.id })
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: offer.id }),
      'CHAT_UNAVAILABLE',
      'FORBIDDEN',
    )
    await expectAppError(offerAsBuyer(scene, 13000), 'CHAT_UNAVAILABLE', 'FORBIDDEN')
  })

  it('an egresso makes no new offer and no counter, and still answers one', async () => {
    const scene = await createMarketScene(world, { title: 'Estojo', priceCents: 3000 })
    const offer = await offerAsBuyer(scene, 2500)
    world.db.insert(alumni).values({ userId: scene.buyer.id, since: new Date() }).run()
    const counter = await scene.seller.caller.deals.offers.counter({ offerId: offer.id, amountCents: 2800 })
    await expectAppError(offerAsBuyer(scene, 2600), 'ALUMNI_CANNOT_PUBLISH', 'FORBIDDEN')
    await expectAppError(
      scene.buyer.caller.deals.offers.counter({ offerId: counter.id, amountCents: 2600 }),
      'ALUMNI_CANNOT_PUBLISH',
      'FORBIDDEN',
    )
    expect((await scene.buyer.caller.deals.offers.accept({ offerId: counter.id })).status).toBe('aceita')
  })

  it('ten offers an hour per conversation; the eleventh is refused', async () => {
    const scene = await createMarketScene(world, { title: 'Microondas', priceCents: 30000 })
    for (let step = 0; step < 10; step += 1) {
      await offerAsBuyer(scene, 20000 + step)
    }
    await expectAppError(offerAsBuyer(scene, 25000), 'OFFER_TOO_MANY', 'TOO_MANY_REQUESTS')
    // Counters spend from the same conversation's allowance.
    const open = (
      await scene.seller.caller.deals.offers.list({ conversationId: scene.conversationId })
    ).items.at(-1)
    await expectAppError(
      scene.seller.caller.deals.offers.counter({ offerId: open?.id ?? 0, amountCents: 28000 }),
      'OFFER_TOO_MANY',
      'TOO_MANY_REQUESTS',
    )
  })
})
