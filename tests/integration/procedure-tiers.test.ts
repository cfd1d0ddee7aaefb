import type { TRPCError } from '@trpc/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { createSession } from '../../server/people/auth/session'
import { appRouter } from '../../server/routers/_app'
import type { ProcedureMeta, Tier } from '../../server/trpc/init'
import { expectAppError, expectTRPCError } from '../support/assertions'
import { type AppCaller, callerFor, callerForToken, createAdmin, setUpTestWorld } from '../support/test-app'

const TIERS: readonly Tier[] = ['public', 'session', 'signedIn', 'approved', 'moderator', 'admin']

/**
 * Who may call each procedure, reviewed by hand against what it does (README, "Moderação"): not read
 * from the procedures, so opening one to a lower tier fails here even when its meta changed with it.
 * A new procedure needs an entry before the suite passes.
 */
const EXPECTED_TIERS: Record<string, Tier> = {
  // Minha Conta → Segurança and LGPD: any signed-in account with a confirmed e-mail, approved or not.
  'account.security': 'signedIn',
  'account.reauthenticate': 'signedIn',
  'account.changePassword': 'signedIn',
  'account.requestEmailChange': 'signedIn',
  // The link in the new mailbox is the proof; it may be opened in a browser that is not signed in.
  'account.confirmEmailChange': 'public',
  'account.unlinkGoogle': 'signedIn',
  'account.twoFactor.begin': 'signedIn',
  'account.twoFactor.confirm': 'signedIn',
  'account.twoFactor.regenerateRecoveryCodes': 'signedIn',
  'account.twoFactor.disable': 'signedIn',
  'account.passkeys.registrationOptions': 'signedIn',
  'account.passkeys.register': 'signedIn',
  'account.passkeys.remove': 'signedIn',
  'account.endSession': 'signedIn',
  'account.endAllSessions': 'signedIn',
  'account.exportData': 'signedIn',
  'account.deleteAccount': 'signedIn',

  // Signing up and in, links from e-mails: before there is a session.
  'auth.me': 'public',
  'auth.twoFactorPending': 'public',
  'auth.signUp': 'public',
  'auth.signIn': 'public',
  'auth.verifyTwoFactor': 'public',
  'auth.passkeySignInOptions': 'public',
  'auth.signInWithPasskey': 'public',
  'auth.signOut': 'public',
  'auth.verifyEmail': 'public',
  'auth.claimAccount': 'public',
  'auth.requestPasswordReset': 'public',
  'auth.resetPassword': 'public',
  // The waiting screen of an address nobody proved yet.
  'auth.resendVerification': 'session',
  'auth.onAccountChange': 'session',
  // 'Complete seu perfil' opens after the approval.
  'auth.completeProfile': 'approved',

  // The portal is public; the rest of the marketplace is for members.
  'banners.active': 'public',
  'listings.categories': 'public',
  'listings.stats': 'public',
  'listings.featured': 'public',
  'listings.list': 'public',
  'listings.byId': 'approved',
  'listings.create': 'approved',
  'listings.update': 'approved',
  'listings.setStatus': 'approved',
  'listings.renew': 'approved',
  'listings.bump': 'approved',
  'courses.list': 'public',
  'listings.myCourse': 'approved',
  'semesters.standing': 'approved',
  'semesters.requestLink': 'approved',
  'semesters.confirm': 'public',
  'listings.delete': 'approved',
  'listings.mine': 'approved',
  'listings.setFavorite': 'approved',
  'listings.setVupt': 'approved',
  'listings.favorites': 'approved',
  'profiles.byUsername': 'approved',
  'profiles.me': 'approved',
  'profiles.update': 'approved',
  // Reviews: the two sides of a confirmed hand-off; removal by the community's moderators.
  'deals.reviews.forHandoff': 'approved',
  'deals.reviews.pending': 'approved',
  'deals.reviews.create': 'approved',
  'deals.reviews.edit': 'approved',
  'deals.reviews.reply': 'approved',
  'deals.reviews.remove': 'moderator',

  // Chat: approved members only.
  'chat.start': 'approved',
  'chat.conversations': 'approved',
  'chat.messages': 'approved',
  'chat.conversation': 'approved',
  'chat.send': 'approved',
  'chat.markRead': 'approved',
  'chat.typing': 'approved',
  'chat.unreadCount': 'approved',
  'chat.events': 'approved',
  'chat.viewing': 'approved',
  // Meetings and the hand-off: only the conversation's two participants, checked in the domain.
  'deals.ofConversation': 'approved',
  'deals.bundleCandidates': 'approved',
  'deals.start': 'approved',
  'deals.setReserved': 'approved',
  'deals.meetings.ofConversation': 'approved',
  'deals.meetings.byId': 'approved',
  'deals.meetings.mine': 'approved',
  'deals.meetings.propose': 'approved',
  'deals.meetings.pick': 'approved',
  'deals.meetings.cancel': 'approved',
  'deals.meetings.handoffCode': 'approved',
  'deals.meetings.confirmHandoff': 'approved',
  // Offers: only the conversation's two participants, checked in the domain.
  'deals.offers.list': 'approved',
  'deals.offers.make': 'approved',
  'deals.offers.counter': 'approved',
  'deals.offers.accept': 'approved',
  'deals.offers.decline': 'approved',
  // The community's active meeting spots, for proposing a meeting.
  'deals.meetingSpots.list': 'approved',

  // Events: approved ones are public; proposing and RSVP are for members; the queue for moderators.
  'events.list': 'public',
  // Reporting, blocking and the notification centre: full members (a suspended one is refused).
  'safety.report': 'approved',
  'safety.reportBarrier': 'approved',
  'safety.myReports': 'approved',
  'safety.block': 'approved',
  'safety.unblock': 'approved',
  'safety.blocked': 'approved',
  'notifications.list': 'approved',
  'notifications.unreadCount': 'approved',
  'notifications.markRead': 'approved',
  'notifications.live': 'approved',
  'notifications.emailPreferences': 'approved',
  'notifications.setEmailPreference': 'approved',
  'notifications.pushConfig': 'approved',
  'notifications.subscribePush': 'approved',
  'notifications.unsubscribePush': 'approved',
  'notifications.pushDevices': 'approved',
  'notifications.removePushDevice': 'approved',
  'notifications.pushPreferences': 'approved',
  'notifications.setPushPreference': 'approved',
  'events.byId': 'public',
  'events.mine': 'approved',
  'events.attending': 'approved',
  'events.create': 'approved',
  'events.update': 'approved',
  'events.cancel': 'approved',
  'events.attend': 'approved',
  'events.unattend': 'approved',
  'events.waiting': 'approved',
  'events.setCapacity': 'approved',
  'events.roster': 'approved',
  'events.rosterCsv': 'approved',
  'events.checkInSummary': 'approved',
  'events.checkIn': 'approved',
  'events.ticket': 'approved',
  'events.moderation': 'moderator',
  'events.approve': 'moderator',
  'events.reject': 'moderator',
  // Procura-se: a members' board; the staff of the community removes posts.
  'wanted.board': 'approved',
  'wanted.courseDemand': 'approved',
  'wanted.join': 'approved',
  'wanted.leave': 'approved',
  'wanted.mine': 'approved',
  'wanted.create': 'approved',
  'wanted.update': 'approved',
  'wanted.close': 'approved',
  'wanted.remove': 'moderator',

  // The admin area. Moderators (and admins): listings, events, the moderation log, the dashboard.
  'admin.badges.counts': 'moderator',
  'admin.badges.live': 'moderator',
  'admin.dashboard.summary': 'moderator',
  'admin.dashboard.log': 'moderator',
  'admin.listings.list': 'moderator',
  'admin.listings.remove': 'moderator',
  // The moderation preview of a listing in any state (removed ones included).
  'admin.listings.preview': 'moderator',
  // Denúncias: the queue and the decisions (removing an account is refused inside to moderators).
  'admin.reports.queue': 'moderator',
  'admin.reports.resolve': 'moderator',
  // Admins only: users and roles, banners, subcategories (shared by every community).
  'admin.integrity.list': 'admin',
  'admin.integrity.preview': 'admin',
  'admin.integrity.create': 'admin',
  'admin.integrity.update': 'admin',
  'admin.integrity.delete': 'admin',
  'admin.banners.list': 'admin',
  'admin.banners.create': 'admin',
  'admin.banners.update': 'admin',
  'admin.banners.setActive': 'admin',
  'admin.banners.delete': 'admin',
  'admin.subcategories.list': 'admin',
  'admin.subcategories.create': 'admin',
  'admin.subcategories.update': 'admin',
  'admin.subcategories.delete': 'admin',
  // "Pontos de encontro": the admins of the community.
  'admin.meetingSpots.list': 'admin',
  'admin.meetingSpots.create': 'admin',
  'admin.meetingSpots.update': 'admin',
  'admin.meetingSpots.setRetired': 'admin',
  'admin.meetingSpots.delete': 'admin',
  'admin.users.list': 'admin',
  'admin.users.approve': 'admin',
  'admin.users.setRoles': 'admin',
  'admin.users.delete': 'admin',
  'admin.courses.list': 'admin',
  'admin.courses.create': 'admin',
  'admin.courses.rename': 'admin',
  'admin.courses.delete': 'admin',
  'admin.courses.createDiscipline': 'admin',
  'admin.courses.updateDiscipline': 'admin',
  'admin.courses.deleteDiscipline': 'admin',
  'admin.courses.import': 'admin',
  'admin.courses.mapLegacy': 'admin',
  'admin.semesters.list': 'admin',
  'admin.semesters.create': 'admin',
  'admin.semesters.update': 'admin',
  'admin.semesters.delete': 'admin',
  'admin.semesters.pending': 'admin',
  'admin.semesters.extend': 'admin',
}

type ProcedureInfo = { path: string; type: string; tier: Tier | undefined }

const procedures: ProcedureInfo[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => {
  const def = (procedure as unknown as { _def: { type: string; meta?: Partial<ProcedureMeta> } })._def
  return { path, type: def.type, tier: def.meta?.tier }
})

/** [path, expected tier, type] of every procedure whose reviewed tier is one of these. */
const expectedTier = (...tiers: Tier[]) =>
  procedures.flatMap((p) => {
    const tier = Object.hasOwn(EXPECTED_TIERS, p.path) ? EXPECTED_TIERS[p.path] : undefined
    return tier !== undefined && tiers.includes(tier) ? [[p.path, tier, p.type] as const] : []
  })

/** Calls a procedure by its dotted path with `undefined` input; subscriptions are iterated once. */
async function callByPath(caller: AppCaller, path: string, signal: AbortController): Promise<unknown> {
  let node: unknown = caller
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key]
  const result = await (node as (input: unknown) => Promise<unknown>)(undefined)
  if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
    // A subscription that did not refuse on call must refuse on its first iteration.
    const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]()
    const timer = setTimeout(() => signal.abort(), 1000)
    try {
      return await iterator.next()
    } finally {
      clearTimeout(timer)
      signal.abort()
      await iterator.return?.()
    }
  }
  return result
}

const world = setUpTestWorld({ scope: 'file' })
let pendingUserId: number
let studentId: number
let moderatorId: number
let adminId: number
let unconfirmedUserId: number

beforeAll(async () => {
  // A pending user whose e-mail is confirmed: only the approval is missing.
  pendingUserId = (await createStudent(world.db, { emailVerified: true })).id
  studentId = (await createStudent(world.db, { member: true })).id
  moderatorId = (await createStudent(world.db, { member: true, roles: ['user', 'moderator'] })).id
  // With two-factor on: callerFor signs them in with their code, as admin procedures require.
  adminId = (await createAdmin(world.db)).id
  // Approved by an administrator, but nobody ever proved the mailbox.
  unconfirmedUserId = (await createStudent(world.db, { approved: true, emailVerified: false })).id
})

function expectCall(
  who: { userId: number } | null,
  path: string,
  code: TRPCError['code'],
): Promise<TRPCError> {
  const controller = new AbortController()
  const { caller } = callerFor(world.services, who, {}, { signal: controller.signal })
  return expectTRPCError(
    callByPath(caller, path, controller).finally(() => controller.abort()),
    code,
  )
}

/** With no input the call may fail validation, a rule or succeed, but never for lack of rights. */
async function expectAdmitted(who: { userId: number } | null, path: string): Promise<void> {
  const controller = new AbortController()
  const { caller } = callerFor(world.services, who, {}, { signal: controller.signal })
  const outcome = await callByPath(caller, path, controller).then(
    () => 'ok',
    (error: TRPCError) => `${error.code}: ${error.message}`,
  )
  controller.abort()
  expect(outcome).not.toMatch(/^(UNAUTHORIZED|FORBIDDEN):/)
}

describe('procedure tiers', () => {
  it('finds the procedures of the app router', () => {
    const paths = procedures.map((p) => p.path)
    expect(paths).toEqual(expect.arrayContaining(['auth.me', 'auth.signIn', 'admin.users.approve']))
    expect(procedures.find((p) => p.path === 'auth.onAccountChange')?.type).toBe('subscription')
  })

  it('every procedure declares a known tier', () => {
    const missing = procedures.filter((p) => !p.tier || !TIERS.includes(p.tier)).map((p) => p.path)
    expect(missing, 'procedimentos sem meta.tier válido').toEqual([])
  })

  it('every procedure has a reviewed entry in EXPECTED_TIERS', () => {
    const missing = procedures.filter((p) => !Object.hasOwn(EXPECTED_TIERS, p.path)).map((p) => p.path)
    expect(missing, 'procedimentos sem nível revisado em EXPECTED_TIERS').toEqual([])
  })

  it('every entry of EXPECTED_TIERS names a procedure of the app router', () => {
    const paths = new Set(procedures.map((p) => p.path))
    const stale = Object.keys(EXPECTED_TIERS).filter((path) => !paths.has(path))
    expect(stale, 'entradas de EXPECTED_TIERS sem procedimento').toEqual([])
  })

  it('every procedure declares the tier its entry expects', () => {
    const differing = procedures
      .filter((p) => Object.hasOwn(EXPECTED_TIERS, p.path) && p.tier !== EXPECTED_TIERS[p.path])
      .map((p) => `${p.path}: declara ${p.tier}, esperado ${EXPECTED_TIERS[p.path]}`)
    expect(differing).toEqual([])
  })

  describe('an anonymous caller is refused by every non-public procedure', () => {
    it.each(expectedTier('session', 'signedIn', 'approved', 'moderator', 'admin'))(
      '%s (%s %s)',
      async (path) => {
        await expectCall(null, path, 'UNAUTHORIZED')
      },
    )
  })

  describe('a session still owing its second factor is refused by every non-public procedure', () => {
    it.each(expectedTier('session', 'signedIn', 'approved', 'moderator', 'admin'))(
      '%s (%s %s)',
      async (path) => {
        const controller = new AbortController()
        const { token } = createSession(world.db, moderatorId, { twoFactorPending: true })
        const { caller } = callerForToken(world.services, token, {}, { signal: controller.signal })
        await expectTRPCError(
          callByPath(caller, path, controller).finally(() => controller.abort()),
          'UNAUTHORIZED',
        )
      },
    )
  })

  describe('an account whose e-mail is not confirmed only reaches the waiting screen', () => {
    it.each(expectedTier('signedIn', 'approved', 'moderator', 'admin'))('%s (%s %s)', async (path) => {
      await expectCall({ userId: unconfirmedUserId }, path, 'FORBIDDEN')
    })
  })

  describe('a pending user is refused by member-only procedures', () => {
    it.each(expectedTier('approved', 'moderator', 'admin'))('%s (%s %s)', async (path) => {
      await expectCall({ userId: pendingUserId }, path, 'FORBIDDEN')
    })
  })

  describe('an approved student is refused by staff procedures', () => {
    it.each(expectedTier('moderator', 'admin'))('%s (%s %s)', async (path) => {
      await expectCall({ userId: studentId }, path, 'FORBIDDEN')
    })
  })

  describe('a moderator is refused by admin-only procedures', () => {
    it.each(expectedTier('admin'))('%s (%s %s)', async (path) => {
      await expectCall({ userId: moderatorId }, path, 'FORBIDDEN')
    })
  })

  describe('the lowest tier a procedure admits gets past its tier check', () => {
    // Each tier's own caller: a procedure closed above its entry fails here.
    const lowest = (): Record<Tier, { userId: number } | null> => ({
      public: null,
      session: { userId: unconfirmedUserId },
      signedIn: { userId: pendingUserId },
      approved: { userId: studentId },
      moderator: { userId: moderatorId },
      admin: { userId: adminId },
    })
    it.each(expectedTier(...TIERS))('%s (%s %s)', async (path, tier) => {
      await expectAdmitted(lowest()[tier], path)
    })
  })

  describe('an administrator without the moderator role gets past every moderator check', () => {
    it.each(expectedTier('moderator'))('%s (%s %s)', async (path) => {
      await expectAdmitted({ userId: adminId }, path)
    })
  })

  it('each tier refuses with its own code, which the client reads', async () => {
    const { token } = createSession(world.db, moderatorId, { twoFactorPending: true })
    await expectAppError(
      callerForToken(world.services, token).caller.auth.resendVerification(),
      'TWO_FACTOR_REQUIRED',
    )
    await expectAppError(callerFor(world.services, null).caller.auth.resendVerification(), 'UNAUTHENTICATED')
    const caller = (userId: number) => callerFor(world.services, { userId }).caller
    await expectAppError(caller(unconfirmedUserId).account.security(), 'EMAIL_NOT_VERIFIED', 'FORBIDDEN')
    await expectAppError(caller(pendingUserId).listings.mine(), 'NOT_APPROVED', 'FORBIDDEN')
    await expectAppError(caller(studentId).admin.dashboard.summary(), 'FORBIDDEN', 'FORBIDDEN')
    await expectAppError(caller(moderatorId).admin.users.list({}), 'FORBIDDEN', 'FORBIDDEN')
    const withoutTwoFactor = (await createAdmin(world.db, { totpKey: undefined })).id
    await expectAppError(
      caller(withoutTwoFactor).admin.users.list({}),
      'TWO_FACTOR_ENROLMENT_REQUIRED',
      'FORBIDDEN',
    )
    const withoutCode = createSession(world.db, adminId).token
    await expectAppError(
      callerForToken(world.services, withoutCode).caller.admin.users.list({}),
      'TWO_FACTOR_SESSION_REQUIRED',
      'FORBIDDEN',
    )
  })
})
