import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../server/db/factories'
import { valuesWhere } from '../../server/db/rows'
import { blocks, emailOptOuts, eventAttendees, events } from '../../server/db/schema'
import { expectAppError } from '../support/assertions'
import { approvedEventOfNewMember } from '../support/events'
import { notificationsOf } from '../support/notifications'
import {
  createMember,
  createUdescModerator,
  mailAfterResponse,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })

async function fullEvent(places: number, extraMembers = 0) {
  const { id, organizer } = await approvedEventOfNewMember(world, 'Oficina de cerâmica', places)
  const going: TestMember[] = []
  for (let i = 0; i < places; i++) {
    const member = await createMember(world)
    await member.caller.events.attend({ id })
    going.push(member)
  }
  const others: TestMember[] = []
  for (let i = 0; i < extraMembers; i++) others.push(await createMember(world))
  return { id, organizer, going, others }
}

const confirmedIds = (id: number) => valuesWhere(world.db, eventAttendees, 'eventId', id, 'userId')

describe('lista de espera', () => {
  it('num evento lotado, confirmar presença põe o membro na lista, em ordem, e cada um vê a própria posição', async () => {
    const { id, others } = await fullEvent(1, 3)
    const [first, second, third] = others as [TestMember, TestMember, TestMember]
    expect(await first.caller.events.attend({ id })).toMatchObject({ isGoing: false, waitlistPosition: 1 })
    expect(await second.caller.events.attend({ id })).toMatchObject({ isGoing: false, waitlistPosition: 2 })
    // Asking again keeps the place: no second row, no move to the end.
    expect(await first.caller.events.attend({ id })).toMatchObject({ waitlistPosition: 1 })
    const detail = await second.caller.events.byId({ id })
    expect(detail).toMatchObject({ isGoing: false, waitlistPosition: 2, waitlistCount: 2, attendeesCount: 1 })
    expect((await third.caller.events.byId({ id })).waitlistPosition).toBeNull()
    expect((await second.caller.events.waiting()).map((event) => [event.id, event.waitlistPosition])).toEqual(
      [[id, 2]],
    )
    // The first leaves the list: the second moves up.
    await first.caller.events.unattend({ id })
    expect((await second.caller.events.byId({ id })).waitlistPosition).toBe(1)
  })

  it('quem tem bloqueio com o organizador não entra na lista (EVENT_RSVP_UNAVAILABLE)', async () => {
    const { id, organizer, others } = await fullEvent(1, 1)
    const stalker = others[0] as TestMember
    world.db.insert(blocks).values({ blockerId: organizer.id, blockedId: stalker.id }).run()
    await expectAppError(stalker.caller.events.attend({ id }), 'EVENT_RSVP_UNAVAILABLE')
    expect((await organizer.caller.events.roster({ id })).waiting).toEqual([])
  })

  it('quem cancela libera a vaga para o primeiro da lista, que é avisado no app e por e-mail; o organizador, uma vez', async () => {
    const { id, organizer, going, others } = await fullEvent(1, 2)
    const [first, second] = others as [TestMember, TestMember]
    await first.caller.events.attend({ id })
    await second.caller.events.attend({ id })
    const signal = new AbortController()
    const live = world.services.bus.listen('notifications', first.id, signal.signal)[Symbol.asyncIterator]()
    const heard = live.next()
    const mailsBefore = world.services.mailer.sent.length

    const after = await (going[0] as TestMember).caller.events.unattend({ id })
    expect(after).toMatchObject({ isGoing: false, attendeesCount: 1, waitlistPosition: null })
    expect(confirmedIds(id)).toEqual([first.id])
    expect(await first.caller.events.byId({ id })).toMatchObject({ isGoing: true, waitlistPosition: null })
    expect((await second.caller.events.byId({ id })).waitlistPosition).toBe(1)
    expect(await heard).toMatchObject({ value: { userId: first.id } })
    signal.abort()
    expect(notificationsOf(world.db, first.id, 'event_waitlist_promoted')).toHaveLength(1)
    await mailAfterResponse()
    const mails = world.services.mailer.sent.slice(mailsBefore)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Abriu uma vaga: sua presença em "Oficina de cerâmica" está confirmada',
    ])
    // The organizer hears of the new attendee as of any RSVP, and only once per event.
    const rsvpNotice = notificationsOf(world.db, organizer.id, 'event_rsvp')
    expect(rsvpNotice).toHaveLength(1)
    expect(rsvpNotice[0]?.count).toBe(2)
    // The promoted member gets a ticket.
    expect((await first.caller.events.attending()).find((event) => event.id === id)?.ticketCode).toMatch(
      /^[A-HJ-NP-Z2-9]{8}$/,
    )
  })

  it('o e-mail da vaga respeita quem o desligou em Minha Conta', async () => {
    const { id, going, others } = await fullEvent(1, 1)
    const waiting = others[0] as TestMember
    world.db.insert(emailOptOuts).values({ userId: waiting.id, kind: 'event_waitlist' }).run()
    await waiting.caller.events.attend({ id })
    const mailsBefore = world.services.mailer.sent.length
    await (going[0] as TestMember).caller.events.unattend({ id })
    await mailAfterResponse()
    expect(confirmedIds(id)).toEqual([waiting.id])
    expect(notificationsOf(world.db, waiting.id, 'event_waitlist_promoted')).toHaveLength(1)
    expect(world.services.mailer.sent.slice(mailsBefore)).toEqual([])
  })

  it('o organizador aumenta as vagas e os primeiros da lista entram, na ordem; não pode baixar abaixo dos confirmados', async () => {
    const { id, organizer, going, others } = await fullEvent(2, 4)
    for (const member of others) await member.caller.events.attend({ id })
    await expectAppError(
      organizer.caller.events.setCapacity({ id, maxParticipants: 1 }),
      'EVENT_CAPACITY_BELOW_CONFIRMED',
    )
    // Someone else cannot change it.
    await expectAppError(
      (others[0] as TestMember).caller.events.setCapacity({ id, maxParticipants: 50 }),
      'EVENT_NOT_FOUND',
    )
    const raised = await organizer.caller.events.setCapacity({ id, maxParticipants: 4 })
    expect(raised).toMatchObject({ maxParticipants: 4, attendeesCount: 4, waitlistCount: 2 })
    expect(confirmedIds(id).sort()).toEqual([...going, others[0], others[1]].map((m) => m?.id).sort())
    expect((await (others[2] as TestMember).caller.events.byId({ id })).waitlistPosition).toBe(1)
    // No limit: everyone left on the list goes in.
    await organizer.caller.events.setCapacity({ id, maxParticipants: null })
    expect(confirmedIds(id)).toHaveLength(6)
  })

  it('cancelamentos simultâneos e um aumento de vagas nunca passam do limite, e entram exatamente os primeiros da lista', async () => {
    const places = 6
    const { id, organizer, going, others } = await fullEvent(places, 10)
    for (const member of others) await member.caller.events.attend({ id })
    const leaving = going.slice(0, 4)

    await Promise.all([
      ...leaving.map((member) => member.caller.events.unattend({ id })),
      // A repeated cancellation frees nothing more.
      ...leaving.map((member) => member.caller.events.unattend({ id })),
      organizer.caller.events.setCapacity({ id, maxParticipants: places + 2 }),
    ])

    const event = world.db.select().from(events).where(eq(events.id, id)).get()
    const confirmed = confirmedIds(id)
    expect(event?.maxParticipants).toBe(places + 2)
    expect(confirmed).toHaveLength(places + 2)
    expect(event?.attendeesCount).toBe(confirmed.length)
    // 4 places freed and 2 added: exactly the first 6 of the list, the other 4 still waiting in order.
    const promoted = others.slice(0, 6).map((member) => member.id)
    const stayed = going.slice(4).map((member) => member.id)
    expect(confirmed.sort()).toEqual([...stayed, ...promoted].sort())
    const roster = await organizer.caller.events.roster({ id })
    expect(roster.waiting.map((person) => person.username)).toEqual(
      others.slice(6).map((member) => member.username),
    )
  })

  it('um membro bloqueado pelo organizador depois de entrar na lista sai dela em vez de ganhar a vaga', async () => {
    const { id, organizer, going, others } = await fullEvent(1, 2)
    const [blocked, next] = others as [TestMember, TestMember]
    await blocked.caller.events.attend({ id })
    await next.caller.events.attend({ id })
    world.db.insert(blocks).values({ blockerId: organizer.id, blockedId: blocked.id }).run()
    await (going[0] as TestMember).caller.events.unattend({ id })
    expect(confirmedIds(id)).toEqual([next.id])
    expect(notificationsOf(world.db, blocked.id, 'event_waitlist_promoted')).toEqual([])
  })

  it('um bloqueio feito depois da presença cancela a vaga e o ingresso (nos dois sentidos), avisa quem saiu e chama o primeiro da lista', async () => {
    const { id, organizer, going, others } = await fullEvent(1, 1)
    const seated = going[0] as TestMember
    const next = others[0] as TestMember
    await next.caller.events.attend({ id })
    const ticket = (await seated.caller.events.attending()).find((event) => event.id === id)?.ticketCode
    expect(ticket).toBeTruthy()

    await organizer.caller.safety.block({ userId: seated.id })
    expect(confirmedIds(id)).toEqual([next.id])
    const roster = await organizer.caller.events.roster({ id })
    expect(roster.confirmed.map((person) => person.username)).toEqual([next.username])
    expect(roster.waiting).toEqual([])
    await expectAppError(
      organizer.caller.events.checkIn({ id, ticket: ticket as string }),
      'EVENT_TICKET_CANCELLED',
    )
    expect((await seated.caller.events.attending()).map((event) => event.id)).not.toContain(id)
    const [notice] = notificationsOf(world.db, seated.id, 'event_seat_cancelled')
    expect(notice?.title).toBe('Sua presença em "Oficina de cerâmica" foi cancelada')
    expect(notice?.body).not.toMatch(/bloque/i)
    expect(notificationsOf(world.db, next.id, 'event_waitlist_promoted')).toHaveLength(1)
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.attendeesCount).toBe(1)

    // The other way: the attendee blocks the organizer, and leaves the roster as well.
    await next.caller.safety.block({ userId: organizer.id })
    expect(confirmedIds(id)).toEqual([])
    expect(notificationsOf(world.db, next.id, 'event_seat_cancelled')).toHaveLength(1)
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.attendeesCount).toBe(0)
  })
})

describe('lista de presença e CSV', () => {
  it('o organizador e a moderação da comunidade veem confirmados e espera; outros membros e outra comunidade, não', async () => {
    const { id, organizer, going, others } = await fullEvent(1, 1)
    await (others[0] as TestMember).caller.events.attend({ id })
    const moderator = await createMember(world, { roles: ['user', 'moderator'] })
    const roster = await moderator.caller.events.roster({ id })
    expect(roster.confirmed.map((person) => person.username)).toEqual([going[0]?.username])
    expect(roster.waiting).toEqual([
      { fullName: expect.any(String), username: others[0]?.username, position: 1 },
    ])
    expect((await organizer.caller.events.roster({ id })).confirmed).toHaveLength(1)

    await expectAppError(
      (going[0] as TestMember).caller.events.roster({ id }),
      'EVENT_ORGANIZERS_ONLY',
      'FORBIDDEN',
    )
    await expectAppError((going[0] as TestMember).caller.events.rosterCsv({ id }), 'EVENT_ORGANIZERS_ONLY')
    const foreignModerator = await createUdescModerator(world)
    await expectAppError(foreignModerator.caller.events.roster({ id }), 'EVENT_NOT_FOUND', 'NOT_FOUND')
    await expectAppError(foreignModerator.caller.events.rosterCsv({ id }), 'EVENT_NOT_FOUND')
  })

  it('o CSV traz nomes e situação, e neutraliza células que começam com = + - @', async () => {
    const organizer = await createMember(world)
    const id = createEvent(world.db, {
      organizerId: organizer.id,
      title: 'Sarau',
      status: 'aprovado',
      maxParticipants: 1,
    })
    const hostile = await createMember(world, { fullName: '=HYPERLINK("http://mal.example","clique")' })
    const plus = await createMember(world, { fullName: '+55 "Zé" Silva' })
    await hostile.caller.events.attend({ id })
    await plus.caller.events.attend({ id })
    const { csv, filename } = await organizer.caller.events.rosterCsv({ id })
    expect(filename).toBe(`presencas-evento-${id}.csv`)
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toEqual([
      '"Situação";"Posição";"Nome";"Usuário";"Entrada registrada"',
      `"Confirmado";"1";"'=HYPERLINK(""http://mal.example"",""clique"")";"${hostile.username}";"Não"`,
      `"Lista de espera";"1";"'+55 ""Zé"" Silva";"${plus.username}";""`,
    ])
  })
})
