import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createCommunity, createConversation, createListing } from '../../server/db/factories'
import { listings, notifications, users } from '../../server/db/schema'
import { createSemester, defaultCalendar, seedCalendars } from '../../server/semesters/calendar'
import { runReverification } from '../../server/semesters/reverification'
import { expectAppError } from '../support/assertions'
import { fakeDateEachTest } from '../support/dates'
import { eventInput } from '../support/events'
import { sellFormInput } from '../support/listings'
import {
  callerFor,
  communityBySlug,
  createAdmin,
  createMember,
  setUpTestWorld,
  type TestMember,
  tokenFromMail,
} from '../support/test-app'

const world = setUpTestWorld()

// Univille's campus is in São Paulo (UTC-3): 2027/1 starts at 03:00 UTC on 1 February.
const START = Date.parse('2027-02-01T03:00:00Z')
const DAY = 24 * 60 * 60 * 1000
const NOTICE = START - 14 * DAY
const DEADLINE = START + 14 * DAY

const at = (instant: number) => vi.setSystemTime(instant)
const runJob = () => runReverification(world.services)

fakeDateEachTest(Date.parse('2027-01-10T15:00:00Z'))

beforeEach(() => {
  const univille = communityBySlug(world.db, 'univille').id
  createSemester(world.db, univille, { name: '2026/2', startsOn: '2026-08-01', endsOn: '2027-01-31' })
  createSemester(world.db, univille, { name: '2027/1', startsOn: '2027-02-01', endsOn: '2027-07-31' })
})

const standing = (member: TestMember) => member.caller.semesters.standing()
const mailsTo = (email: string) => world.services.mailer.sent.filter((mail) => mail.to === email)
const emailOf = (member: TestMember) =>
  world.db.select({ email: users.email }).from(users).where(eq(users.id, member.id)).get()?.email ?? ''
const holdOf = (listingId: number) =>
  world.db.select({ hold: listings.hold }).from(listings).where(eq(listings.id, listingId)).get()?.hold

/** The re-verification link mailed last to the member. */
function linkOf(member: TestMember) {
  const mail = mailsTo(emailOf(member)).at(-1)
  expect(mail?.link).toContain('/univille/reconfirmar-email?token=')
  return tokenFromMail(mail)
}

describe('o calendário de semestres', () => {
  it('o padrão cobre todos os dias a partir do semestre de hoje, em qualquer mês', () => {
    for (const [today, first] of [
      ['2027-01-15', '2026/2'],
      ['2027-02-01', '2027/1'],
      ['2027-07-31', '2027/1'],
      ['2027-08-01', '2027/2'],
      ['2027-12-20', '2027/2'],
    ] as const) {
      const calendar = defaultCalendar(today)
      const [current] = calendar
      expect(current?.name).toBe(first)
      expect((current?.startsOn ?? '') <= today && today <= (current?.endsOn ?? '')).toBe(true)
      expect(calendar).toHaveLength(10)
      // Each semester starts the day after the previous one ends.
      for (let n = 1; n < calendar.length; n++) {
        const previousEnd = Date.parse(`${calendar[n - 1]?.endsOn}T00:00:00Z`)
        expect(Date.parse(`${calendar[n]?.startsOn}T00:00:00Z`) - previousEnd).toBe(DAY)
      }
    }
  })

  it('uma instalação nova começa dentro de um semestre, sem ninguém devendo a confirmação', async () => {
    const other = createCommunity(world.db)
    at(Date.parse('2027-01-25T15:00:00Z'))
    seedCalendars(world.db)
    const member = await createMember(world, {
      communityId: other.id,
      email: `nova@${other.emailDomain}`,
    })
    expect(await standing(member)).toMatchObject({
      state: 'confirmed',
      currentSemester: { name: '2026/2' },
    })
    await runJob()
    at(DEADLINE + DAY)
    await runJob()
    expect(await standing(member)).toMatchObject({ state: 'confirmed' })
  })

  it('o administrador lista, cria, edita e remove semestres; sobreposições são recusadas', async () => {
    const admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
    expect((await admin.admin.semesters.list()).map((s) => s.name)).toEqual(['2026/2', '2027/1'])
    await expectAppError(
      admin.admin.semesters.create({ name: 'Verão', startsOn: '2027-07-01', endsOn: '2027-08-15' }),
      'SEMESTER_OVERLAPS',
    )
    const { id } = (await admin.admin.semesters.create({
      name: '2027/2',
      startsOn: '2027-08-01',
      endsOn: '2027-12-20',
    })) as { id: number }
    await admin.admin.semesters.update({ id, name: '2027/2', startsOn: '2027-08-02', endsOn: '2027-12-20' })
    expect((await admin.admin.semesters.list()).at(-1)).toMatchObject({
      name: '2027/2',
      startsOn: '2027-08-02',
    })
    await admin.admin.semesters.delete({ id })
    expect(await admin.admin.semesters.list()).toHaveLength(2)

    // Another community's semester is not this admin's to touch.
    const other = createCommunity(world.db)
    const foreign = createSemester(world.db, other.id, {
      name: 'Deles',
      startsOn: '2027-03-01',
      endsOn: '2027-06-30',
    }) as { id: number }
    await expectAppError(admin.admin.semesters.delete({ id: foreign.id }), 'SEMESTER_NOT_FOUND')
  })
})

describe('a reconfirmação do e-mail institucional a cada semestre', () => {
  it('duas semanas antes do início, cada membro recebe o e-mail com o link e o aviso no app, uma vez', async () => {
    const member = await createMember(world)
    at(NOTICE - 1)
    await runJob()
    expect(mailsTo(emailOf(member))).toHaveLength(0)
    expect(await standing(member)).toMatchObject({ state: 'confirmed', semester: { name: '2026/2' } })

    at(NOTICE)
    await runJob()
    expect(mailsTo(emailOf(member))).toHaveLength(1)
    const notice = world.db.select().from(notifications).where(eq(notifications.userId, member.id)).all()
    expect(notice).toMatchObject([{ kind: 'reverification', link: '/minha-conta' }])
    expect(await standing(member)).toMatchObject({
      state: 'pending',
      semester: { name: '2027/1' },
      deadline: new Date(DEADLINE),
    })

    await runJob()
    expect(mailsTo(emailOf(member))).toHaveLength(1)

    // Someone who confirmed their address after the notice went out owes nothing this semester.
    at(NOTICE + DAY)
    const newcomer = await createMember(world)
    await runJob()
    expect(mailsTo(emailOf(newcomer))).toHaveLength(0)
    expect(await standing(newcomer)).toMatchObject({ state: 'confirmed' })
  })

  it('quem não confirma até duas semanas depois do início vira egresso, e os anúncios ficam pausados', async () => {
    const seller = await createMember(world)
    const listingId = createListing(world.db, { sellerId: seller.id, title: 'Calculadora HP 12c' })
    const buyer = await createMember(world)
    at(NOTICE)
    await runJob()

    at(DEADLINE - 1)
    await runJob()
    expect(await standing(seller)).toMatchObject({ state: 'pending' })
    expect(holdOf(listingId)).toBeNull()

    at(DEADLINE)
    await runJob()
    expect(await standing(seller)).toMatchObject({ state: 'alumni', alumniSince: new Date(DEADLINE) })
    expect(holdOf(listingId)).toBe('alumni')
    const univille = communityBySlug(world.db, 'univille').id
    const portal = await buyer.caller.listings.list({ communitySlug: 'univille', sort: 'recent' })
    expect(portal.items.map((item) => item.id)).not.toContain(listingId)
    expect(await buyer.caller.listings.stats({ communitySlug: 'univille' })).toMatchObject({ listings: 0 })
    expect(univille).toBeGreaterThan(0)
    // Paused, not deleted: the seller still finds it in Meus Produtos.
    expect((await seller.caller.listings.mine()).map((item) => [item.id, item.hold])).toEqual([
      [listingId, 'alumni'],
    ])
  })

  it('um membro avisado tarde tem sempre duas semanas a partir do aviso', async () => {
    const member = await createMember(world)
    // The job was down until ten days after the start.
    at(START + 10 * DAY)
    await runJob()
    expect(await standing(member)).toMatchObject({ state: 'pending', deadline: new Date(START + 24 * DAY) })
    at(DEADLINE + DAY)
    await runJob()
    expect(await standing(member)).toMatchObject({ state: 'pending' })
    at(START + 24 * DAY)
    await runJob()
    expect(await standing(member)).toMatchObject({ state: 'alumni' })
  })

  it('um egresso continua conversando, mas não publica por nenhum caminho da API', async () => {
    const seller = await createMember(world)
    const live = createListing(world.db, { sellerId: seller.id, title: 'Jaleco M' })
    const paused = createListing(world.db, { sellerId: seller.id, title: 'Caneca', status: 'inativo' })
    const { id: wantedId } = await seller.caller.wanted.create({
      title: 'Calculadora científica',
      mainCategoryId: sellFormInput(world.db, seller.id).mainCategoryId,
      days: 20,
    })
    at(NOTICE)
    await runJob()
    // Members who joined after the notice owe nothing this semester.
    const friend = await createMember(world)
    const stranger = await createMember(world)
    const theirs = createListing(world.db, { sellerId: stranger.id, title: 'Livro de física' })
    const conversationId = createConversation(world.db, seller.id, friend.id)
    at(DEADLINE)
    await runJob()

    const refused = 'ALUMNI_CANNOT_PUBLISH'
    const form = sellFormInput(world.db, seller.id)
    await expectAppError(seller.caller.listings.create(form), refused, 'FORBIDDEN')
    await expectAppError(seller.caller.listings.update({ id: live, ...form }), refused)
    await expectAppError(seller.caller.listings.setStatus({ id: paused, status: 'ativo' }), refused)
    await expectAppError(seller.caller.listings.renew({ id: live }), refused)
    await expectAppError(seller.caller.listings.bump({ id: live }), refused)
    const wanted = { title: 'Jaleco G', mainCategoryId: form.mainCategoryId, days: 10 }
    await expectAppError(seller.caller.wanted.create(wanted), refused)
    await expectAppError(seller.caller.wanted.update({ id: wantedId, ...wanted }), refused)
    await expectAppError(seller.caller.events.create(eventInput()), refused)
    await expectAppError(seller.caller.chat.start({ listingId: theirs }), refused)
    await expectAppError(seller.caller.chat.start({ username: stranger.username }), refused)

    // Reading, talking in a conversation they have, selling what is already agreed: all still open.
    await seller.caller.chat.send({ conversationId, content: 'Ainda tenho o jaleco, se quiser.' })
    expect(await seller.caller.chat.start({ username: friend.username })).toMatchObject({ conversationId })
    await seller.caller.listings.setStatus({ id: live, status: 'vendido' })
    expect((await seller.caller.listings.list({ sort: 'recent' })).items.map((item) => item.id)).toEqual([
      theirs,
    ])
  })

  it('confirmar pelo link devolve a publicação e os anúncios pausados voltam ao ar', async () => {
    const seller = await createMember(world)
    const listingId = createListing(world.db, { sellerId: seller.id, title: 'Calculadora HP 12c' })
    at(NOTICE)
    await runJob()
    at(DEADLINE + 70 * DAY)
    await runJob()
    expect(holdOf(listingId)).toBe('alumni')

    // The notice's link expired long ago: the member asks for a new one in Minha Conta.
    await seller.caller.semesters.requestLink()
    const anonymous = callerFor(world.services, null, { community: 'univille' }).caller
    await anonymous.semesters.confirm({ token: linkOf(seller) })

    expect(await standing(seller)).toMatchObject({ state: 'confirmed', alumniSince: null })
    expect(holdOf(listingId)).toBeNull()
    // Its 60 days ran out while paused: a week more, so the seller hears before it expires.
    const row = world.db.select().from(listings).where(eq(listings.id, listingId)).get()
    expect(row?.expiresAt.getTime()).toBe(DEADLINE + 77 * DAY)
    expect(row?.expiryNoticeAt).toBeNull()
    await seller.caller.listings.create(sellFormInput(world.db, seller.id))
  })

  it('um membro confirma antes do prazo pelo botão de Minha Conta e não vira egresso', async () => {
    const member = await createMember(world)
    await expectAppError(member.caller.semesters.requestLink(), 'REVERIFICATION_NOT_DUE')
    at(NOTICE + DAY)
    await runJob()
    await member.caller.semesters.requestLink()
    expect(mailsTo(emailOf(member))).toHaveLength(2)
    await member.caller.semesters.confirm({ token: linkOf(member) })
    expect(await standing(member)).toMatchObject({ state: 'confirmed' })
    at(DEADLINE + DAY)
    await runJob()
    expect(await standing(member)).toMatchObject({ state: 'confirmed' })
  })

  it('o administrador vê quem falta e estende o prazo; a extensão tira um egresso dessa condição', async () => {
    const admin = callerFor(world.services, { userId: (await createAdmin(world.db)).id }).caller
    const late = await createMember(world)
    const later = await createMember(world)
    const listingId = createListing(world.db, { sellerId: later.id, title: 'Jaleco' })
    at(NOTICE)
    await runJob()
    const pending = await admin.admin.semesters.pending()
    expect(pending.semester).toMatchObject({ name: '2027/1' })
    expect(pending.members.map((member) => member.userId)).toEqual(
      expect.arrayContaining([late.id, later.id]),
    )

    await admin.admin.semesters.extend({ userId: late.id, until: '2027-03-01' })
    at(DEADLINE)
    await runJob()
    expect(await standing(late)).toMatchObject({ state: 'pending' })
    expect(await standing(later)).toMatchObject({ state: 'alumni' })
    expect(holdOf(listingId)).toBe('alumni')

    // End of 1 March on campus is 03:00 UTC on the 2nd.
    at(Date.parse('2027-03-02T02:59:59Z'))
    await runJob()
    expect(await standing(late)).toMatchObject({ state: 'pending' })
    at(Date.parse('2027-03-02T03:00:00Z'))
    await runJob()
    expect(await standing(late)).toMatchObject({ state: 'alumni' })

    await admin.admin.semesters.extend({ userId: later.id, until: '2027-03-10' })
    expect(await standing(later)).toMatchObject({ state: 'pending' })
    expect(holdOf(listingId)).toBeNull()
    await expectAppError(
      admin.admin.semesters.extend({ userId: later.id, until: '2027-03-01' }),
      'REVERIFICATION_EXTENSION_PAST',
    )

    // A member of another community is nobody this admin can reach.
    const other = createCommunity(world.db)
    const foreign = await createMember(world, { communityId: other.id, email: `x@${other.emailDomain}` })
    await expectAppError(
      admin.admin.semesters.extend({ userId: foreign.id, until: '2027-03-20' }),
      'USER_NOT_FOUND',
    )
  })
})

describe('o link de reconfirmação (hostil)', () => {
  it('age só pelo membro que nomeia, e uma vez só (o prefixo de outra comunidade: tests/security)', async () => {
    const owner = await createMember(world)
    const intruder = await createMember(world)
    at(NOTICE)
    await runJob()
    const token = linkOf(owner)

    // Used by another signed-in account: it confirms the mailbox it was sent to, not the session.
    await intruder.caller.semesters.confirm({ token })
    expect(await standing(owner)).toMatchObject({ state: 'confirmed' })
    expect(await standing(intruder)).toMatchObject({ state: 'pending' })

    // Single use.
    await expectAppError(intruder.caller.semesters.confirm({ token }), 'INVALID_TOKEN')
  })

  it('um link de outro propósito, ou de um endereço que a conta deixou, não confirma nada', async () => {
    const member = await createMember(world)
    at(NOTICE)
    await runJob()
    const token = linkOf(member)
    world.db
      .update(users)
      .set({ email: `trocado${member.id}@univille.br` })
      .where(eq(users.id, member.id))
      .run()
    const anonymous = callerFor(world.services, null).caller
    await expectAppError(anonymous.semesters.confirm({ token }), 'INVALID_TOKEN')
    expect(await standing(member)).toMatchObject({ state: 'pending' })
  })
})
