import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { valuesWhere } from '../../server/db/rows'
import { eventTickets } from '../../server/db/schema'
import { formatTicketCode, ticketQrPayload } from '../../shared/event-tickets'
import { expectAppError } from '../support/assertions'
import { approvedEventOfNewMember } from '../support/events'
import { createMember, createUdescModerator, setUpTestWorld, type TestMember } from '../support/test-app'

const world = setUpTestWorld()

async function eventWithAttendee(places: number | null = null) {
  const { id, organizer } = await approvedEventOfNewMember(world, 'Semana da Computação', places)
  const attendee = await createMember(world)
  await attendee.caller.events.attend({ id })
  const ticket = (await attendee.caller.events.attending()).find((event) => event.id === id)?.ticketCode
  if (!ticket) throw new Error('sem ingresso')
  return { id, organizer, attendee, ticket }
}

describe('ingresso e check-in', () => {
  it('cada presença confirmada tem um código de 8 caracteres sem letras ambíguas, único no evento', async () => {
    const { id, organizer, ticket } = await eventWithAttendee()
    expect(ticket).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
    const second = await createMember(world)
    await second.caller.events.attend({ id })
    const codes = valuesWhere(world.db, eventTickets, 'eventId', id, 'code')
    expect(new Set(codes).size).toBe(2)
    expect(await organizer.caller.events.checkInSummary({ id })).toMatchObject({ present: 0, confirmed: 2 })
  })

  it('o ingresso, com QR code, é só de quem tem a presença confirmada', async () => {
    const { id, attendee, ticket } = await eventWithAttendee()
    const mine = await attendee.caller.events.ticket({ id })
    expect(mine).toMatchObject({ eventId: id, code: ticket, checkedIn: false })
    expect(mine.qrSvg).toMatch(/^<svg/)
    const stranger = await createMember(world)
    await expectAppError(stranger.caller.events.ticket({ id }), 'EVENT_NOT_FOUND', 'NOT_FOUND')
    await attendee.caller.events.unattend({ id })
    await expectAppError(attendee.caller.events.ticket({ id }), 'EVENT_NOT_FOUND')
  })

  it('o organizador registra a entrada uma vez pelo código digitado, e a contagem acompanha; o mesmo código de novo é recusado', async () => {
    const { id, organizer, attendee, ticket } = await eventWithAttendee()
    // Typed as people type it: lower case, with the hyphen the ticket shows.
    const typed = formatTicketCode(ticket).toLowerCase()
    const admitted = await organizer.caller.events.checkIn({ id, ticket: typed })
    expect(admitted).toMatchObject({ present: 1, confirmed: 1 })
    const row = world.db
      .select()
      .from(eventTickets)
      .where(and(eq(eventTickets.eventId, id), eq(eventTickets.userId, attendee.id)))
      .get()
    expect(row?.checkedInBy).toBe(organizer.id)
    await expectAppError(organizer.caller.events.checkIn({ id, ticket }), 'EVENT_TICKET_USED', 'CONFLICT')
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: ticketQrPayload(id, ticket) }),
      'EVENT_TICKET_USED',
    )
    expect(await organizer.caller.events.checkInSummary({ id })).toMatchObject({ present: 1, confirmed: 1 })
  })

  it('o conteúdo do QR code também vale, e dois leitores ao mesmo tempo registram uma entrada só', async () => {
    const { id, organizer, ticket } = await eventWithAttendee()
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    const results = await Promise.allSettled([
      organizer.caller.events.checkIn({ id, ticket: ticketQrPayload(id, ticket) }),
      moderator.caller.events.checkIn({ id, ticket: ticketQrPayload(id, ticket) }),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await organizer.caller.events.checkInSummary({ id })).toMatchObject({ present: 1 })
  })

  it('o ingresso de outro evento é recusado, digitado ou lido no QR code', async () => {
    const { id, organizer, ticket } = await eventWithAttendee()
    const other = await eventWithAttendee()
    // A QR code that names another event is that event's ticket, even around a code valid here.
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: ticketQrPayload(other.id, ticket) }),
      'EVENT_TICKET_OTHER_EVENT',
    )
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: other.ticket }),
      'EVENT_TICKET_OTHER_EVENT',
    )
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: ticketQrPayload(other.id, other.ticket) }),
      'EVENT_TICKET_OTHER_EVENT',
    )
    // A QR code forged with this event's id around the other event's code is no ticket here either.
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: ticketQrPayload(id, other.ticket) }),
      'EVENT_TICKET_OTHER_EVENT',
    )
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: 'ZZZZ-ZZZZ' }),
      'EVENT_TICKET_NOT_FOUND',
      'NOT_FOUND',
    )
  })

  it('uma presença cancelada não entra; quem volta a confirmar usa o mesmo ingresso', async () => {
    const { id, organizer, attendee, ticket } = await eventWithAttendee()
    await attendee.caller.events.unattend({ id })
    await expectAppError(organizer.caller.events.checkIn({ id, ticket }), 'EVENT_TICKET_CANCELLED')
    await attendee.caller.events.attend({ id })
    expect((await attendee.caller.events.attending()).find((event) => event.id === id)?.ticketCode).toBe(
      ticket,
    )
    expect(await organizer.caller.events.checkIn({ id, ticket })).toMatchObject({ present: 1, confirmed: 1 })
  })

  it('quem espera na lista não tem ingresso, e o recebe ao ganhar a vaga', async () => {
    const { id, organizer, attendee } = await eventWithAttendee(1)
    const waiting = await createMember(world)
    await waiting.caller.events.attend({ id })
    expect(await waiting.caller.events.attending()).toEqual([])
    await attendee.caller.events.unattend({ id })
    const ticket = (await waiting.caller.events.attending())[0]?.ticketCode
    expect(await organizer.caller.events.checkIn({ id, ticket: ticket ?? '' })).toMatchObject({ present: 1 })
  })

  it('só o organizador e a moderação da comunidade fazem check-in: o próprio participante e um moderador de outra comunidade, não', async () => {
    const { id, attendee, ticket } = await eventWithAttendee()
    const member = await createMember(world)
    await expectAppError(attendee.caller.events.checkIn({ id, ticket }), 'EVENT_ORGANIZERS_ONLY', 'FORBIDDEN')
    await expectAppError(member.caller.events.checkInSummary({ id }), 'EVENT_ORGANIZERS_ONLY')
    const foreign = await createUdescModerator(world)
    await expectAppError(foreign.caller.events.checkIn({ id, ticket }), 'EVENT_NOT_FOUND', 'NOT_FOUND')
    await expectAppError(foreign.caller.events.checkInSummary({ id }), 'EVENT_NOT_FOUND')
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    expect(await moderator.caller.events.checkIn({ id, ticket })).toMatchObject({ present: 1 })
  })

  it('um código de outra comunidade não é revelado como "de outro evento"', async () => {
    const { id, organizer } = await eventWithAttendee()
    const foreignOrganizer = await createUdescModerator(world)
    const foreignAttendee: TestMember = await createMember(world, {
      community: 'udesc',
    })
    const foreignEvent = createEvent(world.db, {
      organizerId: foreignOrganizer.id,
      title: 'Feira da UDESC',
      status: 'aprovado',
    })
    await foreignAttendee.caller.events.attend({ id: foreignEvent })
    const foreignTicket = (await foreignAttendee.caller.events.attending())[0]?.ticketCode ?? ''
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: foreignTicket }),
      'EVENT_TICKET_NOT_FOUND',
    )
  })

  it('códigos errados demais de um mesmo leitor são barrados, mesmo um certo depois', async () => {
    const { id, organizer, ticket } = await eventWithAttendee()
    for (let attempt = 0; attempt < 20; attempt++) {
      await expectAppError(
        organizer.caller.events.checkIn({ id, ticket: `ZZZZ${String(attempt).padStart(4, '2')}` }),
        'EVENT_TICKET_NOT_FOUND',
      )
    }
    await expectAppError(organizer.caller.events.checkIn({ id, ticket: 'ZZZZ-ZZZZ' }), 'RATE_LIMITED')
    await expectAppError(organizer.caller.events.checkIn({ id, ticket }), 'RATE_LIMITED')
    // Another checker of the same event is not held back by it.
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    expect(await moderator.caller.events.checkIn({ id, ticket })).toMatchObject({ present: 1 })
  })
})
