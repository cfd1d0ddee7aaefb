import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createStudent, createUpload } from '../../server/db/factories'
import {
  eventAttendees,
  eventRsvpNotices,
  events,
  moderationLog,
  notifications,
} from '../../server/db/schema'
import { notifyEventRsvp } from '../../server/notifications/kinds'
import { deleteAccount } from '../../server/people/account/delete-account'
import type { EventInput } from '../../shared/schemas/event'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import { dayFromNow } from '../support/dates'
import { eventInput } from '../support/events'
import { startHttpApp } from '../support/http'
import { type AppCaller, callerFor, createAdmin, createMember, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
let organizerId: number
let organizer: AppCaller
let student: AppCaller
let moderator: AppCaller
let admin: AppCaller
let anonymous: AppCaller
let pending: AppCaller

async function approvedEvent(overrides: Partial<EventInput> = {}) {
  const { id } = await organizer.events.create(eventInput(overrides))
  await admin.events.approve({ id })
  return id
}

beforeAll(async () => {
  organizerId = (await createStudent(world.db, { member: true })).id
  organizer = callerFor(world.services, { userId: organizerId }).caller
  student = callerFor(world.services, { userId: (await createStudent(world.db, { member: true })).id }).caller
  moderator = callerFor(world.services, {
    userId: (await createStudent(world.db, { member: true, roles: ['user', 'moderator'] })).id,
  }).caller
  admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
  anonymous = callerFor(world.services, null).caller
  pending = callerFor(world.services, { userId: (await createStudent(world.db)).id }).caller
})

describe('criar e editar', () => {
  it('cria como pendente, no horário de Joinville, e só o organizador vê antes da aprovação', async () => {
    const { id, status } = await organizer.events.create(eventInput())
    expect(status).toBe('pendente')
    const row = world.db.select().from(events).where(eq(events.id, id)).get()
    // 19:30 in São Paulo (UTC−3) is 22:30 UTC.
    expect(row?.startsAt.toISOString()).toBe(`${dayFromNow(10)}T22:30:00.000Z`)
    expect((await organizer.events.byId({ id })).canEdit).toBe(true)
    await expectTRPCError(student.events.byId({ id }), 'NOT_FOUND', 'Evento não encontrado')
    await expectTRPCError(anonymous.events.byId({ id }), 'NOT_FOUND')
    expect((await moderator.events.byId({ id })).status).toBe('pendente')
    expect((await anonymous.events.list({})).map((event) => event.id)).not.toContain(id)
  })

  it.each([
    [{ title: 'Hack' }, 'Título deve ter no mínimo 5 caracteres'],
    [{ description: 'curta demais' }, 'Descrição deve ter no mínimo 20 caracteres'],
    [{ description: 'x'.repeat(1001) }, 'Descrição muito longa'],
    [{ eventDate: '' }, 'Data é obrigatória'],
    [{ eventTime: '25:00' }, 'Formato de hora inválido (HH:MM)'],
    [{ eventTime: '7h' }, 'Formato de hora inválido (HH:MM)'],
    [{ location: 'Sala' }, 'Local deve ter no mínimo 5 caracteres'],
    [{ maxParticipants: 0 }, 'Número deve ser positivo'],
    [{ maxParticipants: -3 }, 'Número deve ser positivo'],
  ])('valida %j com "%s"', async (change, message) => {
    await expectValidationMessage(organizer.events.create(eventInput(change)), message)
  })

  it('recusa data e hora no passado, mesmo hoje mais cedo', async () => {
    const before = world.db.select().from(events).all().length
    await expectTRPCError(
      organizer.events.create(eventInput({ eventDate: dayFromNow(-1) })),
      'BAD_REQUEST',
      'A data do evento deve ser no futuro',
    )
    await expectTRPCError(
      organizer.events.create(eventInput({ eventDate: dayFromNow(0), eventTime: '00:00' })),
      'BAD_REQUEST',
      'A data do evento deve ser no futuro',
    )
    expect(world.db.select().from(events).all().length).toBe(before)
  })

  it('só o organizador edita, e só enquanto pendente', async () => {
    const { id } = await organizer.events.create(eventInput())
    await expectTRPCError(
      student.events.update({ id, ...eventInput({ title: 'Tomado por outro' }) }),
      'NOT_FOUND',
    )
    await organizer.events.update({ id, ...eventInput({ title: 'Hackathon de Inovação 2026' }) })
    expect((await organizer.events.byId({ id })).title).toBe('Hackathon de Inovação 2026')
    await admin.events.approve({ id })
    await expectTRPCError(organizer.events.update({ id, ...eventInput() }), 'FORBIDDEN')
    expect((await organizer.events.byId({ id })).canEdit).toBe(false)
  })

  it('visitantes e contas pendentes não criam eventos', async () => {
    await expectTRPCError(anonymous.events.create(eventInput()), 'UNAUTHORIZED')
    await expectTRPCError(pending.events.create(eventInput()), 'FORBIDDEN')
  })

  it('aceita uma imagem enviada pelo organizador, e recusa a de outra pessoa', async () => {
    const { id: uploadId, fullUrl } = createUpload(world.db, { ownerId: organizerId, kind: 'event' })
    const { id } = await organizer.events.create(eventInput({ imageUploadId: uploadId }))
    expect((await organizer.events.byId({ id })).imageUrl).toBe(fullUrl)
    await expectTRPCError(student.events.create(eventInput({ imageUploadId: uploadId })), 'BAD_REQUEST')
  })

  it('a capa chega com as versões de cartão e de celular, para um celular não baixar a de 1600 px', async () => {
    const large = createUpload(world.db, { ownerId: organizerId, kind: 'event', width: 2000, height: 1500 })
    const small = createUpload(world.db, { ownerId: organizerId, kind: 'event', width: 800, height: 600 })
    const withLarge = await organizer.events.create(
      eventInput({ title: 'Mostra de fotografia', imageUploadId: large.id }),
    )
    const withSmall = await organizer.events.create(
      eventInput({ title: 'Roda de conversa', imageUploadId: small.id }),
    )
    const withNone = await organizer.events.create(eventInput({ title: 'Caminhada no campus' }))
    const pendingCovers = await moderator.events.moderation({ status: 'pendente' })
    const renditionsIn = (events: { id: number; imageRenditions: unknown }[], id: number) =>
      events.find((event) => event.id === id)?.imageRenditions
    const sibling = (fullUrl: string, rendition: string) =>
      fullUrl.replace('-full.webp', `-${rendition}.webp`)

    const largeRenditions = {
      cardUrl: sibling(large.fullUrl, 'card'),
      cardWidth: 640,
      phoneUrl: sibling(large.fullUrl, 'phone'),
      phoneWidth: 960,
      fullWidth: 2000,
    }
    // No larger than the phone rendition: the card and the full one.
    const smallRenditions = {
      cardUrl: sibling(small.fullUrl, 'card'),
      cardWidth: 640,
      phoneUrl: null,
      phoneWidth: null,
      fullWidth: 800,
    }
    expect(renditionsIn(pendingCovers, withLarge.id)).toEqual(largeRenditions)
    for (const { id } of [withLarge, withSmall, withNone]) await admin.events.approve({ id })
    const listed = await anonymous.events.list({ tab: 'todos' })
    expect(renditionsIn(listed, withLarge.id)).toEqual(largeRenditions)
    expect(renditionsIn(listed, withSmall.id)).toEqual(smallRenditions)
    expect(renditionsIn(listed, withNone.id)).toBeNull()
    const detail = await anonymous.events.byId({ id: withLarge.id })
    expect(detail.imageRenditions).toEqual(largeRenditions)
    expect(detail.imageUrl).toBe(large.fullUrl)
    expect(detail).not.toHaveProperty('image')
  })
})

describe('moderação', () => {
  it('moderadores aprovam e rejeitam com motivo obrigatório; o organizador vê o motivo', async () => {
    const { id } = await organizer.events.create(eventInput({ title: 'Festa sem local definido' }))
    await expectTRPCError(student.events.approve({ id }), 'FORBIDDEN')
    await expectTRPCError(student.events.reject({ id, reason: 'não' }), 'FORBIDDEN')
    await expectTRPCError(anonymous.events.moderation({ status: 'pendente' }), 'UNAUTHORIZED')
    await expectValidationMessage(
      moderator.events.reject({ id, reason: '   ' }),
      'Por favor, informe o motivo da rejeição',
    )
    await moderator.events.reject({ id, reason: 'Falta o local exato do evento.' })
    const seen = await organizer.events.byId({ id })
    expect(seen.status).toBe('rejeitado')
    expect(seen.rejectionReason).toBe('Falta o local exato do evento.')
    // Only pending events can be decided.
    await expectTRPCError(admin.events.approve({ id }), 'NOT_FOUND')
    const log = world.db.select().from(moderationLog).where(eq(moderationLog.targetId, id)).all()
    expect(log.map((entry) => entry.actionType)).toEqual(['reject_event'])
  })

  it('a lista pública mostra só aprovados, com abas e busca', async () => {
    const id = await approvedEvent({ title: 'Feira de Criações no pátio' })
    const upcoming = await anonymous.events.list({})
    expect(upcoming.map((event) => event.id)).toContain(id)
    expect(upcoming.every((event) => event.status === 'aprovado')).toBe(true)
    expect((await anonymous.events.list({ tab: 'passados' })).map((event) => event.id)).not.toContain(id)
    expect((await anonymous.events.list({ q: 'feira' })).map((event) => event.id)).toEqual([id])
    const past = await approvedEvent({ title: 'Evento que já passou' })
    world.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(events.id, past))
      .run()
    expect((await anonymous.events.list({ tab: 'passados' })).map((event) => event.id)).toContain(past)
    expect((await anonymous.events.list({ tab: 'todos' })).map((event) => event.id)).toEqual(
      expect.arrayContaining([id, past]),
    )
  })
})

describe('abas, ordem e busca da lista', () => {
  /** An approved event moved to `daysAgo` days in the past. */
  async function pastEvent(title: string, daysAgo: number) {
    const id = await approvedEvent({ title })
    world.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - daysAgo * 86_400_000) })
      .where(eq(events.id, id))
      .run()
    return id
  }

  it('Próximos vem do mais perto ao mais longe e deixa de fora o que já passou; Passados, na ordem das datas, como a spec', async () => {
    const later = await approvedEvent({ title: 'Formatura', eventDate: dayFromNow(40) })
    const sooner = await approvedEvent({ title: 'Palestra de boas-vindas', eventDate: dayFromNow(3) })
    const coming = (await anonymous.events.list({ tab: 'proximos' })).map((event) => event.id)
    expect(coming.indexOf(sooner)).toBeGreaterThanOrEqual(0)
    expect(coming.indexOf(sooner)).toBeLessThan(coming.indexOf(later))
    const older = await pastEvent('Semana Acadêmica de 2025', 30)
    const newer = await pastEvent('Calourada do semestre passado', 2)
    const upcoming = (await anonymous.events.list({ tab: 'proximos' })).map((event) => event.id)
    expect(upcoming).not.toContain(older)
    expect(upcoming).not.toContain(newer)
    const past = (await anonymous.events.list({ tab: 'passados' })).map((event) => event.id)
    // Spec: the public list is "ordered by event_date", Passados too.
    expect(past.indexOf(older)).toBeGreaterThanOrEqual(0)
    expect(past.indexOf(older)).toBeLessThan(past.indexOf(newer))
  })

  it('a busca ignora acentos e maiúsculas, como a dos anúncios, no título e na descrição', async () => {
    const cafe = await approvedEvent({
      title: 'Café com Ciência',
      description: 'Conversa sobre pesquisa na graduação.',
    })
    const musica = await approvedEvent({
      title: 'Sarau aberto',
      description: 'Música, poesia e apresentações.',
    })
    const found = async (q: string) => (await anonymous.events.list({ tab: 'todos', q })).map((e) => e.id)
    expect(await found('cafe com ciencia')).toEqual([cafe])
    expect(await found('CIÊNCIA')).toEqual([cafe])
    expect(await found('graduacao')).toEqual([cafe])
    expect(await found('musica poesia')).toEqual([musica])
    expect(await found('musica cafe')).toEqual([])
  })

  it('o .ics do evento aponta a página sob o prefixo da comunidade', async () => {
    const id = await approvedEvent({ title: 'Feira de trocas' })
    const app = await startHttpApp(world.services)
    onTestFinished(() => app.close())
    const response = await (await fetch(`${app.url}/api/eventos/${id}/calendario.ics`)).text()
    expect(response.replaceAll('\r\n\t', '').replaceAll('\r\n ', '')).toContain(
      `URL:${world.services.publicUrl}/univille/evento/${id}`,
    )
  })

  it('uma busca de uma ou duas letras também ignora acentos (no título)', async () => {
    const cafe = await approvedEvent({
      title: 'Café com Ciência',
      description: 'Bate-papo no pátio do bloco.',
    })
    const found = async (q: string) => (await anonymous.events.list({ tab: 'todos', q })).map((e) => e.id)
    expect(await found('fe')).toContain(cafe)
    expect(await found('FÉ')).toContain(cafe)
    expect(await found('ci')).toContain(cafe)
    expect(await found('pa')).not.toContain(cafe)
  })

  it('% e _ na busca são o próprio caractere, não curingas', async () => {
    const percent = await approvedEvent({ title: 'Bazar com 50% de desconto' })
    const underscore = await approvedEvent({ title: 'Oficina de snake_case em Python' })
    const plain = await approvedEvent({ title: 'Bazar com 500 peças de roupa' })
    const found = async (q: string) => (await anonymous.events.list({ tab: 'todos', q })).map((e) => e.id)
    expect(await found('50%')).toEqual([percent])
    expect(await found('snake_case')).toEqual([underscore])
    expect(await found('e_c')).toEqual([underscore])
    expect(await found('bazar com 50')).toEqual(expect.arrayContaining([percent, plain]))
  })
})

describe('presença', () => {
  it('confirmar duas vezes avisa quem organiza uma vez só; cancelar sem ter confirmado não mexe no contador', async () => {
    const id = await approvedEvent({ title: 'Roda de conversa sobre estágios' })
    const rsvp = () =>
      world.db
        .select({ count: notifications.count })
        .from(notifications)
        .where(and(eq(notifications.userId, organizerId), eq(notifications.groupKey, `rsvp:${id}`)))
        .all()
    await student.events.attend({ id })
    expect(rsvp()).toEqual([{ count: 1 }])
    await student.events.attend({ id })
    expect(rsvp()).toEqual([{ count: 1 }])
    const bystander = callerFor(world.services, {
      userId: (await createStudent(world.db, { member: true })).id,
    }).caller
    expect((await bystander.events.unattend({ id })).attendeesCount).toBe(1)
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.attendeesCount).toBe(1)
  })

  it('confirma e cancela presença; o contador acompanha', async () => {
    const id = await approvedEvent()
    expect(await student.events.attend({ id })).toMatchObject({ isGoing: true, attendeesCount: 1 })
    expect((await student.events.attend({ id })).attendeesCount).toBe(1)
    expect((await student.events.byId({ id })).isGoing).toBe(true)
    expect(await student.events.unattend({ id })).toMatchObject({ isGoing: false, attendeesCount: 0 })
    await expectTRPCError(anonymous.events.attend({ id }), 'UNAUTHORIZED')
    await expectTRPCError(pending.events.attend({ id }), 'FORBIDDEN')
  })

  it('não aceita presença em evento pendente ou que já passou', async () => {
    const { id } = await organizer.events.create(eventInput())
    await expectTRPCError(student.events.attend({ id }), 'NOT_FOUND')
    const past = await approvedEvent()
    world.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, past))
      .run()
    await expectTRPCError(student.events.attend({ id: past }), 'BAD_REQUEST')
  })

  it('nunca passa da capacidade, com mais pedidos simultâneos do que vagas: os demais entram na lista de espera', async () => {
    const id = await approvedEvent({ maxParticipants: 5 })
    const people = await Promise.all(
      Array.from(
        { length: 20 },
        async () =>
          callerFor(world.services, { userId: (await createStudent(world.db, { member: true })).id }).caller,
      ),
    )
    const results = await Promise.all(people.map((person) => person.events.attend({ id })))
    expect(results.filter((result) => result.isGoing)).toHaveLength(5)
    const waiting = results.filter((result) => !result.isGoing).map((result) => result.waitlistPosition)
    expect(waiting.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 15 }, (_, i) => i + 1))
    const rows = world.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, id)).all()
    expect(rows.length).toBe(5)
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.attendeesCount).toBe(5)
  })

  it('o organizador cancela um evento aprovado e quem ia vê "Cancelado"', async () => {
    const id = await approvedEvent()
    await student.events.attend({ id })
    await expectTRPCError(student.events.cancel({ id }), 'NOT_FOUND')
    await organizer.events.cancel({ id })
    expect((await student.events.byId({ id })).status).toBe('cancelado')
    expect((await anonymous.events.list({})).map((event) => event.id)).not.toContain(id)
  })
})

describe('presença e bloqueios', () => {
  /** A fresh organizer with an approved event, so each case reads only its own notices. */
  async function organizerWithEvent() {
    const host = await createMember(world)
    const { id } = await host.caller.events.create(eventInput({ title: 'Sarau de poesia no bloco C' }))
    await admin.events.approve({ id })
    const rsvpNotices = async () =>
      (await host.caller.notifications.list()).items.filter((note) => note.kind === 'event_rsvp')
    return { host, id, rsvpNotices }
  }

  it('quem o organizador bloqueou não confirma presença, e o organizador não recebe aviso', async () => {
    const { host, id, rsvpNotices } = await organizerWithEvent()
    const stalker = await createMember(world)
    await host.caller.safety.block({ userId: stalker.id })
    for (let attempt = 0; attempt < 3; attempt++) {
      await expectAppError(stalker.caller.events.attend({ id }), 'EVENT_RSVP_UNAVAILABLE', 'FORBIDDEN')
    }
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.attendeesCount).toBe(0)
    expect(await rsvpNotices()).toEqual([])
  })

  it('quem bloqueou o organizador também não confirma presença', async () => {
    const { host, id, rsvpNotices } = await organizerWithEvent()
    const blocker = await createMember(world)
    await blocker.caller.safety.block({ userId: host.id })
    await expectAppError(blocker.caller.events.attend({ id }), 'EVENT_RSVP_UNAVAILABLE', 'FORBIDDEN')
    expect(await rsvpNotices()).toEqual([])
    // Everyone else still comes.
    const friend = await createMember(world)
    expect((await friend.caller.events.attend({ id })).isGoing).toBe(true)
    expect(await rsvpNotices()).toHaveLength(1)
  })

  it('um bloqueio feito entre a confirmação e o aviso também cala o aviso', async () => {
    const { host, id, rsvpNotices } = await organizerWithEvent()
    const attendee = await createMember(world)
    await host.caller.safety.block({ userId: attendee.id })
    notifyEventRsvp(world.services, id, attendee.id)
    expect(await rsvpNotices()).toEqual([])
  })

  it('a conta excluída não deixa registro de a quais eventos foi anunciada', async () => {
    const { id } = await organizerWithEvent()
    const attendee = await createMember(world)
    await attendee.caller.events.attend({ id })
    deleteAccount(world.services, attendee.id)
    expect(
      world.db.select().from(eventRsvpNotices).where(eq(eventRsvpNotices.userId, attendee.id)).all(),
    ).toEqual([])
  })

  it('confirmar e cancelar sem parar avisa o organizador uma vez só, mesmo depois de ele ler', async () => {
    const { host, id, rsvpNotices } = await organizerWithEvent()
    const toggler = await createMember(world)
    await toggler.caller.events.attend({ id })
    await host.caller.notifications.markRead({})
    for (let round = 0; round < 5; round++) {
      await toggler.caller.events.unattend({ id })
      await toggler.caller.events.attend({ id })
    }
    expect((await rsvpNotices()).map((note) => [note.count, note.read])).toEqual([[1, true]])
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.attendeesCount).toBe(1)
  })
})

describe('Meus eventos', () => {
  it('lista os que a pessoa organiza em qualquer estado e aqueles a que vai, por data, cancelados inclusive', async () => {
    const fan = callerFor(world.services, {
      userId: (await createStudent(world.db, { member: true })).id,
    }).caller
    const soon = await approvedEvent({ title: 'Sarau no bloco B', eventDate: dayFromNow(3) })
    const later = await approvedEvent({ title: 'Feira de trocas', eventDate: dayFromNow(20) })
    const calledOff = await approvedEvent({ title: 'Cine debate', eventDate: dayFromNow(8) })
    const notGoing = await approvedEvent({ title: 'Palestra de carreira', eventDate: dayFromNow(5) })
    for (const id of [later, calledOff, soon]) await fan.events.attend({ id })
    await organizer.events.cancel({ id: calledOff })

    const attending = await fan.events.attending()
    expect(attending.map((event) => [event.title, event.status])).toEqual([
      ['Sarau no bloco B', 'aprovado'],
      ['Cine debate', 'cancelado'],
      ['Feira de trocas', 'aprovado'],
    ])
    expect(attending.map((event) => event.id)).not.toContain(notGoing)
    expect(JSON.stringify(attending)).not.toContain('rejectionReason')

    const rejected = (await organizer.events.create(eventInput({ title: 'Festa sem local' }))).id
    await admin.events.reject({ id: rejected, reason: 'Falta o local exato.' })
    const organized = await organizer.events.mine()
    expect(organized.find((event) => event.id === rejected)).toMatchObject({
      status: 'rejeitado',
      rejectionReason: 'Falta o local exato.',
    })
    expect(await fan.events.mine()).toEqual([])
    await expectTRPCError(pending.events.attending(), 'FORBIDDEN')
  })
})
