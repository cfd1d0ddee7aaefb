/**
 * A community never runs out of administrators (README, "Moderação"): not by a demotion, not by a
 * deletion through the panel, not by the last admin deleting their own account. Administrators of
 * another community do not count.
 */
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { valuesWhere } from '../../server/db/rows'
import { profiles, userRoles, users } from '../../server/db/schema'
import { validateSessionToken } from '../../server/people/auth/session'
import { expectTRPCError } from '../support/assertions'
import {
  callerFor,
  communityBySlug,
  createAdmin,
  openCommunity,
  setUpTestWorld,
  TEST_PASSWORD,
} from '../support/test-app'

const KEEP_ONE_ADMIN = 'A comunidade precisa de pelo menos um administrador.'
const LAST_ADMIN_SELF_DELETION =
  'Você é o último administrador da comunidade: promova outra pessoa antes de excluir a conta.'

const world = setUpTestWorld()

beforeEach(async () => {
  openCommunity(world.db, 'udesc')
})

const rolesOf = (userId: number) => valuesWhere(world.db, userRoles, 'userId', userId, 'role').sort()

const isDeleted = (userId: number) =>
  world.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).get()?.deletedAt !=
  null

/** The administrators of Univille, by user id. */
const adminsOfUniville = () =>
  world.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(
      and(eq(userRoles.role, 'admin'), eq(profiles.communityId, communityBySlug(world.db, 'univille').id)),
    )
    .orderBy(userRoles.userId)
    .all()
    .map((row) => row.userId)

/** An administrator of UDESC: never counted as one of Univille's. */
const adminOfAnotherCommunity = () =>
  createAdmin(world.db, {
    community: 'udesc',
  })

/**
 * Two administrators of Univille (and one elsewhere): the first demotes the second while a request
 * of the second, read as an admin when it arrived over HTTP, is still in flight.
 */
async function demotedWhileInFlight() {
  await adminOfAnotherCommunity()
  const first = await createAdmin(world.db)
  const second = await createAdmin(world.db)
  const secondInFlight = callerFor(world.services, { userId: second.id }).caller
  await callerFor(world.services, { userId: first.id }).caller.admin.users.setRoles({
    userId: second.id,
    roles: [],
  })
  return { first, secondInFlight }
}

describe('rebaixar um administrador', () => {
  it('com dois admins, um tira o acesso do outro (e encerra as sessões dele)', async () => {
    const first = await createAdmin(world.db)
    const second = await createAdmin(world.db)
    const secondSession = callerFor(world.services, { userId: second.id })
    const { caller } = callerFor(world.services, { userId: first.id })
    expect(await caller.admin.users.setRoles({ userId: second.id, roles: ['moderator'] })).toEqual({
      roles: ['user', 'moderator'],
    })
    expect(rolesOf(second.id)).toEqual(['moderator', 'user'])
    expect(validateSessionToken(world.db, secondSession.sessionToken ?? '')).toBeNull()
    expect(adminsOfUniville()).toEqual([first.id])
  })

  it('dois admins se rebaixando ao mesmo tempo: o segundo pedido é recusado e sobra um admin', async () => {
    const { first, secondInFlight } = await demotedWhileInFlight()
    await expectTRPCError(
      secondInFlight.admin.users.setRoles({ userId: first.id, roles: ['moderator'] }),
      'BAD_REQUEST',
      KEEP_ONE_ADMIN,
    )
    expect(rolesOf(first.id)).toEqual(['admin', 'user'])
    expect(adminsOfUniville()).toEqual([first.id])
  })

  it('o único admin não tira o próprio acesso', async () => {
    const only = await createAdmin(world.db)
    await expectTRPCError(
      callerFor(world.services, { userId: only.id }).caller.admin.users.setRoles({
        userId: only.id,
        roles: [],
      }),
      'BAD_REQUEST',
      'Você não pode remover o seu próprio acesso de administrador.',
    )
    expect(rolesOf(only.id)).toEqual(['admin', 'user'])
  })

  it('mudar os papéis de quem não é admin não depende de haver outro admin', async () => {
    const only = await createAdmin(world.db)
    const student = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: only.id })
    await caller.admin.users.setRoles({ userId: student.id, roles: ['moderator'] })
    expect(rolesOf(student.id)).toEqual(['moderator', 'user'])
    await caller.admin.users.setRoles({ userId: student.id, roles: [] })
    expect(rolesOf(student.id)).toEqual(['user'])
  })
})

describe('excluir pelo painel', () => {
  it('com dois admins, um exclui o outro', async () => {
    const first = await createAdmin(world.db)
    const second = await createAdmin(world.db)
    await callerFor(world.services, { userId: first.id }).caller.admin.users.delete({ userId: second.id })
    expect(isDeleted(second.id)).toBe(true)
    expect(adminsOfUniville()).toEqual([first.id])
  })

  it('ninguém se exclui pelo painel', async () => {
    const first = await createAdmin(world.db)
    await createAdmin(world.db)
    await expectTRPCError(
      callerFor(world.services, { userId: first.id }).caller.admin.users.delete({ userId: first.id }),
      'BAD_REQUEST',
      'Você não pode remover a sua própria conta por aqui.',
    )
    expect(isDeleted(first.id)).toBe(false)
  })

  it('quem acabou de perder o acesso não exclui o último admin', async () => {
    const { first, secondInFlight } = await demotedWhileInFlight()
    await expectTRPCError(
      secondInFlight.admin.users.delete({ userId: first.id }),
      'BAD_REQUEST',
      KEEP_ONE_ADMIN,
    )
    expect(isDeleted(first.id)).toBe(false)
    expect(adminsOfUniville()).toEqual([first.id])
  })

  it('excluir quem não é admin não depende de haver outro admin', async () => {
    const only = await createAdmin(world.db)
    const student = await createStudent(world.db, { member: true })
    await callerFor(world.services, { userId: only.id }).caller.admin.users.delete({ userId: student.id })
    expect(isDeleted(student.id)).toBe(true)
  })
})

describe('excluir a própria conta (Minha Conta)', () => {
  it('o último admin da comunidade não exclui a própria conta, mesmo com admins em outra', async () => {
    await adminOfAnotherCommunity()
    const only = await createAdmin(world.db)
    await expectTRPCError(
      callerFor(world.services, { userId: only.id }).caller.account.deleteAccount({
        password: TEST_PASSWORD,
      }),
      'BAD_REQUEST',
      LAST_ADMIN_SELF_DELETION,
    )
    expect(isDeleted(only.id)).toBe(false)
    expect(rolesOf(only.id)).toEqual(['admin', 'user'])
  })

  it('com outro admin na comunidade, o admin exclui a própria conta', async () => {
    const leaving = await createAdmin(world.db)
    const staying = await createAdmin(world.db)
    await callerFor(world.services, { userId: leaving.id }).caller.account.deleteAccount({
      password: TEST_PASSWORD,
    })
    expect(isDeleted(leaving.id)).toBe(true)
    expect(adminsOfUniville()).toEqual([staying.id])
  })

  it('quem não é admin exclui a própria conta mesmo numa comunidade sem admin', async () => {
    const student = await createStudent(world.db, {
      member: true,
      community: 'udesc',
    })
    await callerFor(world.services, { userId: student.id }).caller.account.deleteAccount({
      password: TEST_PASSWORD,
    })
    expect(isDeleted(student.id)).toBe(true)
  })
})
