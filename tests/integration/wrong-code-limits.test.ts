import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConversation, createListing } from '../../server/db/factories'
import { eventTickets, meetings } from '../../server/db/schema'
import { createRateLimits } from '../../server/rate-limits'
import { type RunningRedis, startRedis } from '../e2e/support/redis'
import { outcome } from '../support/assertions'
import { approvedEventOfNewMember } from '../support/events'
import { insertMeetingSpot } from '../support/meeting-spots'
import {
  createMarketScene,
  createMember,
  type MarketScene,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

/**
 * A guess limit spends its point before the code is compared: a batch of calls sent at once after the
 * limit is reached compares nothing, even when one of them carries the right code.
 */
const world = setUpTestWorld()

let redis: RunningRedis
beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis?.close()
})

const outcomes = (calls: Promise<unknown>[]) => Promise.all(calls.map(outcome))

/** Tuesday 1 December 2026, 10:00 in São Paulo. */
const NOW = Date.UTC(2026, 11, 1, 13, 0)
/** The next day at 14:00 in São Paulo. */
const MEETING_AT = Date.UTC(2026, 11, 2, 17, 0)

describe.each([
  ['no processo', () => createRateLimits()],
  ['no Redis', () => createRateLimits(redis.client)],
])('limites de códigos errados %s', (_, limits) => {
  beforeEach(async () => {
    await redis.client.flushall()
    world.services.rateLimits = limits()
  })

  describe('código da entrega', () => {
    let scene: MarketScene
    let spotId: number

    beforeEach(async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW })
      scene = await createMarketScene(world, { title: 'Calculadora HP 12c', priceCents: 25_000 })
      spotId = insertMeetingSpot(world.db)
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    /** An agreed meeting between the buyer and `seller` (the scene's by default) whose code is open. */
    async function openMeeting(seller: TestMember = scene.seller, conversationId = scene.conversationId) {
      vi.setSystemTime(NOW)
      const proposed = await seller.caller.deals.meetings.propose({
        conversationId,
        spotId,
        times: [MEETING_AT],
      })
      await scene.buyer.caller.deals.meetings.pick({ meetingId: proposed.id, time: MEETING_AT })
      vi.setSystemTime(MEETING_AT)
      const { code } = await seller.caller.deals.meetings.handoffCode({ meetingId: proposed.id })
      return { meetingId: proposed.id, code, wrong: code.startsWith('A') ? 'BBBBBB' : 'AAAAAA' }
    }

    /** An open meeting of the buyer with a new seller, about a listing of theirs. */
    async function openMeetingWithNewSeller(title: string) {
      const seller = await createMember(world)
      const listingId = createListing(world.db, { sellerId: seller.id, title })
      return openMeeting(seller, createConversation(world.db, scene.buyer.id, seller.id, listingId))
    }

    const confirm = (meetingId: number, code: string) =>
      scene.buyer.caller.deals.meetings.confirmHandoff({ meetingId, code })
    const statusOf = (meetingId: number) =>
      world.db.select().from(meetings).where(eq(meetings.id, meetingId)).get()?.status

    it('dez códigos ao mesmo tempo depois do limite, o certo entre eles: dez recusas do limite', async () => {
      const { meetingId, code, wrong } = await openMeeting()
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(await outcome(confirm(meetingId, wrong))).toBe('HANDOFF_CODE_WRONG')
      }
      const batch = Array.from({ length: 10 }, (_, index) => (index === 6 ? code : wrong))
      expect(await outcomes(batch.map((typed) => confirm(meetingId, typed)))).toEqual(
        Array(10).fill('HANDOFF_TOO_MANY'),
      )
      expect(statusOf(meetingId)).toBe('combinada')
    })

    it('dez códigos errados ao mesmo tempo com uma tentativa restante: um é comparado, nove esbarram no limite', async () => {
      const { meetingId, code } = await openMeeting()
      for (let attempt = 0; attempt < 9; attempt++) {
        expect(await outcome(confirm(meetingId, 'ZZZZZZ'))).toBe('HANDOFF_CODE_WRONG')
      }
      const answers = await outcomes(Array.from({ length: 10 }, () => confirm(meetingId, 'ZZZZZZ')))
      expect(answers.filter((answer) => answer === 'HANDOFF_CODE_WRONG')).toHaveLength(1)
      expect(answers.filter((answer) => answer === 'HANDOFF_TOO_MANY')).toHaveLength(9)
      expect(await outcome(confirm(meetingId, code))).toBe('HANDOFF_TOO_MANY')
    })

    it('o código certo devolve a tentativa que gastou', async () => {
      const first = await openMeeting()
      for (let attempt = 0; attempt < 9; attempt++) {
        expect(await outcome(confirm(first.meetingId, first.wrong))).toBe('HANDOFF_CODE_WRONG')
      }
      expect(await outcome(confirm(first.meetingId, first.code))).toBe('ok')
      // Nine wrong codes stay on the buyer's twenty; the right one does not count.
      const second = await openMeetingWithNewSeller('Jaleco')
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(await outcome(confirm(second.meetingId, second.wrong))).toBe('HANDOFF_CODE_WRONG')
      }
      const third = await openMeetingWithNewSeller('Mochila')
      expect(await outcome(confirm(third.meetingId, third.wrong))).toBe('HANDOFF_CODE_WRONG')
      expect(await outcome(confirm(third.meetingId, third.wrong))).toBe('HANDOFF_TOO_MANY')
    })
  })

  describe('check-in de ingressos', () => {
    async function door() {
      const { id, organizer } = await approvedEventOfNewMember(world, 'Semana da Computação', null)
      const attendee = await createMember(world)
      await attendee.caller.events.attend({ id })
      const ticket = (await attendee.caller.events.attending()).find((event) => event.id === id)?.ticketCode
      if (!ticket) throw new Error('sem ingresso')
      const checkIn = (typed: string) => organizer.caller.events.checkIn({ id, ticket: typed })
      const checkedIn = () =>
        world.db
          .select({ at: eventTickets.checkedInAt })
          .from(eventTickets)
          .where(and(eq(eventTickets.eventId, id), eq(eventTickets.userId, attendee.id)))
          .get()?.at ?? null
      return { ticket, checkIn, checkedIn }
    }
    const wrongTicket = (n: number) => `ZZZZ${String(n).padStart(4, '2')}`

    it('dez códigos ao mesmo tempo depois do limite, o certo entre eles: dez recusas do limite', async () => {
      const { ticket, checkIn, checkedIn } = await door()
      for (let attempt = 0; attempt < 20; attempt++) {
        expect(await outcome(checkIn(wrongTicket(attempt)))).toBe('EVENT_TICKET_NOT_FOUND')
      }
      const batch = Array.from({ length: 10 }, (_, index) => (index === 3 ? ticket : wrongTicket(index)))
      expect(await outcomes(batch.map(checkIn))).toEqual(Array(10).fill('RATE_LIMITED'))
      expect(checkedIn()).toBeNull()
    })

    it('um ingresso do evento devolve a tentativa que gastou', async () => {
      const { ticket, checkIn } = await door()
      for (let attempt = 0; attempt < 19; attempt++) {
        expect(await outcome(checkIn(wrongTicket(attempt)))).toBe('EVENT_TICKET_NOT_FOUND')
      }
      expect(await outcome(checkIn(ticket))).toBe('ok')
      expect(await outcome(checkIn(ticket))).toBe('EVENT_TICKET_USED')
      expect(await outcome(checkIn(wrongTicket(30)))).toBe('EVENT_TICKET_NOT_FOUND')
      expect(await outcome(checkIn(wrongTicket(31)))).toBe('RATE_LIMITED')
    })
  })
})
