import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  createConfirmedMeeting,
  createConversation,
  createEvent,
  createListing,
} from '../../server/db/factories'
import { alumni, listings, profiles } from '../../server/db/schema'
import { appRouter } from '../../server/routers/_app'
import { outcome } from '../support/assertions'
import { eventInput } from '../support/events'
import { sellFormInput } from '../support/listings'
import { ALWAYS_OPEN, insertMeetingSpot } from '../support/meeting-spots'
import { createMember, setUpTestWorld } from '../support/test-app'

/**
 * What an egresso may do (decision 0043), read against the real router: every mutation is either
 * publishing, refused to an egresso by assertMayPublish (and allowed again once they confirm), or named
 * here with the reason it is not publishing. A new mutation fails the first test until it is decided.
 */
const world = setUpTestWorld()

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** An egresso-to-be with something of each kind, and the people around them. */
async function sceneOfEgresso() {
  const egresso = await createMember(world)
  const seller = await createMember(world)
  const buyer = await createMember(world)
  const stranger = await createMember(world)
  const own = createListing(world.db, { sellerId: egresso.id, title: 'Jaleco M', priceCents: 8000 })
  // Listed long enough ago to be bumped.
  world.db
    .update(listings)
    .set({ listedAt: new Date(Date.now() - 8 * DAY) })
    .where(eq(listings.id, own))
    .run()
  const paused = createListing(world.db, { sellerId: egresso.id, title: 'Caneca', status: 'inativo' })
  const theirs = createListing(world.db, { sellerId: seller.id, title: 'Calculadora', priceCents: 9000 })
  const theirRuler = createListing(world.db, { sellerId: seller.id, title: 'Régua', priceCents: 1500 })
  const strangers = createListing(world.db, { sellerId: stranger.id, title: 'Livro de física' })
  // The egresso buys from `seller` and sells to `buyer`.
  const buying = createConversation(world.db, egresso.id, seller.id, theirs)
  const selling = createConversation(world.db, buyer.id, egresso.id, own)
  const offer = await buyer.caller.deals.offers.make({ conversationId: selling, amountCents: 7000 })
  const spotId = insertMeetingSpot(world.db, ALWAYS_OPEN)
  const bought = createConfirmedMeeting(world.db, { conversationId: buying }).id
  const sold = createConfirmedMeeting(world.db, { conversationId: selling }).id
  const ownReview = await egresso.caller.deals.reviews.create({
    meetingId: bought,
    stars: 5,
    comment: 'Ótimo',
  })
  const reviewOfEgresso = await buyer.caller.deals.reviews.create({
    meetingId: sold,
    stars: 4,
    comment: 'Bom',
  })
  const form = sellFormInput(world.db, egresso.id)
  const wanted = { title: 'Calculadora científica', mainCategoryId: form.mainCategoryId, days: 20 }
  const { id: wantedId } = await egresso.caller.wanted.create(wanted)
  const pendingEvent = createEvent(world.db, { organizerId: egresso.id, title: 'Feira', status: 'pendente' })
  world.db.insert(alumni).values({ userId: egresso.id, since: new Date() }).run()
  return {
    egresso,
    stranger,
    own,
    paused,
    strangers,
    buying,
    theirRuler,
    selling,
    offer,
    spotId,
    sold,
    ownReview,
    reviewOfEgresso,
    form,
    wanted,
    wantedId,
    pendingEvent,
  }
}
type Scene = Awaited<ReturnType<typeof sceneOfEgresso>>

type Decision = { publishes: (scene: Scene) => Promise<unknown> } | { doesNotPublish: string }

/** Every mutation of the router, decided. */
const EGRESSO: Record<string, Decision> = {
  'listings.create': { publishes: (s) => s.egresso.caller.listings.create(s.form) },
  'listings.update': { publishes: (s) => s.egresso.caller.listings.update({ id: s.own, ...s.form }) },
  // Sold and inactive take a listing down; only going live publishes.
  'listings.setStatus': {
    publishes: (s) => s.egresso.caller.listings.setStatus({ id: s.paused, status: 'ativo' }),
  },
  'listings.renew': { publishes: (s) => s.egresso.caller.listings.renew({ id: s.own }) },
  'listings.bump': { publishes: (s) => s.egresso.caller.listings.bump({ id: s.own }) },
  'listings.delete': { doesNotPublish: 'takes a listing down' },
  'listings.setFavorite': { doesNotPublish: 'a private list' },
  'listings.setVupt': { doesNotPublish: 'a count on someone else’s listing, no text' },
  'wanted.create': { publishes: (s) => s.egresso.caller.wanted.create(s.wanted) },
  'wanted.update': {
    publishes: (s) => s.egresso.caller.wanted.update({ id: s.wantedId, ...s.wanted, title: 'Régua T' }),
  },
  'wanted.close': { doesNotPublish: 'takes a post down' },
  'events.create': { publishes: (s) => s.egresso.caller.events.create(eventInput()) },
  'events.update': {
    publishes: (s) =>
      s.egresso.caller.events.update({ id: s.pendingEvent, ...eventInput({ title: 'Feira de trocas' }) }),
  },
  'events.cancel': { doesNotPublish: 'calls off an event already approved' },
  'events.setCapacity': { doesNotPublish: 'runs an event already approved, no text' },
  'events.checkIn': { doesNotPublish: 'runs the door of an event already approved' },
  'events.attend': { doesNotPublish: 'a seat, no text' },
  'events.unattend': { doesNotPublish: 'gives a seat back' },
  // A conversation the egresso already has goes on; a new one is refused.
  'chat.start': { publishes: (s) => s.egresso.caller.chat.start({ listingId: s.strangers }) },
  'chat.send': { doesNotPublish: 'a message in a conversation they have (chat.start guards new ones)' },
  'chat.markRead': { doesNotPublish: 'reading' },
  'deals.start': {
    publishes: (s) => s.egresso.caller.deals.start({ conversationId: s.buying, listingIds: [s.theirRuler] }),
  },
  'deals.setReserved': { doesNotPublish: 'a badge on listings already agreed, no text' },
  'chat.typing': { doesNotPublish: 'in a conversation they have' },
  'deals.offers.make': {
    publishes: (s) => s.egresso.caller.deals.offers.make({ conversationId: s.buying, amountCents: 8000 }),
  },
  'deals.offers.counter': {
    publishes: (s) => s.egresso.caller.deals.offers.counter({ offerId: s.offer.id, amountCents: 7500 }),
  },
  'deals.offers.accept': { doesNotPublish: 'answers an offer already made to them' },
  'deals.offers.decline': { doesNotPublish: 'answers an offer already made to them' },
  'deals.meetings.propose': {
    publishes: (s) =>
      s.egresso.caller.deals.meetings.propose({
        conversationId: s.selling,
        spotId: s.spotId,
        times: [Math.ceil((Date.now() + DAY) / HOUR) * HOUR],
      }),
  },
  'deals.meetings.pick': { doesNotPublish: 'answers a proposal already made to them' },
  'deals.meetings.cancel': { doesNotPublish: 'calls off a meeting, a reason only the other side reads' },
  'deals.meetings.handoffCode': { doesNotPublish: 'finishes a hand-off already agreed' },
  'deals.meetings.confirmHandoff': { doesNotPublish: 'finishes a hand-off already agreed' },
  'deals.reviews.create': {
    publishes: (s) =>
      s.egresso.caller.deals.reviews.create({ meetingId: s.sold, stars: 5, comment: 'Pontual' }),
  },
  'deals.reviews.edit': {
    publishes: (s) =>
      s.egresso.caller.deals.reviews.edit({
        reviewId: s.ownReview.id,
        stars: 3,
        comment: 'Atrasou um pouco',
      }),
  },
  'deals.reviews.reply': {
    publishes: (s) =>
      s.egresso.caller.deals.reviews.reply({ reviewId: s.reviewOfEgresso.id, reply: 'Obrigado!' }),
  },
  // Taking the bio or the photo down is allowed; a new text or photo is publishing.
  'profiles.update': {
    publishes: (s) =>
      s.egresso.caller.profiles.update({
        username: s.egresso.username,
        fullName: 'Estudante de Teste',
        bio: 'Vendo o que sobrou da graduação.',
      }),
  },
  'auth.completeProfile': {
    doesNotPublish: 'the sign-up’s required step: without it the account opens nothing, reading included',
  },
  'safety.report': { doesNotPublish: 'goes to the moderators only' },
  'safety.reportBarrier': { doesNotPublish: 'goes to the moderators only' },
  'safety.block': { doesNotPublish: 'safety stays open to everyone' },
  'safety.unblock': { doesNotPublish: 'safety stays open to everyone' },
  'notifications.markRead': { doesNotPublish: 'reading' },
  'notifications.setEmailPreference': { doesNotPublish: 'own settings' },
  'notifications.subscribePush': { doesNotPublish: 'own settings' },
  'notifications.unsubscribePush': { doesNotPublish: 'own settings' },
  'notifications.removePushDevice': { doesNotPublish: 'own settings' },
  'notifications.setPushPreference': { doesNotPublish: 'own settings' },
  'wanted.join': { doesNotPublish: 'a count on someone else’s request, no text' },
  'wanted.leave': { doesNotPublish: 'leaves a count' },
  'semesters.requestLink': { doesNotPublish: 'the way back' },
  'semesters.confirm': { doesNotPublish: 'the way back' },
}
// Signing up and in, the account's security, export and deletion: never publishing.
for (const path of [
  'auth.signUp',
  'auth.signIn',
  'auth.verifyTwoFactor',
  'auth.signOut',
  'auth.verifyEmail',
  'auth.claimAccount',
  'auth.resendVerification',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  'account.reauthenticate',
  'account.changePassword',
  'account.requestEmailChange',
  'account.confirmEmailChange',
  'account.unlinkGoogle',
  'account.twoFactor.begin',
  'account.twoFactor.confirm',
  'account.twoFactor.regenerateRecoveryCodes',
  'account.twoFactor.disable',
  'account.endSession',
  'account.endAllSessions',
  'account.deleteAccount',
  'account.passkeys.registrationOptions',
  'account.passkeys.register',
  'account.passkeys.remove',
  'auth.passkeySignInOptions',
  'auth.signInWithPasskey',
]) {
  EGRESSO[path] = { doesNotPublish: 'the account itself' }
}

const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string; meta?: unknown } }
>
/** Staff work for the community (moderators and admins), not a student publishing: not asked here. */
const isStaff = (path: string) => {
  const tier = (procedures[path]?._def.meta as { tier?: string } | undefined)?.tier
  return tier === 'moderator' || tier === 'admin'
}
const mutations = Object.keys(procedures).filter(
  (path) => procedures[path]?._def.type === 'mutation' && !isStaff(path),
)
const publishing = Object.entries(EGRESSO).flatMap(([path, decision]) =>
  'publishes' in decision ? [[path, decision.publishes] as const] : [],
)

describe('o que um egresso publica', () => {
  it('toda mutação do roteador está decidida: publica (e passa por assertMayPublish) ou diz por que não', () => {
    expect(mutations.filter((path) => !(path in EGRESSO))).toEqual([])
    expect(Object.keys(EGRESSO).filter((path) => !mutations.includes(path))).toEqual([])
  })

  it.each(publishing)('%s é recusada ao egresso e volta quando ele confirma o e-mail', async (_, call) => {
    const scene = await sceneOfEgresso()
    expect(await outcome(call(scene))).toBe('ALUMNI_CANNOT_PUBLISH')
    world.db.delete(alumni).where(eq(alumni.userId, scene.egresso.id)).run()
    expect(await outcome(call(scene))).toBe('ok')
  })

  it('tirar a bio e a foto do perfil não é publicar', async () => {
    const scene = await sceneOfEgresso()
    world.db
      .update(profiles)
      .set({ bio: 'Formando em 2026', course: 'Design' })
      .where(eq(profiles.userId, scene.egresso.id))
      .run()
    const mine = await scene.egresso.caller.profiles.me()
    const unchanged = { username: mine.username ?? '', fullName: mine.fullName }
    await scene.egresso.caller.profiles.update({ ...unchanged, course: 'Design', avatarUploadId: null })
    expect(await scene.egresso.caller.profiles.me()).toMatchObject({ bio: null, course: 'Design' })
    expect(await outcome(scene.egresso.caller.profiles.update({ ...unchanged, course: 'Arquitetura' }))).toBe(
      'ALUMNI_CANNOT_PUBLISH',
    )
  })
})
