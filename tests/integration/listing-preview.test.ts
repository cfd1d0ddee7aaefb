import { beforeEach, describe, expect, it } from 'vitest'
import { expectAppError, expectTRPCError } from '../support/assertions'
import {
  callerFor,
  communityBySlug,
  createMarketScene,
  createMember,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

const world = setUpTestWorld()

const TITLE = 'Apostila vazada da prova final'

let seller: TestMember
let buyer: TestMember
let moderator: TestMember
let listingId: number
let conversationId: number

beforeEach(async () => {
  ;({ seller, buyer, moderator, listingId, conversationId } = await createMarketScene(world, {
    title: TITLE,
    priceCents: 2500,
  }))
  await buyer.caller.listings.setFavorite({ id: listingId, favorite: true })
  await buyer.caller.chat.send({ conversationId, content: 'Ainda tem?' })
})

describe('Admin → Anúncios: a prévia de moderação', () => {
  it('mostra um anúncio removido com o estado e o motivo, só para a equipe da comunidade', async () => {
    await moderator.caller.admin.listings.remove({
      id: listingId,
      reason: 'other',
      details: 'Material de prova',
    })
    const preview = await moderator.caller.admin.listings.preview({ id: listingId })
    expect(preview).toMatchObject({
      id: listingId,
      title: TITLE,
      priceCents: 2500,
      status: 'ativo',
      moderationStatus: 'removed',
      removalReason: 'Material de prova',
      isLive: false,
      seller: { username: seller.username },
    })
    // Read-only: opening it counts no view.
    expect((await moderator.caller.admin.listings.preview({ id: listingId })).views).toBe(0)
    await expectTRPCError(buyer.caller.admin.listings.preview({ id: listingId }), 'FORBIDDEN')
    await expectTRPCError(seller.caller.admin.listings.preview({ id: listingId }), 'FORBIDDEN')
  })

  it('mostra anúncios vendidos e inativos, que a página do produto recusa', async () => {
    for (const status of ['vendido', 'inativo'] as const) {
      await seller.caller.listings.setStatus({ id: listingId, status })
      await expectAppError(moderator.caller.listings.byId({ id: listingId }), 'LISTING_NOT_FOUND')
      expect(await moderator.caller.admin.listings.preview({ id: listingId })).toMatchObject({
        status,
        moderationStatus: 'active',
        isLive: false,
      })
    }
  })

  it('a equipe de outra comunidade não abre a prévia', async () => {
    const udesc = communityBySlug(world.db, 'udesc')
    const stranger = await createMember(world, {
      roles: ['user', 'moderator'],
      communityId: udesc.id,
      email: `mod${Date.now()}@edu.udesc.br`,
    })
    await expectAppError(stranger.caller.admin.listings.preview({ id: listingId }), 'LISTING_NOT_FOUND')
    await expectAppError(stranger.caller.admin.listings.preview({ id: 999_999 }), 'LISTING_NOT_FOUND')
  })
})

describe('um anúncio removido nunca chega a quem não é da equipe', () => {
  it('por nenhum procedimento', async () => {
    await moderator.caller.admin.listings.remove({ id: listingId, reason: 'violation' })
    const viewer = buyer.caller
    const mentions = (value: unknown) => JSON.stringify(value).includes(TITLE)

    await expectAppError(viewer.listings.byId({ id: listingId }), 'LISTING_NOT_FOUND')
    expect(mentions(await viewer.listings.list({}))).toBe(false)
    expect(mentions(await viewer.listings.list({ q: 'apostila' }))).toBe(false)
    expect(mentions(await viewer.listings.featured())).toBe(false)
    expect(mentions(await callerFor(world.services, null).caller.listings.list({}))).toBe(false)
    expect(mentions(await viewer.profiles.byUsername({ username: seller.username }))).toBe(false)
    // Meus favoritos keeps the place, not the content.
    const favorites = await viewer.listings.favorites()
    expect(favorites).toEqual([{ id: listingId, availability: 'removido', listing: null }])
    // The chat keeps the conversation, without the listing.
    expect(mentions(await viewer.chat.conversations())).toBe(false)
    expect((await viewer.chat.conversation({ conversationId })).listing).toBeNull()
    await expectAppError(viewer.chat.start({ listingId }), 'LISTING_NOT_FOUND')
    await expectAppError(viewer.listings.setVupt({ id: listingId, vupt: true }), 'LISTING_NOT_FOUND')
    await expectAppError(viewer.listings.setFavorite({ id: listingId, favorite: true }), 'LISTING_NOT_FOUND')
    await expectAppError(
      viewer.safety.report({ targetType: 'listing', targetId: listingId, reason: 'scam' }),
      'REPORT_TARGET_NOT_FOUND',
    )
    await expectTRPCError(viewer.admin.listings.preview({ id: listingId }), 'FORBIDDEN')
    await expectTRPCError(viewer.admin.listings.list({ filter: 'removed' }), 'FORBIDDEN')
    // Its seller still reads it, and why, in Meus Produtos and on its page.
    const own = await seller.caller.listings.byId({ id: listingId })
    expect(own).toMatchObject({ moderationStatus: 'removed', removalReason: 'Violação de regras' })
  })
})
