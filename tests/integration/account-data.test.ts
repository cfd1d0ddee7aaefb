import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { wantedMatches, wantedPosts } from '../../server/db/schema'
import type { WantedInput } from '../../shared/schemas/wanted'
import { firstSubcategoryOf, sellFormInput } from '../support/listings'
import { callerFor, createMember, setUpTestWorld, TEST_PASSWORD, type TestMember } from '../support/test-app'

const world = setUpTestWorld()

const desapegos = () => firstSubcategoryOf(world.db, 'desapegos')

const wanted = (title: string): WantedInput => ({
  title,
  mainCategoryId: desapegos().mainCategoryId,
  maxPriceCents: 8000,
  days: 14,
})

/** Publishes through the procedure, as the sell form does, so the matching runs. */
const publish = (seller: TestMember, title: string) =>
  seller.caller.listings.create(
    sellFormInput(world.db, seller.id, {
      title,
      description: `${title}, funcionando perfeitamente e com manual.`,
      priceCents: 6000,
      ...desapegos(),
    }),
  )

/** A member who can delete their own account: signed in with the test password. */
async function memberWithPassword(fullName: string) {
  const account = await createStudent(world.db, { member: true, fullName })
  return { ...account, caller: callerFor(world.services, { userId: account.id }).caller }
}

describe('exclusão da conta e o Procura-se', () => {
  it('os pedidos da conta excluída saem do quadro e deixam de combinar com anúncios novos', async () => {
    const poster = await memberWithPassword('Quem Procura')
    const seller = await createMember(world)
    const { id: wantedId } = await poster.caller.wanted.create(wanted('Calculadora científica'))
    const { id: answered } = await publish(seller, 'Calculadora científica HP')
    expect((await seller.caller.listings.byId({ id: answered })).wantedMatches).toHaveLength(1)

    await poster.caller.account.deleteAccount({ password: TEST_PASSWORD })

    expect((await seller.caller.wanted.board()).items.map((item) => item.id)).not.toContain(wantedId)
    expect((await seller.caller.listings.byId({ id: answered })).wantedMatches).toEqual([])
    const { id: later } = await publish(seller, 'Calculadora científica Casio')
    expect((await seller.caller.listings.byId({ id: later })).wantedMatches).toEqual([])
    expect(world.db.select().from(wantedPosts).where(eq(wantedPosts.posterId, poster.id)).all()).toEqual([])
    expect(world.db.select().from(wantedMatches).all()).toEqual([])
  })
})

describe('exportação dos dados', () => {
  it('traz os pedidos, as denúncias feitas e os bloqueios, e nada de quem denunciou a pessoa', async () => {
    const me = await memberWithPassword('Pessoa Que Exporta')
    const reported = await createMember(world, { fullName: 'Pessoa Denunciada' })
    const blocked = await createMember(world, { fullName: 'Pessoa Bloqueada' })
    const reporter = await createMember(world, { fullName: 'Quem Me Denunciou' })
    const { id: wantedId } = await me.caller.wanted.create(wanted('Livro de cálculo'))
    await me.caller.safety.report({
      targetType: 'user',
      targetId: reported.id,
      reason: 'scam',
      details: 'Pediu Pix adiantado.',
    })
    await me.caller.safety.block({ userId: blocked.id })
    await reporter.caller.safety.report({
      targetType: 'user',
      targetId: me.id,
      reason: 'harassment',
      details: 'Denúncia sigilosa de outra pessoa.',
    })
    // Someone else's post, report and block are not the member's data.
    await reporter.caller.wanted.create(wanted('Mochila de outra pessoa'))
    await reporter.caller.safety.block({ userId: reported.id })

    const data = await me.caller.account.exportData()
    expect(data.wantedPosts.map((post) => [post.id, post.title, post.status])).toEqual([
      [wantedId, 'Livro de cálculo', 'open'],
    ])
    expect(data.reportsMade).toEqual([
      expect.objectContaining({
        targetType: 'user',
        about: 'Pessoa Denunciada',
        reason: 'scam',
        details: 'Pediu Pix adiantado.',
        status: 'open',
      }),
    ])
    expect(data.blocked.map((block) => [block.userId, block.fullName])).toEqual([
      [blocked.id, 'Pessoa Bloqueada'],
    ])
    const text = JSON.stringify(data)
    expect(text).not.toContain('Quem Me Denunciou')
    expect(text).not.toContain(reporter.username)
    expect(text).not.toContain('Denúncia sigilosa')
    expect(text).not.toContain('Mochila de outra pessoa')
  })
})
