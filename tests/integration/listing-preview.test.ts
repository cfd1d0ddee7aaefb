import { beforeEach, describe, expect, it } from 'vitest'
import { expectAppError, expectTRPCError } from '../support/assertions'
import {
  callerFor,
  createMarketScene,
  createMember,
  type MarketScene,
  setUpTestWorld,
} from '../support/test-app'

const world = setUpTestWorld()

const TITLE = 'Apostila vazada da prova final'

/** Set by beforeEach: a seller's listing, a buyer's conversation about it, a moderator. */
let scene: MarketScene

beforeEach(async () => {
  scene = await createMarketScene(world, {
    title: TITLE,
    priceCents: 2500,
  })
  await scene.buyer.caller.listings.setFavorite({ id: scene.listingId, favorite: true })
  await scene.buyer.caller.chat.send({ conversationId: scene.conversationId, content: 'Ainda tem?' })
})

describe('Admin → Anúncios: a prévia de moderação', () => {
  it('mostra um anúncio removido com o estado e o motivo, só para a equipe da comunidade', async () => {
    await scene.moderator.caller.admin.listings.remove({
      id: scene.listingId,
      reason: 'other',
      details: 'Material de prova',
    })
    const preview = await scene.moderator.caller.admin.listings.preview({ id: scene.listingId })
    expect(preview).toMatchObject({
      id: scene.listingId,
      title: TITLE,
      priceCents: 2500,
      status: 'ativo',
      moderationStatus: 'removed',
      removalReason: 'Material de prova',
      isLive: false,
      seller: { username: scene.seller.username },
    })
    // Read-only: opening it counts no view.
    expect((await scene.moderator.caller.admin.listings.preview({ id: scene.listingId })).views).toBe(0)
    await expectTRPCError(scene.buyer.caller.admin.listings.preview({ id: scene.listingId }), 'FORBIDDEN')
    await expectTRPCError(scene.seller.caller.admin.listings.preview({ id: scene.listingId }), 'FORBIDDEN')
  })

  it('mostra anúncios vendidos e inativos, que a página do produto recusa', async () => {
    for (const status of ['vendido', 'inativo'] as const) {
      await scene.seller.caller.listings.setStatus({ id: scene.listingId, status })
      await expectAppError(scene.moderator.caller.listings.byId({ id: scene.listingId }), 'LISTING_NOT_FOUND')
      expect(await scene.moderator.caller.admin.listings.preview({ id: scene.listingId })).toMatchObject({
        status,
        moderationStatus: 'active',
        isLive: false,
      })
    }
  })

  it('a equipe de outra comunidade não abre a prévia', async () => {
    const stranger = await createMember(world, { community: 'udesc', roles: ['user', 'moderator'] })
    await expectAppError(stranger.caller.admin.listings.preview({ id: scene.listingId }), 'LISTING_NOT_FOUND')
    await expectAppError(stranger.caller.admin.listings.preview({ id: 999_999 }), 'LISTING_NOT_FOUND')
  })
})

describe('um anúncio removido nunca chega a quem não é da equipe', () => {
  it('por nenhum procedimento', async () => {
    await scene.moderator.caller.admin.listings.remove({ id: scene.listingId, reason: 'violation' })
    const viewer = scene.buyer.caller
    const mentions = (value: unknown) => JSON.stringify(value).includes(TITLE)

    await expectAppError(viewer.listings.byId({ id: scene.listingId }), 'LISTING_NOT_FOUND')
    expect(mentions(await viewer.listings.list({}))).toBe(false)
    expect(mentions(await viewer.listings.list({ q: 'apostila' }))).toBe(false)
    expect(mentions(await viewer.listings.featured())).toBe(false)
    expect(mentions(await callerFor(world.services, null).caller.listings.list({}))).toBe(false)
    expect(mentions(await viewer.profiles.byUsername({ username: scene.seller.username }))).toBe(false)
    // Meus favoritos keeps the place, not the content.
    const favorites = await viewer.listings.favorites()
    expect(favorites).toEqual([{ id: scene.listingId, availability: 'removido', listing: null }])
    // The chat keeps the conversation, without the listing.
    expect(mentions(await viewer.chat.conversations())).toBe(false)
    expect((await viewer.chat.conversation({ conversationId: scene.conversationId })).listing).toBeNull()
    await expectAppError(viewer.chat.start({ listingId: scene.listingId }), 'LISTING_NOT_FOUND')
    await expectAppError(viewer.listings.setVupt({ id: scene.listingId, vupt: true }), 'LISTING_NOT_FOUND')
    await expectAppError(
      viewer.listings.setFavorite({ id: scene.listingId, favorite: true }),
      'LISTING_NOT_FOUND',
    )
    await expectAppError(
      viewer.safety.report({ targetType: 'listing', targetId: scene.listingId, reason: 'scam' }),
      'REPORT_TARGET_NOT_FOUND',
    )
    await expectTRPCError(viewer.admin.listings.preview({ id: scene.listingId }), 'FORBIDDEN')
    await expectTRPCError(viewer.admin.listings.list({ filter: 'removed' }), 'FORBIDDEN')
    // Its scene.seller still reads it, and why, in Meus Produtos and on its page.
    const own = await scene.seller.caller.listings.byId({ id: scene.listingId })
    expect(own).toMatchObject({ moderationStatus: 'removed', removalReason: 'Violação de regras' })
  })
})
