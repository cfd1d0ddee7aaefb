/**
 * Staff of one community reach nothing of another: for every moderator and admin procedure, and for
 * the event procedures that read or change events, a moderator or administrator of Univille (A) acts
 * on UDESC's (B) users, listings, events and banners, is refused (or sees nothing), and every row of B
 * reads back exactly as it was. Subcategories are shared by every community by design (README,
 * "Moderação").
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createListing, createStudent } from '../../server/db/factories'
import {
  advertisements,
  eventAttendees,
  events,
  listings,
  mainCategories,
  moderationLog,
  profiles,
  sessions,
  subcategories,
  userRoles,
  users,
} from '../../server/db/schema'
import { createSession, invalidateSession, validateSessionToken } from '../../server/people/auth/session'
import { appRouter } from '../../server/routers/_app'
import { createContextInner } from '../../server/trpc/context'
import { createCallerFactory } from '../../server/trpc/init'
import type { Role } from '../../shared/domain'
import { expectTRPCError } from '../support/assertions'
import { bannerInput } from '../support/banners'
import { eventInput } from '../support/events'
import {
  type AppCaller,
  callerFor,
  communityBySlug,
  createAdmin,
  openCommunity,
  setUpTestWorld,
} from '../support/test-app'

type Person = { id: number; caller: AppCaller; sessionToken: string | null }

const world = setUpTestWorld()
let communityA: number
let communityB: number
let adminA: Person
let moderatorA: Person
let memberA: Person
let adminB: Person
let moderatorB: Person
let memberB: Person
let pendingB: Person
let listingB: number
let pendingEventB: number
let approvedEventB: number
let bannerB: number

/** Signed in as the person (with their second factor when two-factor is on, as admins have). */
function person(id: number): Person {
  const { caller, sessionToken } = callerFor(world.services, { userId: id })
  return { id, caller, sessionToken }
}

/** No password: nobody here signs in with one, and argon2 would make every fresh world slow. */
type Kind = 'admin' | 'moderator' | 'member' | 'pending'
async function account(kind: Kind, community: 'univille' | 'udesc'): Promise<Person> {
  const base = { password: undefined, community }
  const roles: Record<Kind, Role[]> = {
    admin: ['user', 'admin'],
    moderator: ['user', 'moderator'],
    member: ['user'],
    pending: ['user'],
  }
  const created =
    kind === 'admin'
      ? await createAdmin(world.db, base)
      : kind === 'pending'
        ? await createStudent(world.db, { ...base, emailVerified: true })
        : await createStudent(world.db, { member: true, ...base, roles: roles[kind] })
  return person(created.id)
}

/** Every row of `table` that `where` selects, in `order`. */
function rowsOf<T extends SQLiteTable>(table: T, where: SQL | undefined, ...order: SQLiteColumn[]) {
  const rows = world.db
    .select()
    .from(table)
    .where(where)
    .orderBy(...order)
    .all()
  return rows as T['$inferSelect'][]
}

/** Everything of a community (B unless told), read back from the database, plus the whole moderation log. */
function stateOf(communityId = communityB) {
  const people = rowsOf(profiles, eq(profiles.communityId, communityId)).map((row) => row.userId)
  const eventIds = rowsOf(events, eq(events.communityId, communityId)).map((row) => row.id)
  return {
    users: rowsOf(users, inArray(users.id, people), users.id),
    profiles: rowsOf(profiles, inArray(profiles.userId, people), profiles.userId),
    roles: rowsOf(userRoles, inArray(userRoles.userId, people), userRoles.userId, userRoles.role),
    sessions: world.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(inArray(sessions.userId, people))
      .orderBy(sessions.id)
      .all(),
    listings: rowsOf(listings, eq(listings.communityId, communityId), listings.id),
    events: rowsOf(events, eq(events.communityId, communityId), events.id),
    attendees: rowsOf(
      eventAttendees,
      inArray(eventAttendees.eventId, eventIds),
      eventAttendees.eventId,
      eventAttendees.userId,
    ),
    banners: rowsOf(advertisements, eq(advertisements.communityId, communityId), advertisements.id),
    moderationLog: rowsOf(moderationLog, undefined, moderationLog.id),
  }
}

/** The call is refused as NOT_FOUND (nothing is revealed) and the community reads back exactly as before. */
async function expectRefusedWithoutChange(
  call: () => Promise<unknown>,
  communityId = communityB,
): Promise<void> {
  const before = stateOf(communityId)
  await expectTRPCError(call(), 'NOT_FOUND')
  expect(stateOf(communityId)).toEqual(before)
}

/** A fresh world for every test: nothing one test does is seen by another. */
beforeEach(async () => {
  // The base seed announces UDESC as "em breve"; here it is a second live community.
  openCommunity(world.db, 'udesc')
  communityA = communityBySlug(world.db, 'univille').id
  communityB = communityBySlug(world.db, 'udesc').id

  adminA = await account('admin', 'univille')
  moderatorA = await account('moderator', 'univille')
  memberA = await account('member', 'univille')
  adminB = await account('admin', 'udesc')
  moderatorB = await account('moderator', 'udesc')
  memberB = await account('member', 'udesc')
  pendingB = await account('pending', 'udesc')

  listingB = createListing(world.db, { sellerId: memberB.id, title: 'Calculadora da UDESC' })
  pendingEventB = (await memberB.caller.events.create(eventInput({ title: 'Palestra pendente da UDESC' }))).id
  approvedEventB = (await memberB.caller.events.create(eventInput({ title: 'Palestra aprovada da UDESC' })))
    .id
  await moderatorB.caller.events.approve({ id: approvedEventB })
  bannerB = (await adminB.caller.admin.banners.create({ ...bannerInput, title: 'Banner da UDESC' })).id
})

describe('usuários: um admin de A não vê nem mexe em contas de B', () => {
  it('admin.users.list não lista ninguém de B, com qualquer filtro ou busca', async () => {
    const idsOfB = [adminB.id, moderatorB.id, memberB.id, pendingB.id]
    for (const filter of ['all', 'approved', 'pending'] as const) {
      const listed = (await adminA.caller.admin.users.list({ filter })).map((user) => user.id)
      expect(
        listed.filter((id) => idsOfB.includes(id)),
        filter,
      ).toEqual([])
    }
    expect(await adminA.caller.admin.users.list({ search: 'udesc' })).toEqual([])
    // The same listing does show A's own people.
    expect((await adminA.caller.admin.users.list({})).map((user) => user.id).sort()).toEqual(
      [adminA.id, moderatorA.id, memberA.id].sort(),
    )
  })

  it('admin.users.approve não aprova um cadastro de B', async () => {
    await expectRefusedWithoutChange(() => adminA.caller.admin.users.approve({ userId: pendingB.id }))
  })

  it('admin.users.setRoles não muda os papéis de alguém de B (nem o faz admin)', async () => {
    await expectRefusedWithoutChange(() =>
      adminA.caller.admin.users.setRoles({ userId: memberB.id, roles: ['admin'] }),
    )
    await expectRefusedWithoutChange(() =>
      adminA.caller.admin.users.setRoles({ userId: adminB.id, roles: ['user'] }),
    )
    expect(validateSessionToken(world.db, memberB.sessionToken ?? '')).not.toBeNull()
  })

  it('admin.users.delete não exclui uma conta de B', async () => {
    await expectRefusedWithoutChange(() => adminA.caller.admin.users.delete({ userId: memberB.id }))
    await expectRefusedWithoutChange(() => adminA.caller.admin.users.delete({ userId: adminB.id }))
  })
})

describe('anúncios: a moderação de A não alcança B', () => {
  it('admin.listings.list não mostra anúncios de B', async () => {
    const listingA = createListing(world.db, { sellerId: memberA.id, title: 'Calculadora da Univille' })
    for (const staff of [moderatorA, adminA]) {
      for (const filter of ['all', 'active', 'removed'] as const) {
        const ids = (await staff.caller.admin.listings.list({ filter })).map((item) => item.id)
        expect(ids, filter).not.toContain(listingB)
      }
      expect((await staff.caller.admin.listings.list({})).map((item) => item.id)).toEqual([listingA])
    }
  })

  it('admin.listings.remove não remove um anúncio de B', async () => {
    await expectRefusedWithoutChange(() =>
      moderatorA.caller.admin.listings.remove({ id: listingB, reason: 'spam' }),
    )
    await expectRefusedWithoutChange(() =>
      adminA.caller.admin.listings.remove({ id: listingB, reason: 'other', details: 'fora da regra' }),
    )
  })

  it('nem o produto nem o perfil de B abrem para a moderação de A', async () => {
    await expectRefusedWithoutChange(() => moderatorA.caller.listings.byId({ id: listingB }))
    const username =
      world.db.select().from(profiles).where(eq(profiles.userId, memberB.id)).get()?.username ?? ''
    await expectRefusedWithoutChange(() => adminA.caller.profiles.byUsername({ username }))
  })
})

describe('banners: cada comunidade tem os seus', () => {
  it('admin.banners.list não mostra banners de B', async () => {
    expect((await adminA.caller.admin.banners.list()).map((banner) => banner.id)).not.toContain(bannerB)
    expect((await adminB.caller.admin.banners.list()).map((banner) => banner.id)).toEqual([bannerB])
  })

  it('admin.banners.update, setActive e delete não alcançam um banner de B', async () => {
    await expectRefusedWithoutChange(() =>
      adminA.caller.admin.banners.update({ id: bannerB, ...bannerInput, title: 'Tomado por A' }),
    )
    await expectRefusedWithoutChange(() =>
      adminA.caller.admin.banners.setActive({ id: bannerB, active: false }),
    )
    await expectRefusedWithoutChange(() => adminA.caller.admin.banners.delete({ id: bannerB }))
  })

  it('admin.banners.create cria na comunidade de quem cria, e B não o mostra', async () => {
    const before = stateOf()
    const { id } = await adminA.caller.admin.banners.create({ ...bannerInput, title: 'Banner da Univille' })
    expect(world.db.select().from(advertisements).where(eq(advertisements.id, id)).get()?.communityId).toBe(
      communityA,
    )
    expect(stateOf()).toEqual(before)
    const visitor = callerFor(world.services, null).caller
    expect(
      (await visitor.banners.active({ placement: 'hero_banner', communitySlug: 'udesc' })).map((b) => b.id),
    ).toEqual([bannerB])
    expect(
      (await visitor.banners.active({ placement: 'hero_banner', communitySlug: 'univille' })).map(
        (b) => b.id,
      ),
    ).toEqual([id])
  })
})

describe('eventos: a fila, as decisões e as presenças ficam em cada comunidade', () => {
  it('events.moderation não mostra eventos de B, em nenhum estado', async () => {
    const pendingA = (await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' }))).id
    for (const staff of [moderatorA, adminA]) {
      for (const status of ['pendente', 'aprovado', 'rejeitado', 'cancelado'] as const) {
        const ids = (await staff.caller.events.moderation({ status })).map((event) => event.id)
        expect(ids, status).not.toContain(pendingEventB)
        expect(ids, status).not.toContain(approvedEventB)
      }
      expect((await staff.caller.events.moderation({})).map((event) => event.id)).toEqual([pendingA])
    }
  })

  it('events.approve e events.reject não decidem um evento de B', async () => {
    await expectRefusedWithoutChange(() => moderatorA.caller.events.approve({ id: pendingEventB }))
    await expectRefusedWithoutChange(() =>
      moderatorA.caller.events.reject({ id: pendingEventB, reason: 'Fora das regras' }),
    )
    await expectRefusedWithoutChange(() => adminA.caller.events.approve({ id: pendingEventB }))
    await expectRefusedWithoutChange(() =>
      adminA.caller.events.reject({ id: pendingEventB, reason: 'Fora das regras' }),
    )
  })

  it('events.byId não abre eventos de B para a moderação nem para os membros de A', async () => {
    for (const id of [pendingEventB, approvedEventB]) {
      await expectRefusedWithoutChange(() => moderatorA.caller.events.byId({ id }))
      await expectRefusedWithoutChange(() => adminA.caller.events.byId({ id }))
    }
    await expectRefusedWithoutChange(() => memberA.caller.events.byId({ id: approvedEventB }))
    // Refused exactly like an event that does not exist: nothing tells B's events apart.
    const refusal = await expectTRPCError(moderatorA.caller.events.byId({ id: pendingEventB }), 'NOT_FOUND')
    const missing = await expectTRPCError(moderatorA.caller.events.byId({ id: 999_999 }), 'NOT_FOUND')
    expect(refusal.message).toBe(missing.message)
    // B's own staff, moderator or admin, does see the pending one.
    expect((await moderatorB.caller.events.byId({ id: pendingEventB })).id).toBe(pendingEventB)
    expect((await adminB.caller.events.byId({ id: pendingEventB })).id).toBe(pendingEventB)
  })

  it('events.byId: o evento aprovado é público para visitantes e contas pendentes; o pendente, não', async () => {
    const visitor = callerFor(world.services, null).caller
    const pendingA = await account('pending', 'univille')
    await memberB.caller.events.attend({ id: approvedEventB })
    expect((await memberB.caller.events.byId({ id: approvedEventB })).isGoing).toBe(true)
    for (const caller of [visitor, pendingA.caller]) {
      expect(await caller.events.byId({ id: approvedEventB })).toMatchObject({
        id: approvedEventB,
        isGoing: false,
        isOrganizer: false,
        canEdit: false,
      })
      await expectRefusedWithoutChange(() => caller.events.byId({ id: pendingEventB }))
    }
  })

  it('events.list de um membro de A mostra os eventos de A, mesmo pedindo os de B', async () => {
    await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' }))
    const approvedA = (await memberA.caller.events.create(eventInput({ title: 'Feira da Univille' }))).id
    await moderatorA.caller.events.approve({ id: approvedA })
    for (const communitySlug of [undefined, 'udesc']) {
      const ids = (await memberA.caller.events.list({ communitySlug })).map((event) => event.id)
      expect(ids, communitySlug).toEqual([approvedA])
    }
    expect((await memberB.caller.events.list({})).map((event) => event.id)).toEqual([approvedEventB])
  })

  it('events.attend e events.unattend não marcam presença em evento de B', async () => {
    await expectRefusedWithoutChange(() => memberA.caller.events.attend({ id: approvedEventB }))
    await expectRefusedWithoutChange(() => moderatorA.caller.events.attend({ id: approvedEventB }))
    await memberB.caller.events.attend({ id: approvedEventB })
    await expectRefusedWithoutChange(() => memberA.caller.events.unattend({ id: approvedEventB }))
  })

  it('events.cancel e events.update não alcançam eventos de B (só o organizador, da sua comunidade)', async () => {
    for (const staff of [moderatorA, adminA]) {
      await expectRefusedWithoutChange(() => staff.caller.events.cancel({ id: approvedEventB }))
      await expectRefusedWithoutChange(() =>
        staff.caller.events.update({ id: pendingEventB, ...eventInput({ title: 'Tomado por A' }) }),
      )
    }
  })

  it('events.create de um membro de A cria em A, e events.mine só lista os próprios', async () => {
    const before = stateOf()
    const { id } = await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' }))
    expect(world.db.select().from(events).where(eq(events.id, id)).get()?.communityId).toBe(communityA)
    expect(stateOf()).toEqual(before)
    expect((await memberA.caller.events.mine()).map((event) => event.id)).toEqual([id])
    expect((await moderatorA.caller.events.mine()).map((event) => event.id)).toEqual([])
  })
})

describe('painel: contagens, selos e registro só da própria comunidade', () => {
  it('admin.dashboard.summary e admin.badges.counts contam só A', async () => {
    // A: one pending sign-up, one live listing, one pending event, one active banner.
    await account('pending', 'univille')
    createListing(world.db, { sellerId: memberA.id, title: 'Calculadora da Univille' })
    await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' }))
    await adminA.caller.admin.banners.create({ ...bannerInput, title: 'Banner da Univille' })
    // B: more of everything, a removed listing, so a count that leaks shows it.
    await account('pending', 'udesc')
    const removedB = createListing(world.db, { sellerId: memberB.id, title: 'Outro anúncio da UDESC' })
    await moderatorB.caller.admin.listings.remove({ id: removedB, reason: 'spam' })
    await memberB.caller.events.create(eventInput({ title: 'Mais uma palestra da UDESC' }))

    for (const staff of [adminA, moderatorA]) {
      const summary = await staff.caller.admin.dashboard.summary()
      expect(summary.users).toEqual({ total: 4, pending: 1 })
      expect(summary.listings).toEqual({ active: 1, removed: 0 })
      expect(summary.pendingEvents).toBe(1)
      expect(summary.activeBanners).toBe(1)
      expect(summary.weeks.at(-1)).toMatchObject({ signUps: 4, listings: 1 })
      expect(summary.weeks.slice(0, -1).every((week) => week.signUps === 0 && week.listings === 0)).toBe(true)
      expect(await staff.caller.admin.badges.counts()).toEqual({
        pendingUsers: 1,
        pendingEvents: 1,
        openReports: 0,
      })
    }
    // B's own staff sees B's numbers.
    const summaryB = await moderatorB.caller.admin.dashboard.summary()
    expect(summaryB.users).toEqual({ total: 5, pending: 2 })
    expect(summaryB.listings).toEqual({ active: 1, removed: 1 })
    expect(summaryB.pendingEvents).toBe(2)
    expect(summaryB.activeBanners).toBe(1)
  })

  it('admin.badges.live começa com os números de A e só acompanha mudanças de A', async () => {
    await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' }))
    const abort = new AbortController()
    const { caller } = callerFor(world.services, { userId: moderatorA.id }, {}, { signal: abort.signal })
    const live = (await caller.admin.badges.live())[Symbol.asyncIterator]()
    try {
      expect((await live.next()).value).toEqual({ pendingUsers: 0, pendingEvents: 1, openReports: 0 })
      const next = live.next()
      await world.services.bus.listening('admin', communityA)
      // A change in B first: had it reached A's sidebar, the next counts would still read one event.
      await memberB.caller.events.create(eventInput({ title: 'Mais uma palestra da UDESC' }))
      await memberA.caller.events.create(eventInput({ title: 'Oficina da Univille' }))
      expect((await next).value).toEqual({ pendingUsers: 0, pendingEvents: 2, openReports: 0 })
    } finally {
      abort.abort()
      await live.return?.()
    }
  })

  it('admin.badges.live numa conexão WebSocket: para quando a sessão termina e devolve a vaga', async () => {
    const subscriptions = { active: 0 }
    const socket = (signal: AbortSignal) => {
      const { token } = createSession(world.db, moderatorA.id)
      const session = validateSessionToken(world.db, token)
      const ctx = createContextInner({
        services: world.services,
        session,
        user: null,
        request: { ip: null, userAgent: null, sessionToken: token, subscriptions },
      })
      return { caller: createCallerFactory(appRouter)(ctx, { signal }), sessionId: session?.id ?? '' }
    }

    const closing = new AbortController()
    const first = socket(closing.signal)
    const closed = (await first.caller.admin.badges.live())[Symbol.asyncIterator]()
    expect((await closed.next()).done).toBe(false)
    expect(subscriptions.active).toBe(1)
    // The page goes away: the subscription ends and its slot is free again.
    const afterClose = closed.next()
    closing.abort()
    expect((await afterClose).done).toBe(true)
    await vi.waitFor(() => expect(subscriptions.active).toBe(0))

    const signingOut = new AbortController()
    const second = socket(signingOut.signal)
    const live = (await second.caller.admin.badges.live())[Symbol.asyncIterator]()
    try {
      expect((await live.next()).done).toBe(false)
      const afterSignOut = live.next()
      await world.services.bus.listening('admin', communityA)
      invalidateSession(world.db, second.sessionId)
      await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' }))
      // The next change finds the session over: no more counts on that connection.
      expect((await afterSignOut).done).toBe(true)
      await vi.waitFor(() => expect(subscriptions.active).toBe(0))
    } finally {
      signingOut.abort()
      await live.return?.()
    }
  })

  it('admin.dashboard.log mostra só as ações de A', async () => {
    await moderatorB.caller.admin.listings.remove({ id: listingB, reason: 'spam' })
    const listingA = createListing(world.db, { sellerId: memberA.id, title: 'Calculadora da Univille' })
    await moderatorA.caller.admin.listings.remove({ id: listingA, reason: 'violation' })
    for (const staff of [moderatorA, adminA]) {
      const log = await staff.caller.admin.dashboard.log()
      expect(log.map((line) => [line.actionType, line.targetType, line.targetId])).toEqual([
        ['remove_listing', 'listing', listingA],
      ])
    }
    await moderatorB.caller.events.reject({ id: pendingEventB, reason: 'Fora das regras' })
    const logB = await moderatorB.caller.admin.dashboard.log()
    expect(logB.map((line) => [line.actionType, line.targetType, line.targetId, line.reason])).toEqual([
      ['reject_event', 'event', pendingEventB, 'Fora das regras'],
      ['remove_listing', 'listing', listingB, 'Spam ou duplicado'],
      ['approve_event', 'event', approvedEventB, null],
    ])
  })
})

describe('subcategorias: valem para todas as comunidades (por projeto)', () => {
  it('uma subcategoria criada por um admin de A aparece para B, e só admins a mudam', async () => {
    const main = world.db.select().from(mainCategories).get()
    if (!main) throw new Error('categoria ausente')
    const { id } = await adminA.caller.admin.subcategories.create({
      name: 'Instrumentos musicais',
      mainCategoryId: main.id,
      description: null,
      icon: '🎸',
    })
    expect((await adminB.caller.admin.subcategories.list()).map((s) => s.id)).toContain(id)
    const visitorOfB = callerFor(world.services, null).caller
    const categories = await visitorOfB.listings.categories({ communitySlug: 'udesc' })
    expect(categories.flatMap((category) => category.subcategories.map((s) => s.id))).toContain(id)
    const count = () => world.db.select({ total: sql<number>`count(*)` }).from(subcategories).get()?.total
    const before = count()
    await expectTRPCError(moderatorB.caller.admin.subcategories.delete({ id }), 'FORBIDDEN')
    expect(count()).toBe(before)
  })
})

describe('sem comunidade, uma conta da equipe não alcança nenhuma', () => {
  it('um admin e um moderador sem comunidade não veem nem mudam nada de A', async () => {
    const stray = async (kind: 'admin' | 'moderator') => {
      const overrides = {
        password: undefined,
        communityId: null,
        email: `sem${kind}${Date.now()}@exemplo.br`,
      }
      const created =
        kind === 'admin'
          ? await createAdmin(world.db, overrides)
          : await createStudent(world.db, { member: true, ...overrides, roles: ['user', 'moderator'] })
      return person(created.id)
    }
    const strayAdmin = await stray('admin')
    const strayModerator = await stray('moderator')
    // A has something of every kind, and a line in its moderation log.
    const pendingA = await account('pending', 'univille')
    const listingA = createListing(world.db, { sellerId: memberA.id, title: 'Calculadora da Univille' })
    await moderatorA.caller.admin.listings.remove({
      id: createListing(world.db, { sellerId: memberA.id, title: 'Anúncio repetido' }),
      reason: 'spam',
    })
    const pendingEventA = (await memberA.caller.events.create(eventInput({ title: 'Palestra da Univille' })))
      .id
    const bannerA = (
      await adminA.caller.admin.banners.create({ ...bannerInput, title: 'Banner da Univille' })
    ).id
    const refused = (call: () => Promise<unknown>) => expectRefusedWithoutChange(call, communityA)

    expect(await strayAdmin.caller.admin.users.list({})).toEqual([])
    await refused(() => strayAdmin.caller.admin.users.approve({ userId: pendingA.id }))
    await refused(() => strayAdmin.caller.admin.users.setRoles({ userId: memberA.id, roles: ['admin'] }))
    await refused(() => strayAdmin.caller.admin.users.delete({ userId: memberA.id }))
    expect(await strayAdmin.caller.admin.banners.list()).toEqual([])
    await refused(() => strayAdmin.caller.admin.banners.update({ id: bannerA, ...bannerInput }))
    await refused(() => strayAdmin.caller.admin.banners.setActive({ id: bannerA, active: false }))
    await refused(() => strayAdmin.caller.admin.banners.delete({ id: bannerA }))
    // A banner needs a community to belong to: none is created, in A or anywhere.
    const banners = () => world.db.select({ id: advertisements.id }).from(advertisements).all()
    const bannersBefore = banners()
    await expectTRPCError(
      strayAdmin.caller.admin.banners.create({ ...bannerInput, title: 'Banner de ninguém' }),
    )
    expect(banners()).toEqual(bannersBefore)

    for (const staff of [strayModerator, strayAdmin]) {
      expect(await staff.caller.admin.listings.list({})).toEqual([])
      await refused(() => staff.caller.admin.listings.remove({ id: listingA, reason: 'spam' }))
      expect(await staff.caller.events.moderation({})).toEqual([])
      await refused(() => staff.caller.events.approve({ id: pendingEventA }))
      await refused(() => staff.caller.events.reject({ id: pendingEventA, reason: 'Fora das regras' }))
      await refused(() => staff.caller.events.byId({ id: pendingEventA }))
      const summary = await staff.caller.admin.dashboard.summary()
      expect({ ...summary, weeks: undefined }).toEqual({
        users: { total: 0, pending: 0 },
        listings: { active: 0, removed: 0 },
        pendingEvents: 0,
        activeBanners: 0,
        weeks: undefined,
        // No instance upkeep in these services (and none for a staff account without a community).
        backup: null,
      })
      expect(summary.weeks.every((week) => week.signUps === 0 && week.listings === 0)).toBe(true)
      expect(await staff.caller.admin.badges.counts()).toEqual({
        pendingUsers: 0,
        pendingEvents: 0,
        openReports: 0,
      })
      expect(await staff.caller.admin.dashboard.log()).toEqual([])
    }
    const abort = new AbortController()
    const { caller } = callerFor(world.services, { userId: strayModerator.id }, {}, { signal: abort.signal })
    const live = (await caller.admin.badges.live())[Symbol.asyncIterator]()
    try {
      expect((await live.next()).value).toEqual({ pendingUsers: 0, pendingEvents: 0, openReports: 0 })
    } finally {
      abort.abort()
      await live.return?.()
    }
  })
})
