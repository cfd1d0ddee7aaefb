import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { setMemberCourse } from '../../server/courses/legacy'
import { createCourseWithDisciplines } from '../../server/db/factories'
import { profiles, wantedJoins, wantedPosts } from '../../server/db/schema'
import type { WantedInput } from '../../shared/schemas/wanted'
import { wantersLabel } from '../../shared/wanted'
import { expectAppError } from '../support/assertions'
import { firstSubcategoryOf, sellFormInput } from '../support/listings'
import { createMember, setUpTestWorld, TEST_PASSWORD, type TestMember } from '../support/test-app'

const world = setUpTestWorld()

const wanted = (overrides: Partial<WantedInput> = {}): WantedInput => ({
  title: 'Calculadora científica',
  mainCategoryId: firstSubcategoryOf(world.db, 'desapegos').mainCategoryId,
  maxPriceCents: 8000,
  days: 14,
  ...overrides,
})

const publish = (seller: TestMember, title: string) =>
  seller.caller.listings.create(
    sellFormInput(world.db, seller.id, {
      title,
      description: `${title}, funcionando e com manual.`,
      priceCents: 6000,
      ...firstSubcategoryOf(world.db, 'desapegos'),
    }),
  )

const matchNotes = async (who: TestMember) =>
  (await who.caller.notifications.list()).items.filter((note) => note.kind === 'wanted_match')

let poster: TestMember
let fan: TestMember
let seller: TestMember

beforeEach(async () => {
  poster = await createMember(world)
  fan = await createMember(world)
  seller = await createMember(world)
})

describe('"Eu também" no Procura-se', () => {
  it('junta-se ao pedido em vez de duplicá-lo, conta as pessoas, e "Não procuro mais" sai', async () => {
    const { id } = await poster.caller.wanted.create(wanted())
    expect((await fan.caller.wanted.board()).items[0]).toMatchObject({
      id,
      wantersCount: 1,
      joinedByMe: false,
    })
    expect(await fan.caller.wanted.join({ id })).toEqual({ id, wantersCount: 2 })
    // Saying it twice changes nothing.
    expect(await fan.caller.wanted.join({ id })).toEqual({ id, wantersCount: 2 })
    expect((await fan.caller.wanted.board()).items[0]).toMatchObject({ wantersCount: 2, joinedByMe: true })
    expect((await seller.caller.wanted.board()).items[0]).toMatchObject({
      wantersCount: 2,
      joinedByMe: false,
    })
    expect(world.db.select().from(wantedPosts).all()).toHaveLength(1)
    expect(await fan.caller.wanted.leave({ id })).toEqual({ id, wantersCount: 1 })
    expect(await fan.caller.wanted.leave({ id })).toEqual({ id, wantersCount: 1 })
  })

  it('diz "1 pessoa procura" e "N pessoas procuram"', () => {
    expect(wantersLabel(1)).toBe('1 pessoa procura')
    expect(wantersLabel(12)).toBe('12 pessoas procuram')
  })

  it('quem pediu não se junta ao próprio pedido; pedido encerrado, de outra comunidade ou bloqueado não aceita', async () => {
    const { id } = await poster.caller.wanted.create(wanted())
    await expectAppError(poster.caller.wanted.join({ id }), 'WANTED_OWN_JOIN', 'BAD_REQUEST')
    const outsider = await createMember(world, { community: 'udesc' })
    await expectAppError(outsider.caller.wanted.join({ id }), 'WANTED_NOT_FOUND', 'NOT_FOUND')
    await poster.caller.safety.block({ userId: fan.id })
    await expectAppError(fan.caller.wanted.join({ id }), 'WANTED_NOT_FOUND', 'NOT_FOUND')
    const other = await createMember(world)
    await poster.caller.wanted.close({ id })
    await expectAppError(other.caller.wanted.join({ id }), 'WANTED_NOT_FOUND')
    expect(world.db.select().from(wantedJoins).all()).toEqual([])
  })

  it('a conta excluída sai da contagem', async () => {
    const { id } = await poster.caller.wanted.create(wanted())
    await fan.caller.wanted.join({ id })
    const leaving = await createMember(world, { password: TEST_PASSWORD })
    await leaving.caller.wanted.join({ id })
    expect((await seller.caller.wanted.board()).items[0]?.wantersCount).toBe(3)
    await leaving.caller.account.deleteAccount({ password: TEST_PASSWORD })
    expect((await seller.caller.wanted.board()).items[0]?.wantersCount).toBe(2)
  })

  it('ordena pelos mais procurados quando pedido, e pagina sem repetir nem pular', async () => {
    const few = await poster.caller.wanted.create(wanted({ title: 'Jaleco branco' }))
    const many = await poster.caller.wanted.create(wanted({ title: 'Atlas de anatomia' }))
    const some = await poster.caller.wanted.create(wanted({ title: 'Kit de desenho técnico' }))
    const alone = await poster.caller.wanted.create(wanted({ title: 'Régua T' }))
    const others = await Promise.all([1, 2, 3].map(() => createMember(world)))
    for (const member of others) await member.caller.wanted.join({ id: many.id })
    await others[0]?.caller.wanted.join({ id: some.id })
    await others[1]?.caller.wanted.join({ id: some.id })
    await others[2]?.caller.wanted.join({ id: few.id })
    const order = [many.id, some.id, few.id, alone.id]
    const first = await seller.caller.wanted.board({ sort: 'popular', limit: 2 })
    expect(first.items.map((item) => [item.id, item.wantersCount])).toEqual([
      [many.id, 4],
      [some.id, 3],
    ])
    const second = await seller.caller.wanted.board({ sort: 'popular', limit: 2, cursor: first.nextCursor })
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(order)
    expect(second.nextCursor).toBeNull()
    // Newest first stays the default.
    expect((await seller.caller.wanted.board()).items.map((item) => item.id)).toEqual([
      alone.id,
      some.id,
      many.id,
      few.id,
    ])
  })

  it('um anúncio que responde avisa quem pediu e todos que se juntaram, uma vez cada, nunca o vendedor nem quem bloqueou', async () => {
    const { id } = await poster.caller.wanted.create(wanted())
    const second = await poster.caller.wanted.create(wanted({ title: 'Calculadora científica Casio' }))
    await fan.caller.wanted.join({ id })
    await fan.caller.wanted.join({ id: second.id })
    await seller.caller.wanted.join({ id })
    const blocker = await createMember(world)
    await blocker.caller.wanted.join({ id })
    await blocker.caller.safety.block({ userId: seller.id })
    await publish(seller, 'Calculadora científica Casio fx-82')
    expect(await matchNotes(poster)).toHaveLength(1)
    const [note, ...more] = await matchNotes(fan)
    expect(more).toEqual([])
    expect(note?.title).toMatch(/^Alguém anunciou o que você procura: "Calculadora científica/)
    expect(await matchNotes(seller)).toEqual([])
    expect(await matchNotes(blocker)).toEqual([])
  })
})

describe('"Mais procurados do seu curso" em Vender', () => {
  const communityId = () =>
    world.db.select().from(profiles).where(eq(profiles.userId, seller.id)).get()?.communityId ?? 0
  const choose = (who: TestMember, course: { id: number; name: string } | null) =>
    setMemberCourse(
      world.db,
      who.id,
      course ? { course: course.name, courseId: course.id } : { course: null, courseId: null },
    )
  const course = (name: string) => ({
    name,
    id: createCourseWithDisciplines(world.db, communityId(), name).id,
  })

  it('mostra os pedidos que mais gente do curso do vendedor (pelo curso da lista) procura', async () => {
    const medicina = course('Medicina')
    const civil = course('Engenharia Civil')
    choose(seller, medicina)
    choose(poster, civil)
    const atlas = await poster.caller.wanted.create(wanted({ title: 'Atlas de anatomia' }))
    const jaleco = await poster.caller.wanted.create(wanted({ title: 'Jaleco branco' }))
    await poster.caller.wanted.create(wanted({ title: 'Régua T' }))
    const medics = await Promise.all([1, 2, 3].map(() => createMember(world)))
    for (const member of medics) choose(member, medicina)
    for (const member of medics) await member.caller.wanted.join({ id: atlas.id })
    await medics[0]?.caller.wanted.join({ id: jaleco.id })
    // Many from another course do not make it demand of Medicina.
    const engineers = await Promise.all([1, 2, 3, 4].map(() => createMember(world)))
    for (const member of engineers) {
      choose(member, civil)
      await member.caller.wanted.join({ id: jaleco.id })
    }
    // The profile's text alone, with no course of the list behind it, is not the course.
    const written = await createMember(world)
    world.db.update(profiles).set({ course: 'Medicina' }).where(eq(profiles.userId, written.id)).run()
    await written.caller.wanted.join({ id: jaleco.id })
    const own = await seller.caller.wanted.create(wanted({ title: 'Estetoscópio' }))
    await medics[1]?.caller.wanted.join({ id: own.id })

    const demand = await seller.caller.wanted.courseDemand()
    expect(demand.course).toBe('Medicina')
    expect(demand.items.map((item) => [item.title, item.courseWanters, item.wantersCount])).toEqual([
      ['Atlas de anatomia', 3, 4],
      ['Jaleco branco', 1, 7],
    ])
  })

  it('sem curso da lista no perfil, nada', async () => {
    choose(seller, null)
    world.db.update(profiles).set({ course: 'Medicina' }).where(eq(profiles.userId, seller.id)).run()
    await poster.caller.wanted.create(wanted())
    expect(await seller.caller.wanted.courseDemand()).toEqual({ course: null, items: [] })
  })
})
