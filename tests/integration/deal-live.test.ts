import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LISTING_LIFETIME_MS } from '../../server/db/schema'
import { runMeetingSweep } from '../../server/deals/meeting-sweep'
import { runOfferSweep } from '../../server/deals/offer-ends'
import { runListingLife } from '../../server/listings/life'
import type { ChatEvent } from '../../server/realtime/bus'
import { expectAppError, expectOfferAnswersRefused } from '../support/assertions'
import { fakeDateEachTest } from '../support/dates'
import { insertMeetingSpot } from '../support/meeting-spots'
import { createMarketScene, type MarketScene, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

const HOUR = 60 * 60 * 1000
/** Tuesday 1 December 2026, 10:00 in São Paulo (UTC−3). */
const NOW = Date.UTC(2026, 11, 1, 13, 0)
/** A time on São Paulo's clock, `days` after NOW's date. */
const local = (days: number, hours: number) => Date.UTC(2026, 11, 1 + days, hours + 3)

let scene: MarketScene

fakeDateEachTest(NOW)

beforeEach(async () => {
  scene = await createMarketScene(world, { title: 'Violão Giannini', priceCents: 35_000 })
})

/** The chat events the open pages of each of the two participants receive while `action` runs. */
async function heardByBoth(action: () => unknown) {
  const controller = new AbortController()
  const heard = new Map<number, ChatEvent[]>()
  const collectors = [scene.buyer.id, scene.seller.id].map(async (userId) => {
    const listener = world.services.bus.listen('chat', userId, controller.signal)
    const iterator = listener[Symbol.asyncIterator]()
    await listener.ready
    const events: ChatEvent[] = []
    heard.set(userId, events)
    // Wrapped, so awaiting the listener's readiness does not await the whole collection.
    return {
      done: (async () => {
        for (;;) {
          const next = await iterator.next()
          if (next.done) return
          if (typeof next.value !== 'symbol') events.push(next.value)
        }
      })(),
    }
  })
  const collecting = await Promise.all(collectors)
  await action()
  controller.abort()
  await Promise.all(collecting.map((collector) => collector.done))
  return { buyer: heard.get(scene.buyer.id) ?? [], seller: heard.get(scene.seller.id) ?? [] }
}

/** What both heard of offers: [id, status, closedBecause] per event, the same for the two sides. */
function offersHeardByBoth(heard: { buyer: ChatEvent[]; seller: ChatEvent[] }) {
  const of = (events: ChatEvent[]) =>
    events.flatMap((event) =>
      event.type === 'offer' ? [[event.offer.id, event.offer.status, event.offer.closedBecause]] : [],
    )
  expect(of(heard.buyer)).toEqual(of(heard.seller))
  return of(heard.buyer)
}

function meetingsHeardByBoth(heard: { buyer: ChatEvent[]; seller: ChatEvent[] }) {
  const of = (events: ChatEvent[]) =>
    events.flatMap((event) => (event.type === 'meeting' ? [[event.meeting.id, event.meeting.status]] : []))
  expect(of(heard.buyer)).toEqual(of(heard.seller))
  return of(heard.buyer)
}

const makeOffer = (amountCents: number) =>
  scene.buyer.caller.deals.offers.make({ conversationId: scene.conversationId, amountCents })

describe('o estado do negócio chega ao vivo aos dois lados', () => {
  it('oferta feita, contraproposta, aceita e recusada', async () => {
    let offerId = 0
    expect(
      offersHeardByBoth(
        await heardByBoth(async () => {
          offerId = (await makeOffer(30_000)).id
        }),
      ),
    ).toEqual([[offerId, 'aberta', null]])
    let counterId = 0
    expect(
      offersHeardByBoth(
        await heardByBoth(async () => {
          counterId = (await scene.seller.caller.deals.offers.counter({ offerId, amountCents: 33_000 })).id
        }),
      ),
    ).toEqual([
      [offerId, 'contraposta', null],
      [counterId, 'aberta', null],
    ])
    expect(
      offersHeardByBoth(
        await heardByBoth(() => scene.buyer.caller.deals.offers.decline({ offerId: counterId })),
      ),
    ).toEqual([[counterId, 'recusada', null]])
    await expectAppError(
      scene.buyer.caller.deals.offers.accept({ offerId: counterId }),
      'OFFER_ALREADY_DECLINED',
      'CONFLICT',
    )
    const again = await makeOffer(32_000)
    expect(
      offersHeardByBoth(
        await heardByBoth(() => scene.seller.caller.deals.offers.accept({ offerId: again.id })),
      ),
    ).toEqual([[again.id, 'aceita', null]])
    await expectAppError(
      scene.seller.caller.deals.offers.decline({ offerId: again.id }),
      'OFFER_ALREADY_ACCEPTED',
      'CONFLICT',
    )
  })

  it('o anúncio vendido encerra a oferta; os dois ouvem o porquê e o toque atrasado diz o que houve', async () => {
    const offer = await makeOffer(30_000)
    const counter = await scene.seller.caller.deals.offers.counter({ offerId: offer.id, amountCents: 33_000 })
    expect(
      offersHeardByBoth(
        await heardByBoth(() =>
          scene.seller.caller.listings.setStatus({ id: scene.listingId, status: 'vendido' }),
        ),
      ),
    ).toEqual([[counter.id, 'encerrada', 'vendido']])
    await expectOfferAnswersRefused(scene.buyer.caller, counter.id, 31_000, 'OFFER_CLOSED_SOLD', 'CONFLICT')
  })

  it('pausar o anúncio, a moderação removê-lo ou a validade dele acabar encerram a oferta', async () => {
    const paused = await makeOffer(30_000)
    expect(
      offersHeardByBoth(
        await heardByBoth(() =>
          scene.seller.caller.listings.setStatus({ id: scene.listingId, status: 'inativo' }),
        ),
      ),
    ).toEqual([[paused.id, 'encerrada', 'fora_da_venda']])
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: paused.id }),
      'OFFER_CLOSED_OFF_SALE',
      'CONFLICT',
    )

    scene = await createMarketScene(world, { title: 'Tênis de corrida', priceCents: 20_000 })
    const removed = await makeOffer(15_000)
    expect(
      offersHeardByBoth(
        await heardByBoth(() =>
          scene.moderator.caller.admin.listings.remove({ id: scene.listingId, reason: 'spam' }),
        ),
      ),
    ).toEqual([[removed.id, 'encerrada', 'fora_da_venda']])

    // The listing-life sweep: the listing's 60 days ran out while the offer was open.
    scene = await createMarketScene(world, { title: 'Luminária', priceCents: 4_000 })
    const expiring = await makeOffer(3_000)
    expect(
      offersHeardByBoth(
        await heardByBoth(() => runListingLife(world.services, new Date(Date.now() + LISTING_LIFETIME_MS))),
      ),
    ).toEqual([[expiring.id, 'encerrada', 'fora_da_venda']])
  })

  it('a varredura das ofertas expira a oferta de 48 horas e os dois ficam sabendo', async () => {
    const offer = await makeOffer(30_000)
    const later = new Date(NOW + 48 * HOUR)
    expect(offersHeardByBoth(await heardByBoth(() => runOfferSweep(world.services, later)))).toEqual([
      [offer.id, 'expirada', null],
    ])
    vi.setSystemTime(later)
    await expectAppError(
      scene.seller.caller.deals.offers.accept({ offerId: offer.id }),
      'OFFER_EXPIRED',
      'CONFLICT',
    )
  })

  it('entrega proposta, combinada, cancelada e expirada pela varredura', async () => {
    const spotId = insertMeetingSpot(world.db)
    const at = local(1, 14)
    let meetingId = 0
    expect(
      meetingsHeardByBoth(
        await heardByBoth(async () => {
          meetingId = (
            await scene.buyer.caller.deals.meetings.propose({
              conversationId: scene.conversationId,
              spotId,
              times: [at, at + HOUR],
            })
          ).id
        }),
      ),
    ).toEqual([[meetingId, 'proposta']])
    expect(
      meetingsHeardByBoth(
        await heardByBoth(() => scene.seller.caller.deals.meetings.pick({ meetingId, time: at })),
      ),
    ).toEqual([[meetingId, 'combinada']])
    expect(
      meetingsHeardByBoth(
        await heardByBoth(() =>
          scene.buyer.caller.deals.meetings.cancel({ meetingId, reason: 'Não vou mais' }),
        ),
      ),
    ).toEqual([[meetingId, 'cancelada']])
    // A tap on the stale "Cancelar" of the other side says it was cancelled.
    await expectAppError(
      scene.seller.caller.deals.meetings.cancel({ meetingId, reason: 'Não dá mais' }),
      'MEETING_CANCELLED',
      'CONFLICT',
    )

    const next = await scene.buyer.caller.deals.meetings.propose({
      conversationId: scene.conversationId,
      spotId,
      times: [at],
    })
    vi.setSystemTime(at)
    expect(meetingsHeardByBoth(await heardByBoth(() => runMeetingSweep(world.services, new Date())))).toEqual(
      [[next.id, 'expirada']],
    )
    await expectAppError(
      scene.seller.caller.deals.meetings.pick({ meetingId: next.id, time: at }),
      'MEETING_EXPIRED',
      'CONFLICT',
    )
  })
})
