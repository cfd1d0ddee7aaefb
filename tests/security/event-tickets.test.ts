/**
 * The door and the attendee list over the real HTTP API: forged and foreign tickets, a batch of guesses
 * against the rate limit, and a CSV export asked for by someone who does not run the event.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { ticketQrPayload } from '../../shared/event-tickets'
import { callTrpc, callTrpcJson, sessionCookieFor, setUpHttpApp, watchDatabase } from '../support/http'
import { createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)

const appCodes = (json: unknown) =>
  (Array.isArray(json) ? json : [json]).map(
    (entry) => (entry as { error?: { data?: { appCode?: string } } }).error?.data?.appCode,
  )

async function scene() {
  const organizer = await createMember(world)
  const attendee = await createMember(world)
  const id = createEvent(world.db, { organizerId: organizer.id, title: 'Sarau', status: 'aprovado' })
  const other = createEvent(world.db, { organizerId: organizer.id, title: 'Feira', status: 'aprovado' })
  await attendee.caller.events.attend({ id })
  await attendee.caller.events.attend({ id: other })
  const codeOf = async (eventId: number) => (await attendee.caller.events.ticket({ id: eventId })).code
  return { organizer, attendee, id, other, ticket: await codeOf(id), otherTicket: await codeOf(other) }
}

describe('check-in e lista de presença por HTTP', () => {
  it('ingressos forjados ou de outro evento são recusados pelo código e não registram nada', async () => {
    const { organizer, id, other, ticket, otherTicket } = await scene()
    const cookie = sessionCookieFor(world.services, organizer.id)
    const database = watchDatabase(world.db)
    const before = database.checksum()
    const attempts: [string, string][] = [
      [otherTicket, 'EVENT_TICKET_OTHER_EVENT'],
      [ticketQrPayload(other, ticket), 'EVENT_TICKET_OTHER_EVENT'],
      [ticketQrPayload(id, otherTicket), 'EVENT_TICKET_OTHER_EVENT'],
      [`VUPT-EVENTO:${id}:${ticket}' OR 1=1 --`, 'EVENT_TICKET_NOT_FOUND'],
      ['%', 'EVENT_TICKET_NOT_FOUND'],
    ]
    for (const [text, code] of attempts) {
      const reply = await callTrpc(http.app.url, 'events.checkIn', 'mutation', { id, ticket: text }, cookie)
      expect(appCodes(reply.json), text).toEqual([code])
    }
    expect(database.checksum()).toBe(before)
  })

  it('o próprio participante não registra a própria entrada, nem em lote', async () => {
    const { attendee, id, ticket } = await scene()
    const cookie = sessionCookieFor(world.services, attendee.id)
    const database = watchDatabase(world.db)
    const before = database.checksum()
    const input = JSON.stringify({ id, ticket })
    const batch = await callTrpcJson(
      http.app.url,
      'events.checkIn,events.checkIn?batch=1',
      'mutation',
      JSON.stringify({ 0: JSON.parse(input), 1: JSON.parse(input) }),
      cookie,
    )
    expect(appCodes(batch.json)).toEqual(['EVENT_ORGANIZERS_ONLY', 'EVENT_ORGANIZERS_ONLY'])
    const csv = await callTrpc(http.app.url, 'events.rosterCsv', 'query', { id }, cookie)
    expect(csv.status).toBe(403)
    expect(appCodes(csv.json)).toEqual(['EVENT_ORGANIZERS_ONLY'])
    expect(database.checksum()).toBe(before)
  })

  it('lotes de palpites esbarram no limite do leitor: 20 códigos errados, depois só recusas', async () => {
    const { organizer, id } = await scene()
    const cookie = sessionCookieFor(world.services, organizer.id)
    const codes: unknown[] = []
    for (let round = 0; round < 3; round++) {
      // Ten calls, the most one batched request may carry.
      const guesses = Object.fromEntries(
        Array.from({ length: 10 }, (_, index) => [
          index,
          { id, ticket: `ZZZZ${round}${index}99`.replace(/[01]/g, '9') },
        ]),
      )
      const paths = Array.from({ length: 10 }, () => 'events.checkIn').join(',')
      const reply = await callTrpcJson(
        http.app.url,
        `${paths}?batch=1`,
        'mutation',
        JSON.stringify(guesses),
        cookie,
      )
      codes.push(...appCodes(reply.json))
    }
    expect(codes.filter((code) => code === 'EVENT_TICKET_NOT_FOUND')).toHaveLength(20)
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(10)
  })
})
