import { and, eq, isNull } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createListing } from '../../server/db/factories'
import { deals, listings, reports, reviews, users } from '../../server/db/schema'
import { handoffCode } from '../../server/deals/handoff'
import { runMeetingSweep } from '../../server/deals/meeting-sweep'
import { expectAppError } from '../support/assertions'
import { fakeDateEachTest } from '../support/dates'
import { ALWAYS_OPEN, insertMeetingSpot } from '../support/meeting-spots'
import { createMember, mailAfterResponse, setUpTestWorld, type TestMember } from '../support/test-app'

const world = setUpTestWorld()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Tuesday 1 December 2026, 10:00 in São Paulo (UTC−3). */
const NOW = Date.UTC(2026, 11, 1, 13, 0)

let seller: TestMember
let buyer: TestMember
let spotId: number

fakeDateEachTest(NOW)

beforeEach(async () => {
  seller = await createMember(world)
  buyer = await createMember(world)
  spotId = insertMeetingSpot(world.db, ALWAYS_OPEN)
})

const listingOf = (owner: TestMember, title: string, priceCents = 5000) =>
  createListing(world.db, { sellerId: owner.id, title, priceCents })

const statusOf = (listingId: number) =>
  world.db.select().from(listings).where(eq(listings.id, listingId)).get()

/** "Enviar mensagem" on the listing: the thread and the listing's deal. */
async function ask(who: TestMember, listingId: number) {
  const started = await who.caller.chat.start({ listingId })
  if (started.dealId === null) throw new Error('sem negócio')
  return { conversationId: started.conversationId, dealId: started.dealId }
}

/** The deal's meeting agreed `ahead` from now, its code opened by the seller and typed by the buyer. */
async function handOff(target: { conversationId: number; dealId: number }, ahead = 30 * MINUTE) {
  const at = Date.now() + ahead
  const proposed = await buyer.caller.deals.meetings.propose({ ...target, spotId, times: [at] })
  await seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: at })
  await seller.caller.deals.meetings.handoffCode({ meetingId: proposed.id })
  await buyer.caller.deals.meetings.confirmHandoff({
    meetingId: proposed.id,
    code: handoffCode(world.services.secrets, proposed.id),
  })
  return proposed.id
}

describe('negócios: um por anúncio, vários numa conversa', () => {
  it('perguntar por um segundo anúncio abre outro negócio na mesma conversa, sem mexer no primeiro', async () => {
    const lamp = listingOf(seller, 'Luminária de mesa', 4000)
    const desk = listingOf(seller, 'Escrivaninha', 15000)
    const first = await ask(buyer, lamp)
    await buyer.caller.deals.offers.make({ ...first, amountCents: 3500 })
    const second = await ask(buyer, desk)
    expect(second.conversationId).toBe(first.conversationId)
    expect(second.dealId).not.toBe(first.dealId)
    // Asking again about the lamp finds its deal, with its offer.
    expect((await ask(buyer, lamp)).dealId).toBe(first.dealId)

    await buyer.caller.deals.offers.make({ ...second, amountCents: 12000 })
    const lampOffers = await seller.caller.deals.offers.list(first)
    const deskOffers = await seller.caller.deals.offers.list(second)
    expect(lampOffers.items.map((offer) => [offer.amountCents, offer.status])).toEqual([[3500, 'aberta']])
    expect(deskOffers.items.map((offer) => [offer.amountCents, offer.status])).toEqual([[12000, 'aberta']])
    expect(deskOffers.listingPriceCents).toBe(15000)

    const header = await seller.caller.deals.ofConversation({ conversationId: first.conversationId })
    expect(
      header.map((deal) => [deal.listings.map((item) => item.title), deal.side, deal.offerStatus]),
    ).toEqual([
      [['Escrivaninha'], 'seller', 'aberta'],
      [['Luminária de mesa'], 'seller', 'aberta'],
    ])
    // A deal of another conversation is refused like a missing one.
    const stranger = await createMember(world)
    const other = await ask(stranger, listingOf(seller, 'Cadeira'))
    await expectAppError(
      buyer.caller.deals.offers.make({
        conversationId: first.conversationId,
        dealId: other.dealId,
        amountCents: 100,
      }),
      'DEAL_NOT_FOUND',
      'NOT_FOUND',
    )
  })

  it('depois de uma entrega confirmada, o mesmo par começa outro negócio na hora; o concluído não aceita mais nada', async () => {
    const book = listingOf(seller, 'Livro de cálculo')
    const first = await ask(buyer, book)
    await handOff(first)
    expect(world.db.select().from(deals).where(eq(deals.id, first.dealId)).get()?.status).toBe('concluido')
    await expectAppError(
      buyer.caller.deals.offers.make({ ...first, amountCents: 1000 }),
      'DEAL_CLOSED',
      'CONFLICT',
    )

    const next = await ask(buyer, listingOf(seller, 'Livro de física'))
    expect(next.conversationId).toBe(first.conversationId)
    const meetingId = await handOff(next)
    const meetings = await buyer.caller.deals.meetings.ofConversation(next)
    expect(meetings.map((meeting) => [meeting.id, meeting.status])).toEqual([[meetingId, 'confirmada']])
  })

  it('uma entrega não é proposta para menos de 30 minutos à frente', async () => {
    const target = await ask(buyer, listingOf(seller, 'Calculadora'))
    await expectAppError(
      buyer.caller.deals.meetings.propose({ ...target, spotId, times: [Date.now() + 29 * MINUTE] }),
      'MEETING_TIME_TOO_SOON',
      'BAD_REQUEST',
    )
    await buyer.caller.deals.meetings.propose({ ...target, spotId, times: [Date.now() + 30 * MINUTE] })
  })
})

describe('pacotes: vários anúncios de quem vende numa oferta', () => {
  it('aceitar reserva todos; uma entrega e um código confirmam todos, e cada um fica vendido', async () => {
    const items = [listingOf(seller, 'Livro A'), listingOf(seller, 'Livro B'), listingOf(seller, 'Livro C')]
    const { conversationId, dealId: single } = await ask(buyer, items[0] as number)
    const { dealId } = await buyer.caller.deals.start({ conversationId, listingIds: items })
    // The deal that only named the first book is folded into the bundle.
    expect(world.db.select().from(deals).where(eq(deals.id, single)).get()).toBeUndefined()
    const offer = await buyer.caller.deals.offers.make({ conversationId, dealId, amountCents: 12000 })
    await seller.caller.deals.offers.accept({ offerId: offer.id })
    expect(items.map((id) => statusOf(id)?.reservedByDealId)).toEqual([dealId, dealId, dealId])

    await handOff({ conversationId, dealId })
    expect(items.map((id) => [statusOf(id)?.status, statusOf(id)?.reservedByDealId])).toEqual([
      ['vendido', null],
      ['vendido', null],
      ['vendido', null],
    ])
  })

  it('um anúncio que sai da venda encerra a oferta aberta do pacote, dizendo qual saiu', async () => {
    const lamp = listingOf(seller, 'Luminária')
    const desk = listingOf(seller, 'Escrivaninha')
    const { conversationId } = await ask(buyer, lamp)
    const { dealId } = await buyer.caller.deals.start({ conversationId, listingIds: [lamp, desk] })
    await buyer.caller.deals.offers.make({ conversationId, dealId, amountCents: 9000 })
    await seller.caller.listings.setStatus({ id: desk, status: 'inativo' })
    const list = await buyer.caller.deals.offers.list({ conversationId, dealId })
    expect(list.items.map((item) => [item.status, item.closedByListingId])).toEqual([['encerrada', desk]])
    expect(list.canOffer).toBe(false)
  })

  it('recusa anúncios de outra pessoa, fora da venda, ou já num negócio com oferta', async () => {
    const lamp = listingOf(seller, 'Luminária')
    const desk = listingOf(seller, 'Escrivaninha')
    const { conversationId, dealId } = await ask(buyer, lamp)
    const mine = listingOf(buyer, 'Do próprio comprador')
    await expectAppError(
      buyer.caller.deals.start({ conversationId, listingIds: [lamp, mine] }),
      'DEAL_LISTINGS_INVALID',
      'BAD_REQUEST',
    )
    await buyer.caller.deals.offers.make({ conversationId, dealId, amountCents: 3000 })
    await expectAppError(
      buyer.caller.deals.start({ conversationId, listingIds: [lamp, desk] }),
      'DEAL_LISTING_IN_ANOTHER_DEAL',
      'CONFLICT',
    )
  })
})

describe('reservado', () => {
  it('quem vende reserva depois de aceitar; cancelar a entrega combinada devolve o anúncio a Ativo', async () => {
    const bike = listingOf(seller, 'Bicicleta')
    const target = await ask(buyer, bike)
    await expectAppError(
      seller.caller.deals.setReserved({ dealId: target.dealId, reserved: true }),
      'DEAL_RESERVE_NOT_YET',
      'CONFLICT',
    )
    const offer = await buyer.caller.deals.offers.make({ ...target, amountCents: 30000 })
    await seller.caller.deals.offers.accept({ offerId: offer.id })
    await expectAppError(
      buyer.caller.deals.setReserved({ dealId: target.dealId, reserved: true }),
      'DEAL_RESERVE_SELLER_ONLY',
      'FORBIDDEN',
    )
    await seller.caller.deals.setReserved({ dealId: target.dealId, reserved: true })
    expect(statusOf(bike)).toMatchObject({ status: 'ativo', reservedByDealId: target.dealId })

    const at = Date.now() + 4 * DAY
    const proposed = await buyer.caller.deals.meetings.propose({ ...target, spotId, times: [at] })
    await seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: at })
    // Three days later the offer no longer holds it, the agreed meeting ahead still does.
    vi.setSystemTime(NOW + 73 * HOUR)
    runMeetingSweep(world.services)
    expect(statusOf(bike)?.reservedByDealId).toBe(target.dealId)
    await buyer.caller.deals.meetings.cancel({ meetingId: proposed.id, reason: 'Desisti da compra' })
    expect(statusOf(bike)?.reservedByDealId).toBeNull()
  })

  it('uma oferta aceita sem entrega combinada deixa de reservar depois de 72 horas', async () => {
    const bike = listingOf(seller, 'Bicicleta')
    const target = await ask(buyer, bike)
    const offer = await buyer.caller.deals.offers.make({ ...target, amountCents: 30000 })
    await seller.caller.deals.offers.accept({ offerId: offer.id })
    await seller.caller.deals.setReserved({ dealId: target.dealId, reserved: true })
    vi.setSystemTime(NOW + 71 * HOUR)
    runMeetingSweep(world.services)
    expect(statusOf(bike)?.reservedByDealId).toBe(target.dealId)
    vi.setSystemTime(NOW + 73 * HOUR)
    runMeetingSweep(world.services)
    expect(statusOf(bike)?.reservedByDealId).toBeNull()
  })
})

describe('avaliações que não se fabricam', () => {
  it('três ciclos de entrega e avaliação entre os mesmos dois deixam a média de quem vende sem aparecer', async () => {
    for (const title of ['Caneta 1', 'Caneta 2', 'Caneta 3']) {
      const target = await ask(buyer, listingOf(seller, title, 100))
      const meetingId = await handOff(target)
      await buyer.caller.deals.reviews.create({ meetingId, stars: 5, comment: 'Ótimo' })
      await expectAppError(
        buyer.caller.deals.reviews.create({ meetingId, stars: 5 }),
        'REVIEW_ALREADY_SENT',
        'CONFLICT',
      )
      vi.setSystemTime(Date.now() + 10 * MINUTE)
    }
    const profile = await buyer.caller.profiles.byUsername({ username: seller.username })
    expect(profile.reviews.average).toBeNull()
    expect(profile.reviews.reviewsCount).toBe(1)
    // All three are shown; only the first moves the average.
    expect(profile.reviews.latest.map((review) => review.counted)).toEqual([false, false, true])

    // Thirty days on, the pair's next review counts again.
    vi.setSystemTime(Date.now() + 31 * DAY)
    const target = await ask(buyer, listingOf(seller, 'Caneta 4', 100))
    const meetingId = await handOff(target)
    await buyer.caller.deals.reviews.create({ meetingId, stars: 4 })
    expect((await buyer.caller.profiles.byUsername({ username: seller.username })).reviews.reviewsCount).toBe(
      2,
    )
  })

  it('quem vende com as entregas concentradas nas mesmas pessoas entra na fila da moderação, uma vez', async () => {
    for (let i = 0; i < 6; i++) {
      await handOff(await ask(buyer, listingOf(seller, `Item ${i}`, 100)))
      vi.setSystemTime(Date.now() + 10 * MINUTE)
    }
    const flags = world.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetUserId, seller.id), isNull(reports.reporterId)))
      .all()
    expect(flags).toHaveLength(1)
    expect(flags[0]?.details).toContain('5 de 5 entregas confirmadas')
  })

  it('entregas com pessoas diferentes não marcam ninguém', async () => {
    for (let i = 0; i < 5; i++) {
      const other = await createMember(world)
      const { conversationId, dealId } = await ask(other, listingOf(seller, `Item ${i}`, 100))
      const at = Date.now() + 30 * MINUTE
      const proposed = await other.caller.deals.meetings.propose({
        conversationId,
        dealId,
        spotId,
        times: [at],
      })
      await seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: at })
      await seller.caller.deals.meetings.handoffCode({ meetingId: proposed.id })
      await other.caller.deals.meetings.confirmHandoff({
        meetingId: proposed.id,
        code: handoffCode(world.services.secrets, proposed.id),
      })
    }
    expect(world.db.select().from(reports).where(eq(reports.targetUserId, seller.id)).all()).toEqual([])
  })

  it('quem foi avaliado pode denunciar a avaliação que recebeu', async () => {
    const meetingId = await handOff(await ask(buyer, listingOf(seller, 'Caderno', 100)))
    const { id } = await buyer.caller.deals.reviews.create({ meetingId, stars: 1, comment: 'Péssimo' })
    const profile = await seller.caller.profiles.byUsername({ username: seller.username })
    expect(profile.reviews.latest[0]).toMatchObject({ id, canReport: true })
    await seller.caller.safety.report({ targetType: 'review', targetId: id, reason: 'harassment' })
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()?.removedAt).toBeNull()
  })
})

describe('e-mails de entrega cancelada', () => {
  const emailOf = (member: TestMember) =>
    world.db.select({ email: users.email }).from(users).where(eq(users.id, member.id)).get()?.email

  it('propor e cancelar em laço não manda e-mail; cancelar a combinada manda um por dia por negócio', async () => {
    const target = await ask(buyer, listingOf(seller, 'Mesa'))
    const sellerEmail = emailOf(seller)
    const cancelMails = () =>
      world.services.mailer.sent.filter((mail) => mail.to === sellerEmail && /cancelad/i.test(mail.subject))
    for (let i = 0; i < 3; i++) {
      const proposed = await buyer.caller.deals.meetings.propose({
        ...target,
        spotId,
        times: [Date.now() + HOUR],
      })
      await buyer.caller.deals.meetings.cancel({ meetingId: proposed.id, reason: `Motivo qualquer ${i}` })
    }
    await mailAfterResponse()
    expect(cancelMails()).toEqual([])
    for (let i = 0; i < 2; i++) {
      const at = Date.now() + HOUR
      const proposed = await seller.caller.deals.meetings.propose({ ...target, spotId, times: [at] })
      await buyer.caller.deals.meetings.pick({ meetingId: proposed.id, time: at })
      await buyer.caller.deals.meetings.cancel({ meetingId: proposed.id, reason: `Imprevisto ${i}` })
    }
    await mailAfterResponse()
    expect(cancelMails()).toHaveLength(1)
    // Every cancellation still reaches the seller in the app.
    const notices = await seller.caller.notifications.list({})
    expect(notices.items.filter((item) => item.title === 'Entrega cancelada')).toHaveLength(5)
  })
})

describe('Mensagens mostra cada evento de negócio', () => {
  it('uma oferta antes de qualquer texto aparece na caixa de entrada, não lida, no topo; abrir a conversa a lê', async () => {
    const older = await createMember(world)
    const { conversationId: olderThread } = await ask(older, listingOf(seller, 'Mochila'))
    await older.caller.chat.send({ conversationId: olderThread, content: 'Oi, ainda tem?' })
    vi.setSystemTime(NOW + MINUTE)
    const target = await ask(buyer, listingOf(seller, 'Luminária'))
    expect((await seller.caller.chat.conversations()).map((item) => item.id)).toEqual([olderThread])

    await buyer.caller.deals.offers.make({ ...target, amountCents: 3000 })
    const inbox = await seller.caller.chat.conversations()
    expect(inbox.map((item) => [item.id, item.unread, item.lastDealActivity?.text])).toEqual([
      [target.conversationId, 1, 'Oferta de R$\u00a030,00'],
      [olderThread, 1, undefined],
    ])
    expect((await seller.caller.chat.unreadCount()).count).toBe(2)
    // The buyer's own offer is no news to the buyer.
    expect((await buyer.caller.chat.conversations())[0]?.unread).toBe(0)

    await seller.caller.chat.markRead({ conversationId: target.conversationId })
    expect(
      (await seller.caller.chat.conversations()).find((item) => item.id === target.conversationId)?.unread,
    ).toBe(0)

    vi.setSystemTime(NOW + 2 * MINUTE)
    await seller.caller.deals.meetings.propose({ ...target, spotId, times: [Date.now() + HOUR] })
    const buyerInbox = await buyer.caller.chat.conversations()
    expect(buyerInbox[0]).toMatchObject({ unread: 1, lastDealActivity: { text: 'Proposta de entrega' } })
  })
})

describe('o selo Reservado no portal', () => {
  it('o anúncio reservado continua na lista, na mesma ordem, com reserved; volta a Ativo quando a reserva acaba', async () => {
    const bike = listingOf(seller, 'Bicicleta aro 29', 50000)
    listingOf(seller, 'Capacete', 8000)
    const target = await ask(buyer, bike)
    const before = (await buyer.caller.listings.list({ sort: 'price-asc' })).items.map((item) => item.id)
    const offer = await buyer.caller.deals.offers.make({ ...target, amountCents: 45000 })
    await seller.caller.deals.offers.accept({ offerId: offer.id })
    await seller.caller.deals.setReserved({ dealId: target.dealId, reserved: true })
    const page = await (await createMember(world)).caller.listings.list({ sort: 'price-asc' })
    expect(page.items.map((item) => item.id)).toEqual(before)
    expect(page.items.find((item) => item.id === bike)?.reserved).toBe(true)
    await seller.caller.deals.setReserved({ dealId: target.dealId, reserved: false })
    expect(
      (await buyer.caller.listings.list({ sort: 'price-asc' })).items.find((item) => item.id === bike)
        ?.reserved,
    ).toBe(false)
  })
})
