/**
 * Who holds an account: an address proven by its mailbox, sessions that proved what they claim, and
 * accounts that stay deleted.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createEvent, createStudent } from '../../server/db/factories'
import {
  emailTokens,
  oauthAccounts,
  profiles,
  recoveryCodes,
  sessions,
  uploads,
  userRoles,
  users,
} from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import { issueEmailToken } from '../../server/people/auth/email-tokens'
import { findOrCreateGoogleUser, linkOrReauthenticate } from '../../server/people/auth/google'
import { identityOf, identityQuietUntil } from '../../server/people/auth/identity'
import { createSession, validateSessionToken } from '../../server/people/auth/session'
import { currentTotpCode, generateRecoveryCodes, generateTotpKey } from '../../server/people/auth/two-factor'
import { storeImage } from '../../server/uploads/store-image'
import { expectAppError, expectTRPCError } from '../support/assertions'
import { solidJpeg } from '../support/images'
import {
  callerFor,
  callerForToken,
  createAdmin,
  lastMailToken,
  mailAfterResponse,
  requestWithSessionCookie,
  sessionCookieFrom,
  setUpTestWorld,
} from '../support/test-app'

const world = setUpTestWorld()

const anonymous = () => callerFor(world.services)
const VICTIM = 'maria.souza@univille.br'
const SQUATTER_PASSWORD = 'senha-do-intruso'

const userRow = (email: string) => world.db.select().from(users).where(eq(users.email, email)).get()
const rowsOf = <T extends typeof sessions | typeof recoveryCodes | typeof emailTokens | typeof oauthAccounts>(
  table: T,
  userId: number,
) => world.db.select().from(table).where(eq(table.userId, userId)).all()

/**
 * Someone signs up with a classmate's address and, as older versions allowed, sets up the account as
 * theirs: two-factor with recovery codes, a Google account, a pending reset link, approval and a role.
 */
async function squat(email = VICTIM) {
  const squatter = anonymous()
  await squatter.caller.auth.signUp({
    email,
    username: `intruso_${email.split('@')[0]?.replace(/\W/g, '_')}`,
    fullName: 'Maria Souza',
    course: 'Direito',
    matricula: '20249999',
    password: SQUATTER_PASSWORD,
    communitySlug: 'univille',
  })
  const verifyLink = lastMailToken(world.services.mailer)
  const sessionToken = sessionCookieFrom(squatter.cookies)?.value ?? ''
  const user = userRow(email)
  if (!user) throw new Error('o cadastro não foi criado')
  world.db
    .update(users)
    .set({ totpKey: world.services.secrets.seal(generateTotpKey()), totpEnabledAt: new Date() })
    .where(eq(users.id, user.id))
    .run()
  world.db
    .insert(recoveryCodes)
    .values(generateRecoveryCodes().hashes.map((codeHash) => ({ userId: user.id, codeHash })))
    .run()
  world.db
    .insert(oauthAccounts)
    .values({ provider: 'google', providerUserId: `google-do-intruso-${user.id}`, userId: user.id, email })
    .run()
  world.db.insert(userRoles).values({ userId: user.id, role: 'moderator' }).run()
  world.db
    .update(profiles)
    .set({ approved: true, approvedAt: new Date() })
    .where(eq(profiles.userId, user.id))
    .run()
  return { userId: user.id, verifyLink, sessionToken }
}

/** Nothing the squatter set up to get in is left. */
function expectClean(userId: number) {
  const user = world.db.select().from(users).where(eq(users.id, userId)).get()
  expect(user?.emailVerifiedAt).toBeInstanceOf(Date)
  expect(user?.totpKey).toBeNull()
  expect(user?.totpEnabledAt).toBeNull()
  expect(rowsOf(recoveryCodes, userId)).toHaveLength(0)
  expect(rowsOf(oauthAccounts, userId)).toHaveLength(0)
  expect(world.db.select().from(userRoles).where(eq(userRoles.userId, userId)).all()).toEqual([
    { userId, role: 'user' },
  ])
  expect(world.db.select().from(profiles).where(eq(profiles.userId, userId)).get()?.approved).toBe(false)
}

async function expectSquatterLockedOut(sessionToken: string) {
  expect(validateSessionToken(world.db, sessionToken)).toBeNull()
  await expectAppError(
    anonymous().caller.auth.signIn({ email: VICTIM, password: SQUATTER_PASSWORD }),
    'INVALID_CREDENTIALS',
  )
}

describe('an unconfirmed sign-up with somebody else’s address', () => {
  it('before confirmation, its session reaches only the waiting screen', async () => {
    const { sessionToken } = await squat()
    const { caller } = callerForToken(world.services, sessionToken)
    await expect(caller.auth.me()).resolves.toMatchObject({ email: VICTIM, emailVerified: false })
    await expect(caller.auth.resendVerification()).resolves.toEqual({ ok: true })
    await expectAppError(caller.account.twoFactor.begin(), 'EMAIL_NOT_VERIFIED', 'FORBIDDEN')
    await expectAppError(caller.account.security(), 'EMAIL_NOT_VERIFIED', 'FORBIDDEN')
    await expectAppError(caller.account.exportData(), 'EMAIL_NOT_VERIFIED', 'FORBIDDEN')
    await expectAppError(
      caller.account.changePassword({ currentPassword: SQUATTER_PASSWORD, newPassword: 'outra-senha' }),
      'EMAIL_NOT_VERIFIED',
    )
  })

  it('the confirmation link asks for the sign-up password; a wrong one confirms and spends nothing', async () => {
    const { userId, verifyLink } = await squat()
    await expectAppError(
      anonymous().caller.auth.verifyEmail({ token: verifyLink, password: 'palpite' }),
      'WRONG_SIGN_UP_PASSWORD',
      'BAD_REQUEST',
    )
    expect(world.db.select().from(users).where(eq(users.id, userId)).get()?.emailVerifiedAt).toBeNull()
    // The link still works for its owner's "Não criei esta conta".
    await expect(
      anonymous().caller.auth.claimAccount({ token: verifyLink, password: 'senha-da-maria' }),
    ).resolves.toMatchObject({ ok: true })
  })

  it('the person who signed up confirms with their password and is signed in', async () => {
    const signUp = anonymous()
    await signUp.caller.auth.signUp({
      email: 'joao@univille.br',
      username: 'joao',
      fullName: 'João Pereira',
      course: 'Design',
      matricula: '20240002',
      password: 'senha-do-joao',
      communitySlug: 'univille',
    })
    const phone = anonymous()
    await phone.caller.auth.verifyEmail({
      token: lastMailToken(world.services.mailer),
      password: 'senha-do-joao',
    })
    const token = sessionCookieFrom(phone.cookies)?.value ?? ''
    await expect(callerForToken(world.services, token).caller.auth.me()).resolves.toMatchObject({
      email: 'joao@univille.br',
      emailVerified: true,
    })
    // The browser that signed up stays signed in: the same person proved both.
    const first = sessionCookieFrom(signUp.cookies)?.value ?? ''
    expect(validateSessionToken(world.db, first)).not.toBeNull()
  })

  it('"Não criei esta conta" hands the address over clean to the mailbox’s owner', async () => {
    const { userId, verifyLink, sessionToken } = await squat()
    const owner = anonymous()
    await owner.caller.auth.claimAccount({ token: verifyLink, password: 'senha-da-maria' })

    expectClean(userId)
    await expectSquatterLockedOut(sessionToken)
    expect(rowsOf(sessions, userId)).toHaveLength(1)
    await expect(
      callerForToken(world.services, sessionCookieFrom(owner.cookies)?.value ?? '').caller.auth.me(),
    ).resolves.toMatchObject({ email: VICTIM, emailVerified: true, approved: false })
    await expect(
      anonymous().caller.auth.signIn({ email: VICTIM, password: 'senha-da-maria' }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
  })

  it('a reset link hands it over clean too: two-factor and recovery codes go with the password', async () => {
    const { userId, sessionToken } = await squat()
    const reset = await squat('pedro@univille.br')
    await anonymous().caller.auth.requestPasswordReset({ email: VICTIM })
    await mailAfterResponse()
    await anonymous().caller.auth.resetPassword({
      token: lastMailToken(world.services.mailer),
      password: 'senha-da-maria',
    })

    expectClean(userId)
    await expectSquatterLockedOut(sessionToken)
    expect(rowsOf(emailTokens, userId)).toHaveLength(0)
    await expect(
      anonymous().caller.auth.signIn({ email: VICTIM, password: 'senha-da-maria' }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
    // Nobody else's account was touched.
    expect(
      world.db.select().from(users).where(eq(users.id, reset.userId)).get()?.totpEnabledAt,
    ).toBeInstanceOf(Date)
  })

  it('Google sign-in with the address takes it over clean, with no password left', async () => {
    const { userId, sessionToken } = await squat()
    const signedIn = await findOrCreateGoogleUser(world.services, {
      sub: 'google-da-maria',
      email: VICTIM,
      email_verified: true,
      name: 'Maria Souza',
    })
    expect(signedIn).toBe(userId)
    const user = world.db.select().from(users).where(eq(users.id, userId)).get()
    expect(user?.passwordHash).toBeNull()
    expect(user?.totpEnabledAt).toBeNull()
    expect(rowsOf(recoveryCodes, userId)).toHaveLength(0)
    expect(rowsOf(oauthAccounts, userId).map((row) => row.providerUserId)).toEqual(['google-da-maria'])
    await expectSquatterLockedOut(sessionToken)
  })

  it('ADMIN_EMAIL never promotes somebody else’s sign-up: its credentials are reset', async () => {
    const { userId, sessionToken } = await squat('admin@univille.br')
    await seedBase(world.db, { email: 'admin@univille.br', password: 'senha-do-operador' })

    const user = world.db.select().from(users).where(eq(users.id, userId)).get()
    expect(user?.totpEnabledAt).toBeNull()
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date)
    expect(rowsOf(recoveryCodes, userId)).toHaveLength(0)
    expect(validateSessionToken(world.db, sessionToken)).toBeNull()
    await expectAppError(
      anonymous().caller.auth.signIn({ email: 'admin@univille.br', password: SQUATTER_PASSWORD }),
      'INVALID_CREDENTIALS',
    )
    await anonymous().caller.auth.signIn({ email: 'admin@univille.br', password: 'senha-do-operador' })
    const roles = world.db.select().from(userRoles).where(eq(userRoles.userId, userId)).all()
    expect(roles.map((row) => row.role).sort()).toEqual(['admin', 'user'])
  })

  it('a confirmed account keeps its two-factor through a password reset', async () => {
    const member = await createStudent(world.db, { member: true, totpKey: generateTotpKey() })
    await anonymous().caller.auth.requestPasswordReset({ email: member.email })
    await mailAfterResponse()
    await anonymous().caller.auth.resetPassword({
      token: lastMailToken(world.services.mailer),
      password: 'nova-senha-1',
    })
    expect(userRow(member.email)?.totpEnabledAt).toBeInstanceOf(Date)
    await expect(
      anonymous().caller.auth.signIn({ email: member.email, password: 'nova-senha-1' }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: true })
  })
})

describe('linking Google', () => {
  function ageSession(token: string, minutes: number) {
    const id = validateSessionToken(world.db, token)?.id ?? ''
    world.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(sessions.id, id))
      .run()
    return id
  }
  const claims = (email: string) => ({ sub: `google-${email}`, email, email_verified: true, name: 'Ana' })
  /**
   * A member signed in `minutes` ago asks to link their own Google account; `authenticatedAt` is the
   * session's, read before the request.
   */
  async function linkAfter(minutes: number) {
    const member = await createStudent(world.db, { member: true })
    const { sessionToken } = callerFor(world.services, { userId: member.id })
    const sessionId = ageSession(sessionToken ?? '', minutes)
    const authenticatedAt = world.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .get()?.authenticatedAt
    const outcome = await linkOrReauthenticate(
      world.services,
      requestWithSessionCookie(sessionToken ?? '') as never,
      claims(member.email),
      'link',
    )
    return { member, sessionId, authenticatedAt, outcome }
  }

  it('needs the password confirmed in the last 10 minutes', async () => {
    const { member, outcome } = await linkAfter(11)
    expect(outcome).toBe('reautenticar')
    expect(rowsOf(oauthAccounts, member.id)).toHaveLength(0)
    expect(world.services.mailer.sent).toHaveLength(0)
  })

  it('links with a fresh confirmation, tells the owner by e-mail, and is not itself a confirmation', async () => {
    const { member, sessionId: id, authenticatedAt: before, outcome } = await linkAfter(9)
    expect(outcome).toBe('vinculado')
    expect(rowsOf(oauthAccounts, member.id)).toHaveLength(1)
    expect(world.services.mailer.last?.to).toBe(member.email)
    expect(world.services.mailer.last?.subject).toMatch(/Google/)
    expect(world.db.select().from(sessions).where(eq(sessions.id, id)).get()?.authenticatedAt).toEqual(before)
  })

  it('signing out everywhere and changing the password drop a pending e-mail change', async () => {
    const member = await createStudent(world.db, { member: true })
    const pendingChanges = () =>
      world.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, member.id), eq(emailTokens.purpose, 'change_email')))
        .all()
    const request = async () => {
      const { caller } = callerFor(world.services, { userId: member.id })
      await caller.account.requestEmailChange({
        newEmail: `novo${Math.random().toString(36).slice(2, 6)}@univille.br`,
      })
      return caller
    }
    await (await request()).account.endAllSessions()
    expect(pendingChanges()).toHaveLength(0)
    const caller = await request()
    await caller.account.changePassword({ currentPassword: member.password, newPassword: 'outra-senha-9' })
    expect(pendingChanges()).toHaveLength(0)
  })
})

describe('the second factor, per session', () => {
  it('the admin area needs this session to have given a code, not only two-factor on the account', async () => {
    const admin = await createAdmin(world.db)
    const { token } = createSession(world.db, admin.id)
    await expectAppError(
      callerForToken(world.services, token).caller.admin.users.list({}),
      'TWO_FACTOR_SESSION_REQUIRED',
      'FORBIDDEN',
    )
    await expect(
      callerFor(world.services, { userId: admin.id }).caller.admin.users.list({}),
    ).resolves.toBeTruthy()
  })

  it('enrolling ends the other sessions and counts as this session’s second factor', async () => {
    const admin = await createStudent(world.db, { member: true, roles: ['user', 'admin'] })
    const laptop = callerFor(world.services, { userId: admin.id })
    const phone = callerFor(world.services, { userId: admin.id })
    const { secret } = await phone.caller.account.twoFactor.begin()
    const key =
      world.db.select({ key: users.totpKey }).from(users).where(eq(users.id, admin.id)).get()?.key ?? ''
    expect(secret).toBeTruthy()
    await phone.caller.account.twoFactor.confirm({ code: currentTotpCode(world.services.secrets.open(key)) })

    expect(validateSessionToken(world.db, laptop.sessionToken ?? '')).toBeNull()
    const fresh = callerForToken(world.services, phone.sessionToken)
    expect(fresh.session?.secondFactorAt).toBeInstanceOf(Date)
    await expect(fresh.caller.admin.users.list({})).resolves.toBeTruthy()
  })

  it('a session owing its code is anonymous: no moderator view of a pending event', async () => {
    const moderator = await createStudent(world.db, {
      member: true,
      roles: ['user', 'moderator'],
      totpKey: generateTotpKey(),
    })
    const organizer = await createStudent(world.db, { member: true })
    const eventId = createEvent(world.db, {
      organizerId: organizer.id,
      title: 'Evento pendente',
      description: 'Ainda não aprovado',
    })
    await expect(
      callerFor(world.services, { userId: moderator.id }).caller.events.byId({ id: eventId }),
    ).resolves.toMatchObject({
      title: 'Evento pendente',
    })
    const { token } = createSession(world.db, moderator.id, { twoFactorPending: true })
    const owing = callerForToken(world.services, token)
    expect(owing.user).toBeNull()
    await expectTRPCError(owing.caller.events.byId({ id: eventId }), 'NOT_FOUND')
    await expect(owing.caller.auth.me()).resolves.toBeNull()
  })

  it('turning two-factor off is limited, and new recovery codes need a code', async () => {
    const member = await createStudent(world.db, { member: true, totpKey: generateTotpKey() })
    const { caller } = callerFor(world.services, { userId: member.id })
    await expectAppError(
      caller.account.twoFactor.regenerateRecoveryCodes({ code: '000000' }),
      'INVALID_TWO_FACTOR_CODE',
    )
    for (let attempt = 0; attempt < 7; attempt++) {
      await expectAppError(caller.account.twoFactor.disable({ code: '000000' }), 'INVALID_TWO_FACTOR_CODE')
    }
    await expectTRPCError(caller.account.twoFactor.disable({ code: '000000' }), 'TOO_MANY_REQUESTS')
    expect(userRow(member.email)?.totpEnabledAt).toBeInstanceOf(Date)
  })
})

describe('a deleted account stays deleted', () => {
  it('deletion removes its links, two-factor secret and recovery codes', async () => {
    const member = await createStudent(world.db, { member: true, totpKey: generateTotpKey() })
    world.db
      .insert(recoveryCodes)
      .values(generateRecoveryCodes().hashes.map((codeHash) => ({ userId: member.id, codeHash })))
      .run()
    const { caller } = callerFor(world.services, { userId: member.id })
    await caller.account.requestEmailChange({ newEmail: 'mudando@univille.br' })
    await caller.account.deleteAccount({ password: member.password })

    const row = world.db.select().from(users).where(eq(users.id, member.id)).get()
    expect(row?.totpKey).toBeNull()
    expect(row?.totpEnabledAt).toBeNull()
    expect(rowsOf(recoveryCodes, member.id)).toHaveLength(0)
    expect(rowsOf(emailTokens, member.id)).toHaveLength(0)
  })

  it('no link, sign-in or approval brings it back', async () => {
    const admin = await createAdmin(world.db)
    const member = await createStudent(world.db, { member: true })
    await callerFor(world.services, { userId: member.id }).caller.account.deleteAccount({
      password: member.password,
    })
    // A link issued just before the deletion, arriving late.
    const change = issueEmailToken(world.db, member.id, 'change_email', 'volta@univille.br')
    const reset = issueEmailToken(
      world.db,
      member.id,
      'reset_password',
      `removida-${member.id}@contas.invalid`,
    )

    await expectAppError(
      anonymous().caller.account.confirmEmailChange({ token: change, password: member.password }),
      'INVALID_TOKEN',
    )
    await expectAppError(
      anonymous().caller.auth.resetPassword({ token: reset, password: 'nova-senha-1' }),
      'INVALID_TOKEN',
    )
    await expectAppError(
      callerFor(world.services, { userId: admin.id }).caller.admin.users.approve({ userId: member.id }),
      'USER_NOT_FOUND',
    )
    expect(userRow('volta@univille.br')).toBeUndefined()
    // A session row surviving somehow is worth nothing either.
    const { token } = createSession(world.db, member.id)
    expect(callerForToken(world.services, token).user).toBeNull()
    // Not even a session half-way, as one owing its second factor is: the second-factor step gets nothing.
    expect(identityOf(world.db, validateSessionToken(world.db, token))).toEqual({ session: null, user: null })
    // Nor is a token that matches no session at all.
    expect(identityOf(world.db, validateSessionToken(world.db, `${token}x`))).toEqual({
      session: null,
      user: null,
    })
  })
})

describe('pictures are freed by their upload, not by their file name', () => {
  it('deleting one banner leaves another banner with the same picture alone', async () => {
    const first = await createAdmin(world.db)
    const second = await createAdmin(world.db)
    const photo = await solidJpeg(800, 300, { colour: '#2e86de' })
    const bannerOf = async (adminId: number, title: string) => {
      const upload = await storeImage(world.services, adminId, 'banner', photo)
      const { caller } = callerFor(world.services, { userId: adminId })
      const { id } = await caller.admin.banners.create({
        title,
        description: null,
        imageUrl: upload.fullUrl,
        imageUploadId: upload.id,
        linkUrl: null,
        placement: 'hero_banner',
        active: true,
        displayOrder: 0,
      })
      return { id, upload, caller }
    }
    const one = await bannerOf(first.id, 'Semana de calouros')
    const two = await bannerOf(second.id, 'Semana de calouros, bis')
    expect(one.upload.fullUrl).toBe(two.upload.fullUrl)

    await one.caller.admin.banners.delete({ id: one.id })
    const attached = (id: string) =>
      world.db.select().from(uploads).where(eq(uploads.id, id)).get()?.attachedAt
    expect(attached(one.upload.id)).toBeNull()
    expect(attached(two.upload.id)).toBeInstanceOf(Date)
  })

  it('replacing an avatar leaves an event picture made of the same photo alone', async () => {
    const member = await createStudent(world.db, { member: true })
    const photo = await solidJpeg(400, 400, { colour: '#10ac84' })
    const { caller } = callerFor(world.services, { userId: member.id })
    const avatar = await storeImage(world.services, member.id, 'avatar', photo)
    const eventPicture = await storeImage(world.services, member.id, 'event', photo)
    const setAvatar = (avatarUploadId: string | null) =>
      caller.profiles.update({
        username: member.username ?? 'membro',
        fullName: 'Membro de Teste',
        bio: '',
        university: 'Univille',
        course: 'Design',
        avatarUploadId,
      })
    await setAvatar(avatar.id)
    world.db.update(uploads).set({ attachedAt: new Date() }).where(eq(uploads.id, eventPicture.id)).run()
    await setAvatar(null)
    const attached = (id: string) =>
      world.db.select().from(uploads).where(eq(uploads.id, id)).get()?.attachedAt
    expect(attached(avatar.id)).toBeNull()
    expect(attached(eventPicture.id)).toBeInstanceOf(Date)
  })
})

describe('how long a session holds unchanged', () => {
  const MINUTE = 60_000
  const DAY = 24 * 60 * MINUTE

  async function sessionWith(fields: Partial<typeof sessions.$inferInsert>) {
    const student = await createStudent(world.db, { member: true })
    const { token } = createSession(world.db, student.id)
    world.db.update(sessions).set(fields).where(eq(sessions.userId, student.id)).run()
    return token
  }

  it('until its next touch, five minutes after its last use', async () => {
    const token = await sessionWith({ lastUsedAt: new Date(Date.now() - 4 * MINUTE) })
    const before = Date.now()
    const session = validateSessionToken(world.db, token)
    expect(session?.quietUntil).toBeGreaterThanOrEqual(before + MINUTE - 1000)
    expect(session?.quietUntil).toBeLessThanOrEqual(Date.now() + MINUTE)
  })

  it('until it is due for renewal, fifteen days before it expires', async () => {
    const token = await sessionWith({ expiresAt: new Date(Date.now() + 15 * DAY + 30_000) })
    const session = validateSessionToken(world.db, token)
    expect(session?.quietUntil).toBeGreaterThan(Date.now() + 25_000)
    expect(session?.quietUntil).toBeLessThanOrEqual(Date.now() + 30_000)
  })

  it('a touch just made holds for the next five minutes', async () => {
    const token = await sessionWith({ lastUsedAt: new Date(Date.now() - 6 * MINUTE) })
    const session = validateSessionToken(world.db, token)
    expect(session?.quietUntil).toBeGreaterThan(Date.now() + 5 * MINUTE - 1000)
  })

  it('and, for a request, only until its use is due to be recorded again', async () => {
    const token = await sessionWith({ accessRecordedAt: new Date(Date.now() - 59 * MINUTE - 30_000) })
    const identity = identityOf(world.db, validateSessionToken(world.db, token))
    expect(identityQuietUntil(identity)).toBeLessThanOrEqual(Date.now() + 30_000)
    expect(identityQuietUntil(identity)).toBeGreaterThan(Date.now() + 25_000)
    const never = await sessionWith({ accessRecordedAt: null })
    expect(identityQuietUntil(identityOf(world.db, validateSessionToken(world.db, never)))).toBe(0)
    expect(identityQuietUntil({ session: null, user: null })).toBeNull()
  })
})
