import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createConversation, createListing } from '../../server/db/factories'
import { alumni, type meetingSpots, meetings, notifications } from '../../server/db/schema'
import { handoffCode } from '../../server/deals/handoff'
import { runMeetingSweep } from '../../server/deals/meeting-sweep'
import { handoffLinkPath } from '../../shared/meetings'
import { expectAppError, expectValidationMessage } from '../support/assertions'
import { fakeDateEachTest } from '../support/dates'
import { browserHeaders, expressErrorBody, sessionCookieFor, startHttpApp } from '../support/http'
import { insertMeetingSpot } from '../support/meeting-spots'
import { notificationsOf } from '../support/notifications'
import {
  communityBySlug,
  createMarketScene,
  createMember,
  type MarketScene,
  openCommunity,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

const world = setUpTestWorld()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Tuesday 1 December 2026, 10:00 in São Paulo (UTC−3, no daylight saving time). */
const NOW = Date.UTC(2026, 11, 1, 13, 0)
/** A time on São Paulo's clock, `days` after NOW's date. */
const local = (days: number, hours: number, minutes = 0) => Date.UTC(2026, 11, 1 + days, hours + 3, minutes)

function insertSpot(communityId: number, spot: Partial<typeof meetingSpots.$inferInsert> = {}): number {
  return insertMeetingSpot(world.db, { communityId, ...spot })
}

const univille = () => communityBySlug(world.db, 'univille').id

let scene: MarketScene
let spotId: number
let stranger: TestMember

fakeDateEachTest(NOW)

beforeEach(async () => {
  scene = await createMarketScene(world, { title: 'Calculadora HP 12c', priceCents: 25_000 })
  stranger = await createMember(world)
  spotId = insertSpot(univille())
})

/** `side` proposes `times` at the scene's spot, in the scene's conversation. */
const proposeTimes = (side: TestMember, times: number[]) =>
  side.caller.deals.meetings.propose({ conversationId: scene.conversationId, spotId, times })

/** The buyer proposes two times tomorrow; the seller picks the first. */
async function agreedMeeting(at = local(1, 14)) {
  const proposed = await proposeTimes(scene.buyer, [at, at + HOUR])
  return scene.seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: at })
}

describe('combinar entrega', () => {
  it('quem compra propõe um ponto e dois horários; quem vende escolhe um, e a entrega fica combinada', async () => {
    const proposed = await proposeTimes(scene.buyer, [local(1, 15), local(1, 14)])
    expect(proposed).toMatchObject({
      status: 'proposta',
      proposedById: scene.buyer.id,
      sellerId: scene.seller.id,
      buyerId: scene.buyer.id,
      listingTitle: 'Calculadora HP 12c',
      spot: { id: spotId, name: 'Hall da biblioteca' },
      proposedTimes: [new Date(local(1, 14)).toISOString(), new Date(local(1, 15)).toISOString()],
      scheduledAt: null,
    })
    expect(notificationsOf(world.db, scene.seller.id, 'meeting_proposed')).toHaveLength(1)

    // The proposer does not answer their own proposal, nor with a time not in it.
    await expectAppError(
      scene.buyer.caller.deals.meetings.pick({ meetingId: proposed.id, time: local(1, 14) }),
      'MEETING_OWN_PROPOSAL',
      'FORBIDDEN',
    )
    await expectAppError(
      scene.seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: local(1, 16) }),
      'MEETING_TIME_NOT_OFFERED',
    )

    const agreed = await scene.seller.caller.deals.meetings.pick({
      meetingId: proposed.id,
      time: local(1, 15),
    })
    expect(agreed).toMatchObject({ status: 'combinada', scheduledAt: new Date(local(1, 15)).toISOString() })
    expect(notificationsOf(world.db, scene.buyer.id, 'meeting_agreed')).toHaveLength(1)
    await expectAppError(
      scene.seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: local(1, 14) }),
      'MEETING_NOW_AGREED',
      'CONFLICT',
    )

    // Both see it in the thread and in "Minhas entregas".
    for (const member of [scene.buyer, scene.seller]) {
      const thread = await member.caller.deals.meetings.ofConversation({
        conversationId: scene.conversationId,
      })
      expect(thread.map((meeting) => [meeting.id, meeting.status])).toEqual([[proposed.id, 'combinada']])
      const mine = await member.caller.deals.meetings.mine()
      expect(mine.upcoming.map((meeting) => meeting.id)).toEqual([proposed.id])
      expect(mine.past).toEqual([])
    }
    const sellerView = await scene.seller.caller.deals.meetings.mine()
    expect(sellerView.upcoming[0]?.counterpart.id).toBe(scene.buyer.id)
  })

  it('os dois lados ouvem a proposta e a escolha ao vivo', async () => {
    const heard: { userId: number; status: string }[] = []
    const aborts = [scene.buyer.id, scene.seller.id].map((userId) => {
      const abort = new AbortController()
      void (async () => {
        for await (const event of world.services.bus.listen('chat', userId, abort.signal)) {
          if (typeof event === 'object' && event.type === 'meeting') {
            heard.push({ userId, status: event.meeting.status })
          }
        }
      })()
      return abort
    })
    await agreedMeeting()
    await vi.waitFor(() => expect(heard).toHaveLength(4))
    for (const abort of aborts) abort.abort()
    expect(heard).toEqual(
      expect.arrayContaining([
        { userId: scene.buyer.id, status: 'proposta' },
        { userId: scene.seller.id, status: 'proposta' },
        { userId: scene.buyer.id, status: 'combinada' },
        { userId: scene.seller.id, status: 'combinada' },
      ]),
    )
  })

  it('quem vende também pode propor, e uma nova proposta substitui a que está aberta', async () => {
    const first = await proposeTimes(scene.buyer, [local(1, 14)])
    const counter = await proposeTimes(scene.seller, [local(2, 10), local(2, 11), local(2, 12)])
    const thread = await scene.buyer.caller.deals.meetings.ofConversation({
      conversationId: scene.conversationId,
    })
    expect(thread.map((meeting) => [meeting.id, meeting.status, meeting.cancelReason])).toEqual([
      [counter.id, 'proposta', null],
      [first.id, 'cancelada', null],
    ])
    await expectAppError(
      scene.seller.caller.deals.meetings.pick({ meetingId: first.id, time: local(1, 14) }),
      'MEETING_CANCELLED',
    )
    await scene.buyer.caller.deals.meetings.pick({ meetingId: counter.id, time: local(2, 11) })
    // An agreed meeting is cancelled, with a reason, before another is proposed.
    await expectAppError(proposeTimes(scene.buyer, [local(3, 10)]), 'MEETING_ALREADY_AGREED', 'CONFLICT')
  })

  it('recusa horários no passado, a mais de 14 dias, fora do horário ou do dia do ponto, repetidos ou mais de três', async () => {
    const propose = (times: number[]) =>
      scene.buyer.caller.deals.meetings.propose({ conversationId: scene.conversationId, spotId, times })
    await expectAppError(propose([NOW - HOUR]), 'MEETING_TIME_PAST', 'BAD_REQUEST')
    // Later today, but one time of the three already passed.
    await expectAppError(propose([local(0, 15), local(0, 9)]), 'MEETING_TIME_PAST')
    await expectAppError(propose([NOW + 14 * DAY + HOUR]), 'MEETING_TIME_TOO_FAR')
    // 07:30 and 21:00 in São Paulo: before opening and at closing time.
    await expectAppError(propose([local(1, 7, 30)]), 'MEETING_TIME_OUT_OF_HOURS')
    await expectAppError(propose([local(1, 21)]), 'MEETING_TIME_OUT_OF_HOURS')
    // 10:00 UTC is 07:00 in São Paulo: the community's clock decides, not the server's.
    await expectAppError(propose([Date.UTC(2026, 11, 2, 10)]), 'MEETING_TIME_OUT_OF_HOURS')
    // Saturday 5 December: the spot opens Monday to Friday.
    await expectAppError(propose([local(4, 14)]), 'MEETING_TIME_OUT_OF_HOURS')
    await expectValidationMessage(propose([local(1, 14), local(1, 14)]), 'Os horários devem ser diferentes')
    await expectValidationMessage(
      propose([local(1, 9), local(1, 10), local(1, 11), local(1, 12)]),
      'Proponha no máximo 3 horários',
    )
    await expectValidationMessage(propose([]), 'Escolha pelo menos um horário')
    // The last minute before closing and 14 days ahead (a Tuesday) are fine.
    await expect(propose([local(1, 20, 59), local(14, 9)])).resolves.toMatchObject({ status: 'proposta' })
    expect(world.db.select().from(meetings).all()).toHaveLength(1)
  })

  it('recusa um ponto desativado ou de outra comunidade', async () => {
    const retired = insertSpot(univille(), { name: 'Cantina velha', retiredAt: new Date(NOW - DAY) })
    openCommunity(world.db, 'udesc')
    const foreign = insertSpot(communityBySlug(world.db, 'udesc').id, { name: 'Bloco A da Udesc' })
    for (const id of [retired, foreign, 999_999]) {
      await expectAppError(
        scene.buyer.caller.deals.meetings.propose({
          conversationId: scene.conversationId,
          spotId: id,
          times: [local(1, 14)],
        }),
        'MEETING_SPOT_UNAVAILABLE',
        'BAD_REQUEST',
      )
    }
  })

  it('só os dois da conversa propõem, escolhem ou cancelam; um terceiro não fica sabendo de nada', async () => {
    await expectAppError(proposeTimes(stranger, [local(1, 14)]), 'CONVERSATION_NOT_FOUND', 'NOT_FOUND')
    const proposed = await proposeTimes(scene.buyer, [local(1, 14)])
    await expectAppError(
      stranger.caller.deals.meetings.pick({ meetingId: proposed.id, time: local(1, 14) }),
      'MEETING_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      stranger.caller.deals.meetings.cancel({ meetingId: proposed.id, reason: 'Não vou mais' }),
      'MEETING_NOT_FOUND',
    )
    await expectAppError(
      stranger.caller.deals.meetings.ofConversation({ conversationId: scene.conversationId }),
      'CONVERSATION_NOT_FOUND',
    )
    expect((await stranger.caller.deals.meetings.mine()).upcoming).toEqual([])
    expect(world.db.select().from(meetings).get()?.status).toBe('proposta')
  })

  it('não combina entrega sem anúncio ativo, numa conversa sem anúncio, nem entre quem se bloqueou', async () => {
    const friend = await createMember(world)
    const plain = createConversation(world.db, scene.buyer.id, friend.id)
    await expectAppError(
      scene.buyer.caller.deals.meetings.propose({ conversationId: plain, spotId, times: [local(1, 14)] }),
      'MEETING_NOT_POSSIBLE',
      'BAD_REQUEST',
    )
    const sold = createListing(world.db, {
      sellerId: friend.id,
      title: 'Livro de cálculo',
      status: 'vendido',
    })
    const aboutSold = createConversation(world.db, stranger.id, friend.id, sold)
    await expectAppError(
      stranger.caller.deals.meetings.propose({ conversationId: aboutSold, spotId, times: [local(1, 14)] }),
      'MEETING_NOT_POSSIBLE',
    )
    await scene.seller.caller.safety.block({ userId: scene.buyer.id })
    await expectAppError(proposeTimes(scene.buyer, [local(1, 14)]), 'CHAT_UNAVAILABLE', 'FORBIDDEN')
  })

  it('um egresso não propõe entregas novas', async () => {
    world.db
      .insert(alumni)
      .values({ userId: scene.buyer.id, since: new Date(NOW - DAY) })
      .run()
    await expectAppError(proposeTimes(scene.buyer, [local(1, 14)]), 'ALUMNI_CANNOT_PUBLISH', 'FORBIDDEN')
    expect(world.db.select().from(meetings).all()).toEqual([])
  })

  it('qualquer lado cancela com um motivo, que os dois veem; sem motivo, não', async () => {
    const agreed = await agreedMeeting()
    await expectValidationMessage(
      scene.buyer.caller.deals.meetings.cancel({ meetingId: agreed.id, reason: '  ' }),
      'Conte o motivo em pelo menos 3 caracteres',
    )
    await expectValidationMessage(
      scene.buyer.caller.deals.meetings.cancel({ meetingId: agreed.id, reason: 'x'.repeat(301) }),
      'O motivo deve ter no máximo 300 caracteres',
    )
    const cancelled = await scene.buyer.caller.deals.meetings.cancel({
      meetingId: agreed.id,
      reason: 'Consegui o livro com um colega',
    })
    expect(cancelled).toMatchObject({
      status: 'cancelada',
      cancelledById: scene.buyer.id,
      cancelReason: 'Consegui o livro com um colega',
    })
    const sellerThread = await scene.seller.caller.deals.meetings.ofConversation({
      conversationId: scene.conversationId,
    })
    expect(sellerThread[0]).toMatchObject({
      status: 'cancelada',
      cancelReason: 'Consegui o livro com um colega',
    })
    expect(notificationsOf(world.db, scene.seller.id, 'meeting_cancelled')[0]?.body).toContain(
      'Consegui o livro',
    )
    expect((await scene.seller.caller.deals.meetings.mine()).past.map((meeting) => meeting.id)).toEqual([
      agreed.id,
    ])
    await expectAppError(
      scene.seller.caller.deals.meetings.cancel({ meetingId: agreed.id, reason: 'De novo' }),
      'MEETING_CANCELLED',
      'CONFLICT',
    )
    // With the agreed meeting cancelled, a new one can be proposed.
    await expect(proposeTimes(scene.seller, [local(2, 10)])).resolves.toMatchObject({ status: 'proposta' })
  })
})

describe('confirmação da entrega pelo código', () => {
  it('o código de quem vende aparece duas horas antes, é sempre o mesmo e só o hash fica guardado', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    await expectAppError(
      scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id }),
      'HANDOFF_NOT_YET',
      'CONFLICT',
    )
    vi.setSystemTime(local(1, 12, 1))
    const shown = await scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id })
    expect(shown.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    expect(shown.qrSvg).toMatch(/^<svg/)
    const stored = world.db.select().from(meetings).where(eq(meetings.id, agreed.id)).get()
    expect(stored?.handoffCodeHash).toBe(createHash('sha256').update(shown.code).digest('hex'))
    expect(JSON.stringify(stored)).not.toContain(shown.code)
    expect((await scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id })).code).toBe(
      shown.code,
    )
    for (const member of [scene.buyer, stranger]) {
      await expect(member.caller.deals.meetings.handoffCode({ meetingId: agreed.id })).rejects.toThrow()
    }
    await expectAppError(
      scene.buyer.caller.deals.meetings.handoffCode({ meetingId: agreed.id }),
      'HANDOFF_SELLER_ONLY',
      'FORBIDDEN',
    )
    await expectAppError(
      stranger.caller.deals.meetings.handoffCode({ meetingId: agreed.id }),
      'MEETING_NOT_FOUND',
    )
  })

  it('quem compra confirma com o código digitado; os dois ficam sabendo, e o código não vale de novo', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    vi.setSystemTime(local(1, 14, 5))
    const { code } = await scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id })
    const heard: number[] = []
    const abort = new AbortController()
    void (async () => {
      for await (const event of world.services.bus.listen('chat', scene.seller.id, abort.signal)) {
        if (typeof event === 'object' && event.type === 'meeting' && event.meeting.status === 'confirmada') {
          heard.push(event.meeting.id)
        }
      }
    })()
    // The seller does not confirm with their own code; a third member finds nothing.
    await expectAppError(
      scene.seller.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'HANDOFF_BUYER_ONLY',
      'FORBIDDEN',
    )
    await expectAppError(
      stranger.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'MEETING_NOT_FOUND',
      'NOT_FOUND',
    )
    const typed = `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`
    const confirmed = await scene.buyer.caller.deals.meetings.confirmHandoff({
      meetingId: agreed.id,
      code: typed,
    })
    expect(confirmed).toMatchObject({
      status: 'confirmada',
      confirmedAt: new Date(local(1, 14, 5)).toISOString(),
    })
    await vi.waitFor(() => expect(heard).toEqual([agreed.id]))
    abort.abort()
    expect(notificationsOf(world.db, scene.seller.id, 'handoff_confirmed')).toHaveLength(1)
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'HANDOFF_ALREADY_CONFIRMED',
      'CONFLICT',
    )
    await expectAppError(
      scene.buyer.caller.deals.meetings.cancel({ meetingId: agreed.id, reason: 'Mudei de ideia' }),
      'MEETING_ALREADY_CONFIRMED',
    )
    // The seller then marks the listing sold, as the confirmation offers.
    await scene.seller.caller.listings.setStatus({ id: scene.listingId, status: 'vendido' })
  })

  it('o QR code lido confirma; o código de outra entrega, não', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    const otherSeller = await createMember(world)
    const otherListing = createListing(world.db, { sellerId: otherSeller.id, title: 'Mochila' })
    const otherConversation = createConversation(world.db, scene.buyer.id, otherSeller.id, otherListing)
    const other = await otherSeller.caller.deals.meetings.propose({
      conversationId: otherConversation,
      spotId,
      times: [local(1, 15)],
    })
    await scene.buyer.caller.deals.meetings.pick({ meetingId: other.id, time: local(1, 15) })
    vi.setSystemTime(local(1, 14))
    const mine = await scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id })
    const theirs = await otherSeller.caller.deals.meetings.handoffCode({ meetingId: other.id })
    expect(theirs.code).not.toBe(mine.code)
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({
        meetingId: agreed.id,
        code: `${world.services.publicUrl}/univille${handoffLinkPath(other.id, theirs.code)}`,
      }),
      'HANDOFF_CODE_OTHER_MEETING',
      'BAD_REQUEST',
    )
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code: theirs.code }),
      'HANDOFF_CODE_WRONG',
      'BAD_REQUEST',
    )
    await expect(
      scene.buyer.caller.deals.meetings.confirmHandoff({
        meetingId: agreed.id,
        code: `${world.services.publicUrl}/univille${handoffLinkPath(agreed.id, mine.code)}`,
      }),
    ).resolves.toMatchObject({ status: 'confirmada' })
  })

  it('antes de quem vende abrir o código, nada confirma a entrega', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    vi.setSystemTime(local(1, 14))
    // The code the seller would see, while they have not opened it yet: it must not work yet.
    const code = handoffCode(world.services.secrets, agreed.id)
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'HANDOFF_CODE_WRONG',
    )
  })

  it('códigos errados esgotam as tentativas da entrega, e depois nem o certo passa', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    vi.setSystemTime(local(1, 14))
    const { code } = await scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id })
    const wrong = code.startsWith('A') ? 'BBBBBB' : 'AAAAAA'
    for (let attempt = 0; attempt < 10; attempt++) {
      await expectAppError(
        scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code: wrong }),
        'HANDOFF_CODE_WRONG',
      )
    }
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code: wrong }),
      'HANDOFF_TOO_MANY',
      'TOO_MANY_REQUESTS',
    )
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'HANDOFF_TOO_MANY',
    )
    expect(world.db.select().from(meetings).where(eq(meetings.id, agreed.id)).get()?.status).toBe('combinada')
  })

  it('quem compra erra códigos em várias entregas: o limite por pessoa fecha as outras também', async () => {
    const agreedWith = async () => {
      const seller = await createMember(world)
      const listingId = createListing(world.db, { sellerId: seller.id, title: 'Jaleco' })
      const conversationId = createConversation(world.db, scene.buyer.id, seller.id, listingId)
      const proposed = await seller.caller.deals.meetings.propose({
        conversationId,
        spotId,
        times: [local(1, 14)],
      })
      await scene.buyer.caller.deals.meetings.pick({ meetingId: proposed.id, time: local(1, 14) })
      return { seller, meetingId: proposed.id }
    }
    const meetingsOfBuyer = [await agreedWith(), await agreedWith(), await agreedWith()]
    vi.setSystemTime(local(1, 14))
    const codes = []
    for (const { seller, meetingId } of meetingsOfBuyer) {
      codes.push((await seller.caller.deals.meetings.handoffCode({ meetingId })).code)
    }
    const [first, second, third] = meetingsOfBuyer.map((meeting) => meeting.meetingId)
    for (const meetingId of [first, second]) {
      for (let attempt = 0; attempt < 10; attempt++) {
        await expectAppError(
          scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: meetingId ?? 0, code: 'ZZZZZZ' }),
          'HANDOFF_CODE_WRONG',
        )
      }
    }
    // Past twenty wrong codes in an hour, the third meeting (one wrong code of its own) closes too.
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: third ?? 0, code: 'ZZZZZZ' }),
      'HANDOFF_TOO_MANY',
      'TOO_MANY_REQUESTS',
    )
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: third ?? 0, code: codes[2] ?? '' }),
      'HANDOFF_TOO_MANY',
    )
  })

  it('24 horas depois do horário o código não vale mais e a entrega expira quieta', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    vi.setSystemTime(local(1, 14))
    const { code } = await scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id })
    vi.setSystemTime(local(2, 13, 59))
    expect(runMeetingSweep(world.services, new Date()).lapsed).toBe(0)
    vi.setSystemTime(local(2, 14))
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'HANDOFF_LAPSED',
      'CONFLICT',
    )
    await expectAppError(
      scene.seller.caller.deals.meetings.handoffCode({ meetingId: agreed.id }),
      'HANDOFF_LAPSED',
    )
    const before = world.db.select().from(notifications).all().length
    expect(runMeetingSweep(world.services, new Date()).lapsed).toBe(1)
    expect(runMeetingSweep(world.services, new Date()).lapsed).toBe(0)
    expect(world.db.select().from(meetings).where(eq(meetings.id, agreed.id)).get()?.status).toBe('expirada')
    expect(world.db.select().from(notifications).all()).toHaveLength(before)
    await expectAppError(
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId: agreed.id, code }),
      'MEETING_EXPIRED',
    )
    expect((await scene.buyer.caller.deals.meetings.mine()).past.map((meeting) => meeting.status)).toEqual([
      'expirada',
    ])
  })
})

describe('tarefa periódica das entregas', () => {
  it('lembra os dois uma hora antes, uma vez só', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    vi.setSystemTime(local(1, 12, 55))
    expect(runMeetingSweep(world.services, new Date()).reminded).toBe(0)
    vi.setSystemTime(local(1, 13))
    expect(runMeetingSweep(world.services, new Date()).reminded).toBe(1)
    vi.setSystemTime(local(1, 13, 5))
    expect(runMeetingSweep(world.services, new Date()).reminded).toBe(0)
    for (const member of [scene.buyer, scene.seller]) {
      expect(notificationsOf(world.db, member.id, 'meeting_reminder')).toHaveLength(1)
    }
    expect(world.db.select().from(meetings).where(eq(meetings.id, agreed.id)).get()?.reminderSentAt).toEqual(
      new Date(local(1, 13)),
    )
  })

  it('uma proposta cujos horários todos passaram expira', async () => {
    const proposed = await proposeTimes(scene.buyer, [local(1, 14), local(1, 16)])
    vi.setSystemTime(local(1, 15))
    expect(runMeetingSweep(world.services, new Date()).lapsed).toBe(0)
    // The time that passed can no longer be picked; the one ahead can.
    await expectAppError(
      scene.seller.caller.deals.meetings.pick({ meetingId: proposed.id, time: local(1, 14) }),
      'MEETING_TIME_PAST',
    )
    vi.setSystemTime(local(1, 16))
    expect(runMeetingSweep(world.services, new Date()).lapsed).toBe(1)
    expect(world.db.select().from(meetings).where(eq(meetings.id, proposed.id)).get()?.status).toBe(
      'expirada',
    )
  })
})

describe('Adicionar à agenda (.ics)', () => {
  it('só os dois participantes baixam o arquivo, que não fica guardado em lugar nenhum', async () => {
    const agreed = await agreedMeeting(local(1, 14))
    const app = await startHttpApp(world.services)
    onTestFinished(() => app.close())
    const url = `${app.url}/api/entregas/${agreed.id}/calendario.ics`
    const response = await fetch(url, {
      headers: browserHeaders(app.url, sessionCookieFor(world.services, scene.buyer.id)),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/calendar')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = await response.text()
    expect(body).toContain('DTSTART:20261202T170000Z')
    expect(body).toContain('Hall da biblioteca')
    expect(body).toContain('Calculadora HP 12c')
    // The link opens under the member's community, the only path a sharded deploy sends to its machine.
    expect(body.replaceAll('\r\n\t', '').replaceAll('\r\n ', '')).toContain(
      `URL:${world.services.publicUrl}/univille/minhas-entregas`,
    )

    for (const cookie of [sessionCookieFor(world.services, stranger.id), undefined]) {
      const refused = await fetch(url, { headers: browserHeaders(app.url, cookie) })
      expect(refused.status).toBe(404)
      expect(refused.headers.get('cache-control')).toBe('private, no-store')
      expect(await refused.json()).toEqual(expressErrorBody('MEETING_NOT_FOUND', 'Entrega não encontrada.'))
    }
  })
})
