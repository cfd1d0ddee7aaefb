import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  createConfirmedMeeting,
  createConversation,
  createEvent,
  createListing,
  createStudent,
} from '../../server/db/factories'
import {
  alumni,
  blocks,
  conversations,
  emailOptOuts,
  emailTokens,
  eventAttendees,
  events,
  eventTickets,
  eventWaitlist,
  listingViews,
  meetingSpots,
  meetings,
  notifications,
  offers,
  profiles,
  reports,
  reverifications,
  reviews,
  sanctions,
  semesters,
  wantedMatches,
  wantedPosts,
} from '../../server/db/schema'
import type { WantedInput } from '../../shared/schemas/wanted'
import { expectNoneOf } from '../support/assertions'
import { firstSubcategoryOf, sellFormInput } from '../support/listings'
import { callerFor, createMember, setUpTestWorld, TEST_PASSWORD, type TestMember } from '../support/test-app'

const world = setUpTestWorld()

const desapegos = () => firstSubcategoryOf(world.db, 'desapegos')

const wanted = (title: string): WantedInput => ({
  title,
  mainCategoryId: desapegos().mainCategoryId,
  maxPriceCents: 8000,
  days: 14,
})

/** Publishes through the procedure, as the sell form does, so the matching runs. */
const publish = (seller: TestMember, title: string) =>
  seller.caller.listings.create(
    sellFormInput(world.db, seller.id, {
      title,
      description: `${title}, funcionando perfeitamente e com manual.`,
      priceCents: 6000,
      ...desapegos(),
    }),
  )

/** A member who can delete their own account: signed in with the test password. */
async function memberWithPassword(fullName: string) {
  const account = await createStudent(world.db, { member: true, fullName })
  return { ...account, caller: callerFor(world.services, { userId: account.id }).caller }
}

describe('exclusão da conta e o Procura-se', () => {
  it('os pedidos da conta excluída saem do quadro e deixam de combinar com anúncios novos', async () => {
    const poster = await memberWithPassword('Quem Procura')
    const seller = await createMember(world)
    const { id: wantedId } = await poster.caller.wanted.create(wanted('Calculadora científica'))
    const { id: answered } = await publish(seller, 'Calculadora científica HP')
    expect((await seller.caller.listings.byId({ id: answered })).wantedMatches).toHaveLength(1)

    await poster.caller.account.deleteAccount({ password: TEST_PASSWORD })

    expect((await seller.caller.wanted.board()).items.map((item) => item.id)).not.toContain(wantedId)
    expect((await seller.caller.listings.byId({ id: answered })).wantedMatches).toEqual([])
    const { id: later } = await publish(seller, 'Calculadora científica Casio')
    expect((await seller.caller.listings.byId({ id: later })).wantedMatches).toEqual([])
    expect(world.db.select().from(wantedPosts).where(eq(wantedPosts.posterId, poster.id)).all()).toEqual([])
    expect(world.db.select().from(wantedMatches).all()).toEqual([])
  })
})

describe('exportação dos dados', () => {
  it('traz os pedidos, as denúncias feitas e os bloqueios, e nada de quem denunciou a pessoa', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const reported = await createMember(world, { fullName: 'Pessoa Denunciada' })
    const blocked = await createMember(world, { fullName: 'Pessoa Bloqueada' })
    const reporter = await createMember(world, { fullName: 'Quem Me Denunciou' })
    const { id: wantedId } = await me.caller.wanted.create(wanted('Livro de cálculo'))
    await me.caller.safety.report({
      targetType: 'user',
      targetId: reported.id,
      reason: 'scam',
      details: 'Pediu Pix adiantado.',
    })
    await me.caller.safety.block({ userId: blocked.id })
    await reporter.caller.safety.report({
      targetType: 'user',
      targetId: me.id,
      reason: 'harassment',
      details: 'Denúncia sigilosa de outra pessoa.',
    })
    // Someone else's post, report and block are not the member's data.
    await reporter.caller.wanted.create(wanted('Mochila de outra pessoa'))
    await reporter.caller.safety.block({ userId: reported.id })

    const data = await me.caller.account.exportData()
    expect(data.wantedPosts.map((post) => [post.id, post.title, post.status])).toEqual([
      [wantedId, 'Livro de cálculo', 'open'],
    ])
    expect(data.reportsMade).toEqual([
      expect.objectContaining({
        targetType: 'user',
        about: 'Pessoa Denunciada',
        reason: 'scam',
        details: 'Pediu Pix adiantado.',
        status: 'open',
      }),
    ])
    expect(data.blocked.map((block) => [block.userId, block.fullName])).toEqual([
      [blocked.id, 'Pessoa Bloqueada'],
    ])
    expectNoneOf(data, [
      'Quem Me Denunciou',
      reporter.username,
      'Denúncia sigilosa',
      'Mochila de outra pessoa',
    ])
  })
})

const at = (iso: string) => new Date(iso)

/** A listing of `sellerId` and the conversation `buyerId` opened about it. */
function dealBetween(sellerId: number, buyerId: number, title: string) {
  const listingId = createListing(world.db, { sellerId, title })
  return { listingId, conversationId: createConversation(world.db, sellerId, buyerId, listingId) }
}

describe('exportação dos dados: eventos, negociações e avaliações', () => {
  it('traz a lista de espera e os ingressos da pessoa, sem o código do ingresso e sem os de outras pessoas', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const other = await createMember(world, { fullName: 'Outra Pessoa' })
    const organizer = await createMember(world, { fullName: 'Quem Organiza' })
    const full = createEvent(world.db, {
      organizerId: organizer.id,
      title: 'Festa junina',
      status: 'aprovado',
      maxParticipants: 1,
    })
    const talk = createEvent(world.db, {
      organizerId: organizer.id,
      title: 'Palestra de IA',
      status: 'aprovado',
      eventTime: '14:00',
    })
    const day = (eventId: number) =>
      world.db.select({ day: events.eventDate }).from(events).where(eq(events.id, eventId)).get()?.day
    world.db
      .insert(eventWaitlist)
      .values([
        { eventId: full, userId: other.id, createdAt: at('2026-03-01T10:00:00Z') },
        { eventId: full, userId: me.id, createdAt: at('2026-03-02T10:00:00Z') },
        { eventId: talk, userId: other.id, createdAt: at('2026-03-03T10:00:00Z') },
      ])
      .run()
    world.db.insert(eventAttendees).values({ eventId: talk, userId: me.id }).run()
    world.db
      .insert(eventTickets)
      .values([
        {
          eventId: talk,
          userId: me.id,
          code: 'MEUCOD7QX2',
          createdAt: at('2026-03-04T10:00:00Z'),
          checkedInAt: at('2026-03-10T17:05:00Z'),
          checkedInBy: organizer.id,
        },
        // Kept after leaving: refused by name at the door, so no longer a valid ticket.
        { eventId: full, userId: me.id, code: 'SAIU4KD9PL', createdAt: at('2026-03-05T10:00:00Z') },
        { eventId: talk, userId: other.id, code: 'OUTRO8ZZ3M', createdAt: at('2026-03-06T10:00:00Z') },
      ])
      .run()

    const data = await me.caller.account.exportData()
    expect(data.eventWaitlist).toEqual([
      {
        eventId: full,
        title: 'Festa junina',
        eventStatus: 'aprovado',
        eventDate: day(full),
        eventTime: '19:30',
        joinedAt: at('2026-03-02T10:00:00Z'),
      },
    ])
    expect(data.eventTickets).toEqual([
      {
        eventId: talk,
        title: 'Palestra de IA',
        eventStatus: 'aprovado',
        eventDate: day(talk),
        eventTime: '14:00',
        attending: true,
        issuedAt: at('2026-03-04T10:00:00Z'),
        checkedInAt: at('2026-03-10T17:05:00Z'),
      },
      {
        eventId: full,
        title: 'Festa junina',
        eventStatus: 'aprovado',
        eventDate: day(full),
        eventTime: '19:30',
        attending: false,
        issuedAt: at('2026-03-05T10:00:00Z'),
        checkedInAt: null,
      },
    ])
    expectNoneOf(data, ['MEUCOD7QX2', 'SAIU4KD9PL', 'OUTRO8ZZ3M', 'Quem Organiza'])
  })

  it('traz as ofertas feitas e recebidas e os encontros da pessoa, sem o código de entrega', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const buyer = await createMember(world, { fullName: 'Quem Compra' })
    const seller = await createMember(world, { fullName: 'Quem Vende' })
    const strangerOne = await createMember(world, { fullName: 'Estranha Um' })
    const strangerTwo = await createMember(world, { fullName: 'Estranha Dois' })
    const mySale = dealBetween(me.id, buyer.id, 'Bicicleta aro 29')
    const myPurchase = dealBetween(seller.id, me.id, 'Mesa de estudo')
    const strangers = dealBetween(strangerOne.id, strangerTwo.id, 'Guitarra de estranhos')
    const offer = (
      deal: { listingId: number; conversationId: number },
      sides: { sellerId: number; buyerId: number; madeById: number },
      amountCents: number,
      status: 'aberta' | 'aceita' | 'contraposta',
      createdAt: string,
      answeredAt: string | null,
    ) => ({
      ...deal,
      ...sides,
      amountCents,
      status,
      createdAt: at(createdAt),
      expiresAt: new Date(at(createdAt).getTime() + 48 * 60 * 60 * 1000),
      answeredAt: answeredAt ? at(answeredAt) : null,
    })
    const sale = { sellerId: me.id, buyerId: buyer.id }
    const purchase = { sellerId: seller.id, buyerId: me.id }
    const [made, countered, mine] = world.db
      .insert(offers)
      .values([
        offer(
          mySale,
          { ...sale, madeById: buyer.id },
          20000,
          'contraposta',
          '2026-04-01T12:00:00Z',
          '2026-04-01T13:00:00Z',
        ),
        offer(
          mySale,
          { ...sale, madeById: me.id },
          22000,
          'aceita',
          '2026-04-01T13:00:00Z',
          '2026-04-01T14:00:00Z',
        ),
        offer(myPurchase, { ...purchase, madeById: me.id }, 15000, 'aberta', '2026-04-02T12:00:00Z', null),
        offer(
          strangers,
          { sellerId: strangerOne.id, buyerId: strangerTwo.id, madeById: strangerTwo.id },
          99900,
          'aberta',
          '2026-04-03T12:00:00Z',
          null,
        ),
      ])
      .returning({ id: offers.id })
      .all()
    const communityId = world.db
      .select({ id: conversations.communityId })
      .from(conversations)
      .where(eq(conversations.id, myPurchase.conversationId))
      .get()?.id as number
    const spot = (name: string) =>
      world.db
        .insert(meetingSpots)
        .values({ communityId, name, description: name, opensAt: '07:00', closesAt: '22:00' })
        .returning({ id: meetingSpots.id })
        .get().id
    const kiosk = spot('Quiosque da praça')
    const cantina = spot('Cantina do bloco B')
    const handoff = world.db
      .insert(meetings)
      .values({
        ...mySale,
        sellerId: me.id,
        buyerId: buyer.id,
        spotId: kiosk,
        proposedById: buyer.id,
        proposedTimes: [at('2026-04-05T15:00:00Z').getTime()],
        status: 'confirmada',
        scheduledAt: at('2026-04-05T15:00:00Z'),
        handoffCodeHash: 'hash-secreto-da-entrega',
        confirmedAt: at('2026-04-05T15:05:00Z'),
        createdAt: at('2026-04-04T15:05:00Z'),
      })
      .returning({ id: meetings.id })
      .get()
    createConfirmedMeeting(world.db, { conversationId: strangers.conversationId })
    const cancelled = world.db
      .insert(meetings)
      .values({
        ...myPurchase,
        sellerId: seller.id,
        buyerId: me.id,
        spotId: cantina,
        proposedById: seller.id,
        proposedTimes: [at('2026-04-08T18:00:00Z').getTime(), at('2026-04-07T18:00:00Z').getTime()],
        status: 'cancelada',
        cancelledById: me.id,
        cancelReason: 'Choveu muito',
        createdAt: at('2026-04-06T10:00:00Z'),
      })
      .returning({ id: meetings.id })
      .get().id

    const data = await me.caller.account.exportData()
    const expiry = (createdAt: string) => new Date(at(createdAt).getTime() + 48 * 60 * 60 * 1000)
    expect(data.offers).toEqual([
      {
        id: made?.id,
        conversationId: mySale.conversationId,
        listingId: mySale.listingId,
        listingTitle: 'Bicicleta aro 29',
        asSeller: true,
        madeByMe: false,
        amountCents: 20000,
        status: 'contraposta',
        createdAt: at('2026-04-01T12:00:00Z'),
        expiresAt: expiry('2026-04-01T12:00:00Z'),
        answeredAt: at('2026-04-01T13:00:00Z'),
      },
      {
        id: countered?.id,
        conversationId: mySale.conversationId,
        listingId: mySale.listingId,
        listingTitle: 'Bicicleta aro 29',
        asSeller: true,
        madeByMe: true,
        amountCents: 22000,
        status: 'aceita',
        createdAt: at('2026-04-01T13:00:00Z'),
        expiresAt: expiry('2026-04-01T13:00:00Z'),
        answeredAt: at('2026-04-01T14:00:00Z'),
      },
      {
        id: mine?.id,
        conversationId: myPurchase.conversationId,
        listingId: myPurchase.listingId,
        listingTitle: 'Mesa de estudo',
        asSeller: false,
        madeByMe: true,
        amountCents: 15000,
        status: 'aberta',
        createdAt: at('2026-04-02T12:00:00Z'),
        expiresAt: expiry('2026-04-02T12:00:00Z'),
        answeredAt: null,
      },
    ])
    expect(data.meetings).toEqual([
      {
        id: handoff.id,
        conversationId: mySale.conversationId,
        listingId: mySale.listingId,
        listingTitle: 'Bicicleta aro 29',
        asSeller: true,
        spot: 'Quiosque da praça',
        proposedByMe: false,
        proposedTimes: [at('2026-04-05T15:00:00Z')],
        status: 'confirmada',
        scheduledAt: at('2026-04-05T15:00:00Z'),
        confirmedAt: at('2026-04-05T15:05:00Z'),
        cancelledByMe: false,
        cancelReason: null,
        createdAt: at('2026-04-04T15:05:00Z'),
      },
      {
        id: cancelled,
        conversationId: myPurchase.conversationId,
        listingId: myPurchase.listingId,
        listingTitle: 'Mesa de estudo',
        asSeller: false,
        spot: 'Cantina do bloco B',
        proposedByMe: false,
        proposedTimes: [at('2026-04-07T18:00:00Z'), at('2026-04-08T18:00:00Z')],
        status: 'cancelada',
        scheduledAt: null,
        confirmedAt: null,
        cancelledByMe: true,
        cancelReason: 'Choveu muito',
        createdAt: at('2026-04-06T10:00:00Z'),
      },
    ])
    expectNoneOf(data, ['hash-secreto-da-entrega', 'Guitarra de estranhos', '99900'])
  })

  it('traz as avaliações feitas e recebidas, e de quem avaliou só o que o perfil mostra', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const praising = await createMember(world, { fullName: 'Quem Elogiou' })
    const removed = await createMember(world, { fullName: 'Avaliação Removida Por' })
    const blocker = await createMember(world, { fullName: 'Quem Me Bloqueou' })
    const strangerOne = await createMember(world, { fullName: 'Estranha Um' })
    const strangerTwo = await createMember(world, { fullName: 'Estranha Dois' })
    const handoffWith = (buyerId: number, title: string, sellerId = me.id) => {
      const deal = dealBetween(sellerId, buyerId, title)
      return { ...deal, meetingId: createConfirmedMeeting(world.db, deal).id }
    }
    const praised = handoffWith(praising.id, 'Calculadora HP')
    const takenDown = handoffWith(removed.id, 'Fone de ouvido')
    const blocked = handoffWith(blocker.id, 'Cadeira gamer')
    const strangers = handoffWith(strangerTwo.id, 'Livro dos estranhos', strangerOne.id)
    const review = (
      meetingId: number,
      reviewerId: number,
      revieweeId: number,
      stars: number,
      comment: string,
      createdAt: string,
    ) => ({
      meetingId,
      reviewerId,
      revieweeId,
      stars,
      comment,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    })
    const univille = world.db
      .select({ id: conversations.communityId })
      .from(conversations)
      .where(eq(conversations.id, praised.conversationId))
      .get()?.id as number
    world.db
      .insert(reviews)
      .values(
        [
          review(
            praised.meetingId,
            praising.id,
            me.id,
            5,
            'Ótima vendedora, pontual.',
            '2026-05-01T10:00:00Z',
          ),
          review(praised.meetingId, me.id, praising.id, 4, 'Pagou certinho.', '2026-05-01T11:00:00Z'),
          review(
            takenDown.meetingId,
            removed.id,
            me.id,
            1,
            'Comentário tirado pela moderação.',
            '2026-05-02T10:00:00Z',
          ),
          review(blocked.meetingId, blocker.id, me.id, 3, 'Entrega demorou.', '2026-05-03T10:00:00Z'),
          review(
            strangers.meetingId,
            strangerTwo.id,
            strangerOne.id,
            2,
            'Resenha entre estranhos.',
            '2026-05-04T10:00:00Z',
          ),
        ].map((row) => ({ ...row, communityId: univille })),
      )
      .run()
    world.db
      .update(reviews)
      // Replying and removing leave updatedAt as written: it tells when the reviewer last edited.
      .set({
        reply: 'Obrigada pela confiança!',
        repliedAt: at('2026-05-01T12:00:00Z'),
        updatedAt: sql`${reviews.createdAt}`,
      })
      .where(eq(reviews.revieweeId, me.id))
      .run()
    world.db
      .update(reviews)
      .set({ removedAt: at('2026-05-02T12:00:00Z'), updatedAt: sql`${reviews.createdAt}` })
      .where(eq(reviews.reviewerId, removed.id))
      .run()
    world.db.insert(blocks).values({ blockerId: blocker.id, blockedId: me.id }).run()

    const data = await me.caller.account.exportData()
    expect(data.reviewsWritten).toEqual([
      {
        meetingId: praised.meetingId,
        listingId: praised.listingId,
        listingTitle: 'Calculadora HP',
        stars: 4,
        comment: 'Pagou certinho.',
        createdAt: at('2026-05-01T11:00:00Z'),
        updatedAt: at('2026-05-01T11:00:00Z'),
        removedByModeration: false,
      },
    ])
    const received = (meetingId: number, listingId: number, listingTitle: string) => ({
      meetingId,
      listingId,
      listingTitle,
      reply: 'Obrigada pela confiança!',
      repliedAt: at('2026-05-01T12:00:00Z'),
    })
    expect(data.reviewsReceived).toEqual([
      {
        ...received(praised.meetingId, praised.listingId, 'Calculadora HP'),
        stars: 5,
        comment: 'Ótima vendedora, pontual.',
        createdAt: at('2026-05-01T10:00:00Z'),
        updatedAt: at('2026-05-01T10:00:00Z'),
        removedByModeration: false,
        reviewer: { username: praising.username, fullName: 'Quem Elogiou', avatarUrl: null },
      },
      {
        ...received(takenDown.meetingId, takenDown.listingId, 'Fone de ouvido'),
        stars: 1,
        comment: 'Comentário tirado pela moderação.',
        createdAt: at('2026-05-02T10:00:00Z'),
        updatedAt: at('2026-05-02T10:00:00Z'),
        removedByModeration: true,
        reviewer: null,
      },
      {
        ...received(blocked.meetingId, blocked.listingId, 'Cadeira gamer'),
        stars: 3,
        comment: 'Entrega demorou.',
        createdAt: at('2026-05-03T10:00:00Z'),
        updatedAt: at('2026-05-03T10:00:00Z'),
        removedByModeration: false,
        reviewer: null,
      },
    ])
    expectNoneOf(data, [
      'Avaliação Removida Por',
      removed.username,
      'Quem Me Bloqueou',
      blocker.username,
      'Resenha entre estranhos',
      'Livro dos estranhos',
    ])
  })
})

describe('exportação dos dados: conta, avisos e sanções', () => {
  it('traz as reconfirmações de semestre e a condição de egresso só da pessoa', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const other = await createMember(world, { fullName: 'Outra Pessoa' })
    const communityId = world.db
      .select({ id: profiles.communityId })
      .from(profiles)
      .where(eq(profiles.userId, me.id))
      .get()?.id as number
    const [first, second] = world.db
      .insert(semesters)
      .values([
        { communityId, name: '2031/1', startsOn: '2031-02-17', endsOn: '2031-07-05' },
        { communityId, name: '2031/2', startsOn: '2031-08-04', endsOn: '2031-12-13' },
      ])
      .returning({ id: semesters.id })
      .all()
    world.db
      .insert(reverifications)
      .values([
        {
          semesterId: first?.id as number,
          userId: me.id,
          noticedAt: at('2031-02-03T12:00:00Z'),
          extendedUntil: null,
        },
        {
          semesterId: second?.id as number,
          userId: me.id,
          noticedAt: at('2031-07-21T12:00:00Z'),
          extendedUntil: at('2031-09-01T03:00:00Z'),
        },
        { semesterId: second?.id as number, userId: other.id, noticedAt: at('2031-07-22T12:00:00Z') },
      ])
      .run()
    world.db
      .insert(alumni)
      .values([
        { userId: me.id, since: at('2031-08-18T03:00:00Z') },
        { userId: other.id, since: at('2031-08-19T03:00:00Z') },
      ])
      .run()

    const data = await me.caller.account.exportData()
    expect(data.reverifications).toEqual([
      {
        semester: '2031/1',
        startsOn: '2031-02-17',
        endsOn: '2031-07-05',
        noticedAt: at('2031-02-03T12:00:00Z'),
        extendedUntil: null,
      },
      {
        semester: '2031/2',
        startsOn: '2031-08-04',
        endsOn: '2031-12-13',
        noticedAt: at('2031-07-21T12:00:00Z'),
        extendedUntil: at('2031-09-01T03:00:00Z'),
      },
    ])
    expect(data.alumniSince).toEqual(at('2031-08-18T03:00:00Z'))
    expect(JSON.stringify(data)).not.toContain('2031-07-22T12:00:00')
    const quiet = await createMember(world)
    expect((await quiet.caller.account.exportData()).alumniSince).toBeNull()
  })

  it('traz as notificações e os e-mails desligados da pessoa, e não os de outras pessoas', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const other = await createMember(world, { fullName: 'Outra Pessoa' })
    world.db
      .insert(notifications)
      .values([
        {
          userId: me.id,
          kind: 'price_drop',
          title: 'Baixou o preço de Calculadora HP',
          body: 'Agora por R$ 80,00.',
          link: '/anuncio/1',
          groupKey: 'price:1',
          count: 2,
          readAt: at('2026-06-02T10:00:00Z'),
          createdAt: at('2026-06-01T10:00:00Z'),
          updatedAt: at('2026-06-01T11:00:00Z'),
        },
        {
          userId: other.id,
          kind: 'warning',
          title: 'Aviso de outra pessoa',
          createdAt: at('2026-06-03T10:00:00Z'),
        },
      ])
      .run()
    world.db
      .insert(emailOptOuts)
      .values([
        { userId: me.id, kind: 'wanted_match', createdAt: at('2026-06-04T10:00:00Z') },
        { userId: other.id, kind: 'chat_digest', createdAt: at('2026-06-05T10:00:00Z') },
      ])
      .run()

    const data = await me.caller.account.exportData()
    expect(data.notifications).toEqual([
      {
        kind: 'price_drop',
        title: 'Baixou o preço de Calculadora HP',
        body: 'Agora por R$ 80,00.',
        link: '/anuncio/1',
        count: 2,
        readAt: at('2026-06-02T10:00:00Z'),
        createdAt: at('2026-06-01T10:00:00Z'),
        updatedAt: at('2026-06-01T11:00:00Z'),
      },
    ])
    expect(data.emailOptOuts).toEqual([{ kind: 'wanted_match', createdAt: at('2026-06-04T10:00:00Z') }])
    expectNoneOf(data, ['Aviso de outra pessoa', 'chat_digest'])
  })

  it('traz as sanções da pessoa com o motivo, e nunca quem moderou nem a denúncia', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const other = await createMember(world, { fullName: 'Outra Pessoa' })
    const moderator = await createMember(world, {
      fullName: 'Moderadora Sigilosa',
      roles: ['user', 'moderator'],
    })
    const reporter = await createMember(world, { fullName: 'Quem Me Denunciou' })
    await reporter.caller.safety.report({
      targetType: 'user',
      targetId: me.id,
      reason: 'scam',
      details: 'Denúncia que levou à suspensão.',
    })
    const reportId = world.db.select({ id: reports.id }).from(reports).get()?.id ?? null
    world.db
      .insert(sanctions)
      .values([
        {
          userId: me.id,
          kind: 'warning',
          reason: 'Linguagem ofensiva no chat.',
          moderatorId: moderator.id,
          createdAt: at('2026-07-01T10:00:00Z'),
        },
        {
          userId: me.id,
          kind: 'suspension',
          reason: 'Anúncio enganoso.',
          endsAt: at('2026-07-09T10:00:00Z'),
          moderatorId: moderator.id,
          reportId,
          createdAt: at('2026-07-02T10:00:00Z'),
        },
        { userId: other.id, kind: 'warning', reason: 'Sanção de outra pessoa.', moderatorId: moderator.id },
      ])
      .run()

    const data = await me.caller.account.exportData()
    expect(data.sanctions).toEqual([
      {
        kind: 'warning',
        reason: 'Linguagem ofensiva no chat.',
        endsAt: null,
        createdAt: at('2026-07-01T10:00:00Z'),
      },
      {
        kind: 'suspension',
        reason: 'Anúncio enganoso.',
        endsAt: at('2026-07-09T10:00:00Z'),
        createdAt: at('2026-07-02T10:00:00Z'),
      },
    ])
    expectNoneOf(data, [
      'Moderadora Sigilosa',
      moderator.username,
      'Quem Me Denunciou',
      'Denúncia que levou',
      'Sanção de outra pessoa',
    ])
  })

  it('traz os anúncios que a pessoa abriu e os links pendentes, sem o hash do link', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const other = await createMember(world, { fullName: 'Outra Pessoa' })
    const seen = createListing(world.db, { sellerId: other.id, title: 'Violão usado' })
    const unseen = createListing(world.db, { sellerId: other.id, title: 'Teclado que só outra pessoa viu' })
    world.db
      .insert(listingViews)
      .values([
        { listingId: seen, viewerId: me.id, day: '2026-08-01' },
        { listingId: seen, viewerId: me.id, day: '2026-08-03' },
        { listingId: unseen, viewerId: other.id, day: '2026-08-02' },
      ])
      .run()
    world.db
      .insert(emailTokens)
      .values([
        {
          id: 'hash-do-link-secreto',
          userId: me.id,
          purpose: 'change_email',
          email: 'novo-endereco@univille.br',
          createdAt: at('2026-08-04T10:00:00Z'),
          expiresAt: at('2026-08-05T10:00:00Z'),
        },
        {
          id: 'hash-do-link-de-outra-pessoa',
          userId: other.id,
          purpose: 'reset_password',
          email: 'outra-pessoa@univille.br',
          expiresAt: at('2026-08-05T10:00:00Z'),
        },
      ])
      .run()

    const data = await me.caller.account.exportData()
    expect(data.listingsViewed).toEqual([
      { listingId: seen, title: 'Violão usado', day: '2026-08-01' },
      { listingId: seen, title: 'Violão usado', day: '2026-08-03' },
    ])
    expect(data.pendingEmailLinks).toEqual([
      {
        purpose: 'change_email',
        email: 'novo-endereco@univille.br',
        createdAt: at('2026-08-04T10:00:00Z'),
        expiresAt: at('2026-08-05T10:00:00Z'),
      },
    ])
    expectNoneOf(data, ['hash-do-link', 'outra-pessoa@univille.br', 'Teclado que só outra pessoa viu'])
  })
})
