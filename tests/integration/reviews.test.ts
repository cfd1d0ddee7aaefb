import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createCommunity,
  createConfirmedMeeting,
  createConversation,
  createListing,
  createStudent,
} from '../../server/db/factories'
import { rowWhere } from '../../server/db/rows'
import { meetings, moderationLog, notifications, reviews, users } from '../../server/db/schema'
import { expectAppError, expectValidationMessage } from '../support/assertions'
import { expectListingActionRefused } from '../support/reports'
import {
  callerFor,
  createMarketScene,
  createMember,
  type MarketScene,
  mailAfterResponse,
  setUpTestWorld,
  type TestMember,
} from '../support/test-app'

const world = setUpTestWorld()
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

let scene: MarketScene
let seller: TestMember
let buyer: TestMember
let meetingId: number

beforeEach(async () => {
  scene = await createMarketScene(world, { title: 'Calculadora HP 12c', priceCents: 15000 })
  seller = scene.seller
  buyer = scene.buyer
  meetingId = createConfirmedMeeting(world.db, { conversationId: scene.conversationId }).id
})

afterEach(() => {
  vi.useRealTimers()
})

/** Refused as if the hand-off did not exist: whatever the reason, nothing about it is revealed. */
const expectNoHandoff = (call: Promise<unknown>) =>
  expectAppError(call, 'REVIEW_HANDOFF_NOT_FOUND', 'NOT_FOUND')

const profileOf = (viewer: TestMember, who: TestMember) =>
  viewer.caller.profiles.byUsername({ username: who.username })

/** A buyer of another listing of the seller, with a confirmed hand-off: one more person to review them. */
async function anotherConfirmedBuyer(sellerOf: TestMember) {
  const other = await createMember(world)
  const listingId = createListing(world.db, { sellerId: sellerOf.id, title: 'Livro de cálculo' })
  const conversationId = createConversation(world.db, other.id, sellerOf.id, listingId)
  return { member: other, meetingId: createConfirmedMeeting(world.db, { conversationId }).id }
}

describe('avaliações de uma entrega confirmada', () => {
  it('cada lado avalia o outro uma vez, quem foi avaliado é avisado e o perfil mostra', async () => {
    const { id } = await buyer.caller.deals.reviews.create({
      meetingId,
      stars: 5,
      comment: 'Pontual e educado',
    })
    await seller.caller.deals.reviews.create({ meetingId, stars: 4 })
    await mailAfterResponse()

    const stored = world.db.select().from(reviews).where(eq(reviews.id, id)).get()
    expect(stored).toMatchObject({ reviewerId: buyer.id, revieweeId: seller.id, stars: 5 })
    const notice = world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'review_received')))
      .get()
    expect(notice?.link).toBe(`/perfil/${seller.username}`)
    const sellerEmail = rowWhere(world.db, users, 'id', seller.id, ['email'])?.email
    expect(world.services.mailer.sent.some((mail) => mail.to === sellerEmail)).toBe(true)

    const profile = await profileOf(scene.moderator, seller)
    expect(profile.reviews.reviewsCount).toBe(1)
    expect(profile.reviews.confirmedHandoffs).toBe(1)
    // One review is no reputation: no average below three.
    expect(profile.reviews.average).toBeNull()
    expect(profile.reviews.latest).toEqual([
      expect.objectContaining({ stars: 5, comment: 'Pontual e educado', asSeller: true, reply: null }),
    ])
    const buyerProfile = await profileOf(seller, buyer)
    expect(buyerProfile.reviews.confirmedHandoffs).toBe(0)
    expect(buyerProfile.reviews.latest).toEqual([expect.objectContaining({ stars: 4, asSeller: false })])
  })

  it('no perfil, só quem modera vê "Remover", e cada avaliação diz se conta na média', async () => {
    const { id } = await buyer.caller.deals.reviews.create({ meetingId, stars: 5 })
    const asModerator = await profileOf(scene.moderator, seller)
    expect(asModerator.reviews.latest).toEqual([
      expect.objectContaining({ id, canRemove: true, counted: true }),
    ])
    const asBuyer = await profileOf(buyer, seller)
    const asSeller = await profileOf(seller, seller)
    expect(asBuyer.reviews.latest).toEqual([expect.objectContaining({ id, canRemove: false })])
    expect(asSeller.reviews.latest).toEqual([expect.objectContaining({ id, canRemove: false })])
    world.db.update(reviews).set({ counted: false }).where(eq(reviews.id, id)).run()
    const later = await profileOf(buyer, seller)
    expect(later.reviews.latest).toEqual([expect.objectContaining({ id, counted: false })])
    expect(later.reviews.reviewsCount).toBe(0)
  })

  it('sem entrega confirmada não há avaliação', async () => {
    world.db
      .update(meetings)
      .set({ status: 'combinada', confirmedAt: null })
      .where(eq(meetings.id, meetingId))
      .run()
    await expectNoHandoff(buyer.caller.deals.reviews.create({ meetingId, stars: 5 }))
    await expectNoHandoff(buyer.caller.deals.reviews.create({ meetingId: meetingId + 1000, stars: 5 }))
    await expectNoHandoff(buyer.caller.deals.reviews.forHandoff({ meetingId }))
    expect(world.db.select().from(reviews).all()).toEqual([])
  })

  it('um terceiro membro não avalia a entrega dos outros', async () => {
    const intruder = await createMember(world)
    await expectNoHandoff(intruder.caller.deals.reviews.create({ meetingId, stars: 1 }))
    await expectNoHandoff(intruder.caller.deals.reviews.forHandoff({ meetingId }))
    expect(await intruder.caller.deals.reviews.pending({})).toEqual([])
    expect(world.db.select().from(reviews).all()).toEqual([])
  })

  it('não avalia duas vezes a mesma entrega', async () => {
    await buyer.caller.deals.reviews.create({ meetingId, stars: 5 })
    await expectAppError(
      buyer.caller.deals.reviews.create({ meetingId, stars: 1 }),
      'REVIEW_ALREADY_SENT',
      'CONFLICT',
    )
    expect(world.db.select().from(reviews).all()).toHaveLength(1)
    expect(await buyer.caller.deals.reviews.pending({})).toEqual([])
  })

  it('ninguém avalia a si mesmo, nem numa entrega forjada com a mesma pessoa dos dois lados', async () => {
    world.db.update(meetings).set({ sellerId: buyer.id }).where(eq(meetings.id, meetingId)).run()
    await expectAppError(
      buyer.caller.deals.reviews.create({ meetingId, stars: 5 }),
      'REVIEW_SELF',
      'BAD_REQUEST',
    )
    expect(world.db.select().from(reviews).all()).toEqual([])
  })

  it('quem bloqueou ou foi bloqueado não avalia nem é avaliado', async () => {
    await seller.caller.safety.block({ userId: buyer.id })
    await expectNoHandoff(buyer.caller.deals.reviews.create({ meetingId, stars: 1 }))
    await expectNoHandoff(seller.caller.deals.reviews.create({ meetingId, stars: 1 }))
    expect(await buyer.caller.deals.reviews.pending({})).toEqual([])
    await seller.caller.safety.unblock({ userId: buyer.id })
    await buyer.caller.safety.block({ userId: seller.id })
    await expectNoHandoff(seller.caller.deals.reviews.create({ meetingId, stars: 1 }))
    expect(world.db.select().from(reviews).all()).toEqual([])
  })

  it('avalia até 14 dias depois da confirmação, não depois', async () => {
    const confirmedAt = new Date()
    world.db.update(meetings).set({ confirmedAt }).where(eq(meetings.id, meetingId)).run()
    vi.useFakeTimers({ toFake: ['Date'], now: confirmedAt.getTime() + 14 * DAY_MS + 60_000 })
    await expectAppError(
      buyer.caller.deals.reviews.create({ meetingId, stars: 5 }),
      'REVIEW_WINDOW_CLOSED',
      'BAD_REQUEST',
    )
    expect((await buyer.caller.deals.reviews.forHandoff({ meetingId })).canReview).toBe(false)
    expect(await buyer.caller.deals.reviews.pending({})).toEqual([])
    vi.setSystemTime(confirmedAt.getTime() + 13 * DAY_MS)
    await buyer.caller.deals.reviews.create({ meetingId, stars: 5 })
  })

  it('edita a avaliação nas primeiras 48 horas, não depois', async () => {
    const sentAt = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: sentAt })
    const { id } = await buyer.caller.deals.reviews.create({ meetingId, stars: 2, comment: 'Atrasou' })
    vi.setSystemTime(sentAt + 47 * HOUR_MS)
    await buyer.caller.deals.reviews.edit({ reviewId: id, stars: 4, comment: 'Atrasou, mas avisou' })
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()).toMatchObject({
      stars: 4,
      comment: 'Atrasou, mas avisou',
    })
    vi.setSystemTime(sentAt + 48 * HOUR_MS + 60_000)
    await expectAppError(
      buyer.caller.deals.reviews.edit({ reviewId: id, stars: 1 }),
      'REVIEW_EDIT_CLOSED',
      'BAD_REQUEST',
    )
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()?.stars).toBe(4)
    // Nobody edits someone else's review.
    vi.setSystemTime(sentAt)
    await expectAppError(
      seller.caller.deals.reviews.edit({ reviewId: id, stars: 5 }),
      'REVIEW_NOT_FOUND',
      'NOT_FOUND',
    )
  })

  it('estrelas de 1 a 5 e comentário de até 500 caracteres, sem caracteres de controle', async () => {
    await expectValidationMessage(
      buyer.caller.deals.reviews.create({ meetingId, stars: 6 }),
      'Escolha de 1 a 5 estrelas',
    )
    await expectValidationMessage(
      buyer.caller.deals.reviews.create({ meetingId, stars: 0 }),
      'Escolha de 1 a 5 estrelas',
    )
    await expectValidationMessage(
      buyer.caller.deals.reviews.create({ meetingId, stars: 5, comment: 'a'.repeat(501) }),
      'Comentário muito longo (máximo de 500 caracteres)',
    )
    const { id } = await buyer.caller.deals.reviews.create({
      meetingId,
      stars: 5,
      comment: ' Ótimo\u0000 negócio\u001b ',
    })
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()?.comment).toBe('Ótimo negócio')
  })
})

describe('resposta de quem foi avaliado', () => {
  it('só quem foi avaliado responde, uma vez, e a resposta aparece no perfil', async () => {
    const { id } = await buyer.caller.deals.reviews.create({ meetingId, stars: 3, comment: 'Demorou' })
    const intruder = await createMember(world)
    await expectAppError(
      intruder.caller.deals.reviews.reply({ reviewId: id, reply: 'Mentira' }),
      'REVIEW_REPLY_NOT_ALLOWED',
      'FORBIDDEN',
    )
    await expectAppError(
      buyer.caller.deals.reviews.reply({ reviewId: id, reply: 'Eu mesmo' }),
      'REVIEW_REPLY_NOT_ALLOWED',
      'FORBIDDEN',
    )
    await seller.caller.deals.reviews.reply({ reviewId: id, reply: 'O ônibus atrasou, desculpe!' })
    await expectAppError(
      seller.caller.deals.reviews.reply({ reviewId: id, reply: 'De novo' }),
      'REVIEW_REPLY_ALREADY_SENT',
      'CONFLICT',
    )
    const profile = await profileOf(intruder, seller)
    expect(profile.reviews.latest).toEqual([
      expect.objectContaining({ comment: 'Demorou', reply: 'O ônibus atrasou, desculpe!', canReply: false }),
    ])
    await expectValidationMessage(
      seller.caller.deals.reviews.reply({ reviewId: id, reply: 'a'.repeat(501) }),
      'Resposta muito longa (máximo de 500 caracteres)',
    )
  })
})

describe('moderação de avaliações', () => {
  it('um moderador da comunidade remove; um de outra comunidade não encontra', async () => {
    const { id } = await buyer.caller.deals.reviews.create({ meetingId, stars: 1, comment: 'Golpista!!!' })
    const other = createCommunity(world.db)
    const outsider = await createStudent(world.db, {
      member: true,
      email: `mod@${other.emailDomain}`,
      communityId: other.id,
      roles: ['user', 'moderator'],
    })
    const foreignModerator = callerFor(world.services, { userId: outsider.id }).caller
    await expectAppError(
      foreignModerator.deals.reviews.remove({ reviewId: id, reason: 'Ofensivo' }),
      'REVIEW_NOT_FOUND',
      'NOT_FOUND',
    )
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()?.removedAt).toBeNull()

    await scene.moderator.caller.deals.reviews.remove({ reviewId: id, reason: 'Acusação sem prova' })
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()?.removedAt).toBeInstanceOf(Date)
    expect(
      world.db.select().from(moderationLog).where(eq(moderationLog.actionType, 'remove_review')).all(),
    ).toEqual([
      expect.objectContaining({
        moderatorId: scene.moderator.id,
        targetType: 'review',
        targetId: id,
        reason: 'Acusação sem prova',
      }),
    ])
    const profile = await profileOf(buyer, seller)
    expect(profile.reviews.latest).toEqual([])
    expect(profile.reviews.reviewsCount).toBe(0)
    // A removed review is nothing to reply to, nor to edit.
    await expectAppError(
      seller.caller.deals.reviews.reply({ reviewId: id, reply: 'Obrigado' }),
      'REVIEW_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      buyer.caller.deals.reviews.edit({ reviewId: id, stars: 5 }),
      'REVIEW_NOT_FOUND',
      'NOT_FOUND',
    )
  })

  it('é denunciada pelo fluxo de denúncias e removida pela fila da moderação', async () => {
    const { id } = await buyer.caller.deals.reviews.create({
      meetingId,
      stars: 1,
      comment: 'Vendedor caloteiro',
    })
    await expectAppError(
      buyer.caller.safety.report({ targetType: 'review', targetId: id, reason: 'harassment' }),
      'REPORT_SELF',
      'BAD_REQUEST',
    )
    // A review removed or of another community is not there to report.
    await expectAppError(
      seller.caller.safety.report({ targetType: 'review', targetId: id + 1000, reason: 'harassment' }),
      'REPORT_TARGET_NOT_FOUND',
      'NOT_FOUND',
    )
    await seller.caller.safety.report({ targetType: 'review', targetId: id, reason: 'harassment' })
    const queue = await scene.moderator.caller.admin.reports.queue()
    expect(queue).toEqual([
      expect.objectContaining({
        targetType: 'review',
        targetId: id,
        snapshot: expect.objectContaining({ type: 'review', stars: 1, comment: 'Vendedor caloteiro' }),
        person: expect.objectContaining({ userId: buyer.id }),
      }),
    ])
    await scene.moderator.caller.admin.reports.resolve({
      targetType: 'review',
      targetId: id,
      action: 'remove_review',
      note: 'Acusação sem prova',
    })
    expect(world.db.select().from(reviews).where(eq(reviews.id, id)).get()?.removedAt).toBeInstanceOf(Date)
    expect(
      world.db.select().from(moderationLog).where(eq(moderationLog.actionType, 'remove_review')).all(),
    ).toEqual([expect.objectContaining({ targetType: 'review', targetId: id })])
    expect((await seller.caller.safety.myReports())[0]).toMatchObject({ resolution: 'review_removed' })
    // Removing a review is only the decision on a review's reports.
    await buyer.caller.safety.report({ targetType: 'listing', targetId: scene.listingId, reason: 'spam' })
    await expectListingActionRefused(scene, 'remove_review', 'Engano')
  })

  it('um membro comum não remove avaliações', async () => {
    const { id } = await buyer.caller.deals.reviews.create({ meetingId, stars: 1 })
    await expectAppError(
      seller.caller.deals.reviews.remove({ reviewId: id, reason: 'Não gostei' }),
      'FORBIDDEN',
      'FORBIDDEN',
    )
  })
})

describe('a média do vendedor', () => {
  it('aparece no card, na página do produto e no perfil só a partir de 3 avaliações', async () => {
    await buyer.caller.deals.reviews.create({ meetingId, stars: 5 })
    const second = await anotherConfirmedBuyer(seller)
    await second.member.caller.deals.reviews.create({ meetingId: second.meetingId, stars: 5 })

    const viewer = scene.moderator
    const cardOf = async () =>
      (await viewer.caller.listings.list({ sort: 'recent', limit: 24 })).items.find(
        (item) => item.id === scene.listingId,
      )
    expect((await cardOf())?.sellerAverage).toBeNull()
    expect((await viewer.caller.listings.byId({ id: scene.listingId })).seller.averageRating).toBeNull()
    expect((await profileOf(viewer, seller)).reviews).toMatchObject({ average: null, reviewsCount: 2 })

    const third = await anotherConfirmedBuyer(seller)
    const { id } = await third.member.caller.deals.reviews.create({ meetingId: third.meetingId, stars: 4 })
    expect((await cardOf())?.sellerAverage).toBeCloseTo(14 / 3)
    expect((await viewer.caller.listings.byId({ id: scene.listingId })).seller.averageRating).toBeCloseTo(
      14 / 3,
    )
    expect((await profileOf(viewer, seller)).reviews).toMatchObject({ reviewsCount: 3, confirmedHandoffs: 3 })
    expect((await profileOf(viewer, seller)).reviews.average).toBeCloseTo(14 / 3)

    // An edit moves the average; a removal takes it below three again.
    await third.member.caller.deals.reviews.edit({ reviewId: id, stars: 2 })
    expect((await cardOf())?.sellerAverage).toBeCloseTo(4)
    await viewer.caller.deals.reviews.remove({ reviewId: id, reason: 'Avaliação combinada' })
    expect((await cardOf())?.sellerAverage).toBeNull()
    expect((await profileOf(viewer, seller)).reviews).toMatchObject({ average: null, reviewsCount: 2 })
  })
})
