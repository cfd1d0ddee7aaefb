import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { communities, emailTokens, profiles, sessions, userRoles, users } from '../../server/db/schema'
import { resolveSession } from '../../server/people/auth/identity'
import { SESSION_LIFETIME_MS, validateSessionToken } from '../../server/people/auth/session'
import { RATE_LIMIT_MESSAGE } from '../../server/rate-limits'
import type { SignUpInput } from '../../shared/schemas/auth'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import {
  callerFor,
  callerForToken,
  communityBySlug,
  countUsers,
  createAdmin,
  createTestServices,
  lastMailToken,
  mailAfterResponse,
  requestWithSessionCookie,
  sessionCookieFrom,
  setUpTestWorld,
  TEST_PASSWORD,
} from '../support/test-app'

const DAY = 24 * 60 * 60 * 1000

const world = setUpTestWorld()

let signUpCount = 0
function signUpInput(overrides: Partial<SignUpInput> = {}): SignUpInput {
  signUpCount += 1
  return {
    email: `calouro${signUpCount}@univille.br`,
    username: `calouro_${signUpCount}`,
    fullName: 'Ana Caloura',
    course: 'Design',
    matricula: '20240001',
    password: 'segredo-forte',
    communitySlug: 'univille',
    ...overrides,
  }
}

const anonymous = () => callerFor(world.services)

function userByEmail(email: string) {
  return world.db.select().from(users).where(eq(users.email, email)).get()
}

function profileOf(userId: number) {
  return world.db.select().from(profiles).where(eq(profiles.userId, userId)).get()
}

/** The refusal of a link's token that is unknown, used, expired or meant for something else. */
const expectInvalidToken = (promise: Promise<unknown>) =>
  expectAppError(promise, 'INVALID_TOKEN', 'BAD_REQUEST')

function expireEmailTokens(userId: number) {
  world.db
    .update(emailTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(emailTokens.userId, userId))
    .run()
}

function expectSessionCookieSet(cookies: string[]) {
  const cookie = sessionCookieFrom(cookies)
  expect(cookie, 'nenhum cookie de sessão foi enviado').toBeDefined()
  expect(cookie?.value).toMatch(/^[a-z2-7]{32}$/)
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toMatch(/^lax$/i)
  expect(cookie?.path).toBe('/')
  expect(cookie?.secure).toBeFalsy()
  const raw = cookies.at(-1) ?? ''
  expect(raw).toMatch(/HttpOnly/)
  expect(raw).toMatch(/SameSite=Lax/)
  // Expires with the session: 30 days from now.
  expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000)
  return cookie?.value ?? ''
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

// ---------------------------------------------------------------- signUp

describe('auth.signUp', () => {
  it('creates a pending, unverified account in the chosen community, signs it in and mails a verification link', async () => {
    const input = signUpInput({ email: '  Ana.Caloura@Univille.BR ', username: 'ana_calo' })
    const anon = anonymous()

    await expect(anon.caller.auth.signUp(input)).resolves.toEqual({ ok: true })

    const user = userByEmail('ana.caloura@univille.br')
    expect(user).toBeDefined()
    if (!user) return
    expect(user.emailVerifiedAt).toBeNull()
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    const profile = profileOf(user.id)
    expect(profile).toMatchObject({
      username: 'ana_calo',
      fullName: 'Ana Caloura',
      course: 'Design',
      matricula: '20240001',
      approved: false,
      approvedAt: null,
      communityId: communityBySlug(world.db, 'univille').id,
    })
    const roles = world.db.select().from(userRoles).where(eq(userRoles.userId, user.id)).all()
    expect(roles.map((r) => r.role)).toEqual(['user'])

    // The cookie carries a real session of the new account.
    const token = expectSessionCookieSet(anon.cookies)
    const signedIn = callerForToken(world.services, token)
    expect(signedIn.user?.id).toBe(user.id)
    await expect(signedIn.caller.auth.me()).resolves.toMatchObject({
      email: 'ana.caloura@univille.br',
      emailVerified: false,
      approved: false,
      communitySlug: 'univille',
    })

    expect(world.services.mailer.sent).toHaveLength(1)
    const mail = world.services.mailer.sent[0]
    expect(mail?.to).toBe('ana.caloura@univille.br')
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/univille\/verificar-email\?token=[a-z2-7]+$/)
    expect(mail?.text).toContain(mail?.link)
    const row = world.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id)).get()
    expect(row).toMatchObject({ purpose: 'verify_email', email: 'ana.caloura@univille.br' })
    // Only the hash is stored.
    expect(row?.id).not.toBe(lastMailToken(world.services.mailer))
  })

  const invalidInputs: [string, Partial<SignUpInput>, string][] = [
    ['malformed e-mail', { email: 'nao-e-um-email' }, 'Email inválido'],
    ['short password', { password: '12345' }, 'Senha deve ter no mínimo 6 caracteres'],
    ['short username', { username: 'ab' }, 'Username deve ter no mínimo 3 caracteres'],
    ['username with symbols', { username: 'ana-maria' }, 'Apenas letras, números e _'],
    ['username with spaces', { username: 'ana maria' }, 'Apenas letras, números e _'],
    ['blank full name', { fullName: '   ' }, 'Nome completo é obrigatório'],
    ['blank course', { course: ' ' }, 'Curso é obrigatório'],
    ['blank matricula', { matricula: '' }, 'Matrícula é obrigatória'],
    ['too short matricula', { matricula: '12' }, 'Matrícula inválida'],
    ['too long matricula', { matricula: '1'.repeat(21) }, 'Matrícula inválida'],
  ]

  it.each(invalidInputs)(
    'refuses a %s with its pt-BR message and writes nothing',
    async (_, overrides, message) => {
      const before = countUsers(world.db)
      const anon = anonymous()
      await expectValidationMessage(anon.caller.auth.signUp(signUpInput(overrides)), message)
      expect(countUsers(world.db)).toBe(before)
      expect(world.services.mailer.sent).toHaveLength(0)
      expect(anon.cookies).toHaveLength(0)
    },
  )

  it('refuses an address outside the institutional domain', async () => {
    const before = countUsers(world.db)
    const anon = anonymous()
    const error = await expectAppError(
      anon.caller.auth.signUp(signUpInput({ email: 'ana@gmail.com' })),
      'NOT_INSTITUTIONAL_EMAIL',
      'BAD_REQUEST',
    )
    expect(error.message).toBe('Use seu email institucional @univille.br')
    expect(countUsers(world.db)).toBe(before)
    expect(world.services.mailer.sent).toHaveLength(0)
    expect(anon.cookies).toHaveLength(0)
  })

  it('refuses a look-alike domain that only ends with the institutional one', async () => {
    await expectAppError(
      anonymous().caller.auth.signUp(signUpInput({ email: 'ana@fakeuniville.br' })),
      'NOT_INSTITUTIONAL_EMAIL',
    )
  })

  it('refuses an inactive or unknown community', async () => {
    const before = countUsers(world.db)
    await expectAppError(
      anonymous().caller.auth.signUp(signUpInput({ email: 'ana@edu.udesc.br', communitySlug: 'udesc' })),
      'COMMUNITY_NOT_FOUND',
      'NOT_FOUND',
    )
    await expectAppError(
      anonymous().caller.auth.signUp(signUpInput({ communitySlug: 'nao-existe' })),
      'COMMUNITY_NOT_FOUND',
      'NOT_FOUND',
    )
    expect(countUsers(world.db)).toBe(before)
  })

  it('refuses an e-mail already registered, whatever its case and surrounding spaces', async () => {
    const existing = await createStudent(world.db, { email: 'repetida@univille.br' })
    const before = countUsers(world.db)
    for (const email of ['repetida@univille.br', '  REPETIDA@Univille.br  ']) {
      const anon = anonymous()
      await expectAppError(anon.caller.auth.signUp(signUpInput({ email })), 'EMAIL_TAKEN', 'CONFLICT')
      expect(anon.cookies).toHaveLength(0)
    }
    expect(countUsers(world.db)).toBe(before)
    expect(userByEmail(existing.email)?.id).toBe(existing.id)
    expect(world.services.mailer.sent).toHaveLength(0)
  })

  it('refuses a username already taken, case-insensitively', async () => {
    await createStudent(world.db, { username: 'Joao_Silva' })
    const before = countUsers(world.db)
    await expectAppError(
      anonymous().caller.auth.signUp(signUpInput({ username: 'joao_silva' })),
      'USERNAME_TAKEN',
      'CONFLICT',
    )
    expect(countUsers(world.db)).toBe(before)
  })
})

// ---------------------------------------------------------------- signIn

describe('auth.signIn', () => {
  it('signs in with the right password and sets the session cookie', async () => {
    const student = await createStudent(world.db)
    const anon = callerFor(world.services, null, { ip: '192.0.2.7', userAgent: 'Vitest/1.0' })
    await expect(
      anon.caller.auth.signIn({ email: ` ${student.email.toUpperCase()} `, password: student.password }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })

    const token = expectSessionCookieSet(anon.cookies)
    const session = validateSessionToken(world.db, token)
    expect(session?.userId).toBe(student.id)
    const row = world.db.select().from(sessions).where(eq(sessions.userId, student.id)).get()
    expect(row).toMatchObject({ ip: '192.0.2.7', userAgent: 'Vitest/1.0' })
    await expect(callerForToken(world.services, token).caller.auth.me()).resolves.toMatchObject({
      id: student.id,
    })
  })

  it('marks the cookie Secure when the app is served over https', async () => {
    const student = await createStudent(world.db)
    const secure = createTestServices(world.db, { secureCookies: true })
    const anon = callerFor(secure)
    await anon.caller.auth.signIn({ email: student.email, password: student.password })
    expect(sessionCookieFrom(anon.cookies)?.secure).toBe(true)
    expect(anon.cookies.at(-1)).toMatch(/; Secure/)
  })

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const student = await createStudent(world.db)
    const anon = anonymous()
    const wrong = await expectAppError(
      anon.caller.auth.signIn({ email: student.email, password: 'senha-errada' }),
      'INVALID_CREDENTIALS',
      'BAD_REQUEST',
    )
    const unknown = await expectAppError(
      anon.caller.auth.signIn({ email: 'ninguem@univille.br', password: 'senha-errada' }),
      'INVALID_CREDENTIALS',
      'BAD_REQUEST',
    )
    expect(unknown.message).toBe(wrong.message)
    expect(wrong.message).toBe('Credenciais inválidas')
    expect(anon.cookies).toHaveLength(0)
    expect(world.db.select().from(sessions).all()).toHaveLength(0)
  })

  it('refuses a password sign-in to an account without a password (Google only)', async () => {
    const googleOnly = await createStudent(world.db, { password: undefined })
    await expectAppError(
      anonymous().caller.auth.signIn({ email: googleOnly.email, password: 'qualquer-coisa' }),
      'INVALID_CREDENTIALS',
    )
  })

  it('validates its input', async () => {
    await expectValidationMessage(
      anonymous().caller.auth.signIn({ email: 'aluno@univille.br', password: '' }),
      'Senha é obrigatória',
    )
    await expectValidationMessage(
      anonymous().caller.auth.signIn({ email: 'aluno', password: 'x' }),
      'Email inválido',
    )
  })

  it('refuses new browsers after 10 failed attempts on the account, even for the right password', async () => {
    const student = await createStudent(world.db)
    for (let attempt = 0; attempt < 10; attempt++) {
      // Different addresses: the per-account limit does not depend on the IP.
      const { caller } = callerFor(world.services, null, { ip: `10.0.0.${attempt}` })
      await expectAppError(
        caller.auth.signIn({ email: student.email, password: 'errada' }),
        'INVALID_CREDENTIALS',
      )
    }
    const anon = callerFor(world.services, null, { ip: '10.0.1.1' })
    const error = await expectTRPCError(
      anon.caller.auth.signIn({ email: student.email.toUpperCase(), password: student.password }),
      'TOO_MANY_REQUESTS',
    )
    expect(error.message).toBe(RATE_LIMIT_MESSAGE)
    expect(anon.cookies).toHaveLength(0)
    // Other accounts are not locked.
    const other = await createStudent(world.db)
    await expect(
      anonymous().caller.auth.signIn({ email: other.email, password: other.password }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
  })

  it('forgives the failed attempts after a successful sign-in', async () => {
    const student = await createStudent(world.db)
    const fail = () =>
      expectAppError(
        anonymous().caller.auth.signIn({ email: student.email, password: 'errada' }),
        'INVALID_CREDENTIALS',
      )
    for (let attempt = 0; attempt < 9; attempt++) await fail()
    await anonymous().caller.auth.signIn({ email: student.email, password: student.password })
    for (let attempt = 0; attempt < 9; attempt++) await fail()
    await expect(
      anonymous().caller.auth.signIn({ email: student.email, password: student.password }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
  })
})

// ---------------------------------------------------------------- signOut

describe('auth.signOut', () => {
  it('ends the session and clears the cookie', async () => {
    const student = await createStudent(world.db)
    const other = callerFor(world.services, { userId: student.id })
    const signedIn = callerFor(world.services, { userId: student.id })
    const token = signedIn.sessionToken ?? ''

    await expect(signedIn.caller.auth.signOut()).resolves.toEqual({ ok: true })

    expect(
      world.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, signedIn.session?.id ?? ''))
        .get(),
    ).toBeUndefined()
    expect(validateSessionToken(world.db, token)).toBeNull()
    await expect(callerForToken(world.services, token).caller.auth.me()).resolves.toBeNull()
    const cleared = sessionCookieFrom(signedIn.cookies)
    expect(cleared?.value).toBe('')
    expect(cleared?.maxAge).toBe(0)
    expect(cleared?.httpOnly).toBe(true)
    expect(cleared?.sameSite).toMatch(/^lax$/i)
    expect(cleared?.path).toBe('/')
    // The user's other devices stay signed in.
    expect(validateSessionToken(world.db, other.sessionToken ?? '')?.userId).toBe(student.id)
  })

  it('is harmless for an anonymous caller, and clears the cookie anyway', async () => {
    const anon = anonymous()
    await expect(anon.caller.auth.signOut()).resolves.toEqual({ ok: true })
    expect(sessionCookieFrom(anon.cookies)?.value).toBe('')
  })
})

// ---------------------------------------------------------------- verifyEmail

describe('auth.verifyEmail', () => {
  /** A pending student and a verification token from a real mail. */
  async function pendingWithToken() {
    const student = await createStudent(world.db)
    await callerFor(world.services, { userId: student.id }).caller.auth.resendVerification()
    return { student, token: lastMailToken(world.services.mailer) }
  }

  it('confirms the e-mail of the link', async () => {
    const { student, token } = await pendingWithToken()
    await expect(anonymous().caller.auth.verifyEmail({ token, password: TEST_PASSWORD })).resolves.toEqual({
      ok: true,
      email: student.email,
    })
    expect(userByEmail(student.email)?.emailVerifiedAt).toBeInstanceOf(Date)
    await expect(callerFor(world.services, { userId: student.id }).caller.auth.me()).resolves.toMatchObject({
      emailVerified: true,
      approved: false,
    })
  })

  it('accepts the link sent at sign-up', async () => {
    await anonymous().caller.auth.signUp(signUpInput({ email: 'link@univille.br' }))
    await anonymous().caller.auth.verifyEmail({
      token: lastMailToken(world.services.mailer),
      password: 'segredo-forte',
    })
    expect(userByEmail('link@univille.br')?.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('refuses a token used twice', async () => {
    const { token } = await pendingWithToken()
    await anonymous().caller.auth.verifyEmail({ token, password: TEST_PASSWORD })
    await expectInvalidToken(anonymous().caller.auth.verifyEmail({ token, password: TEST_PASSWORD }))
  })

  it('refuses an expired token', async () => {
    const { student, token } = await pendingWithToken()
    expireEmailTokens(student.id)
    await expectInvalidToken(anonymous().caller.auth.verifyEmail({ token, password: TEST_PASSWORD }))
    expect(userByEmail(student.email)?.emailVerifiedAt).toBeNull()
  })

  it('refuses a token sent to an address the account no longer uses', async () => {
    const { student, token } = await pendingWithToken()
    world.db.update(users).set({ email: 'nova@univille.br' }).where(eq(users.id, student.id)).run()
    await expectInvalidToken(anonymous().caller.auth.verifyEmail({ token, password: TEST_PASSWORD }))
    expect(userByEmail('nova@univille.br')?.emailVerifiedAt).toBeNull()
  })

  it('refuses a token of another purpose and an unknown token', async () => {
    const student = await createStudent(world.db)
    await anonymous().caller.auth.requestPasswordReset({ email: student.email })
    await mailAfterResponse()
    const resetToken = lastMailToken(world.services.mailer)
    await expectInvalidToken(
      anonymous().caller.auth.verifyEmail({ token: resetToken, password: TEST_PASSWORD }),
    )
    await expectInvalidToken(
      anonymous().caller.auth.verifyEmail({ token: 'a'.repeat(32), password: TEST_PASSWORD }),
    )
    expect(userByEmail(student.email)?.emailVerifiedAt).toBeNull()
  })
})

// ---------------------------------------------------------------- resendVerification

describe('auth.resendVerification', () => {
  it('sends a new link and the previous one stops working', async () => {
    const student = await createStudent(world.db)
    const { caller } = callerFor(world.services, { userId: student.id })
    await caller.auth.resendVerification()
    const first = lastMailToken(world.services.mailer)
    await expect(caller.auth.resendVerification()).resolves.toEqual({ ok: true })
    const second = lastMailToken(world.services.mailer)

    expect(world.services.mailer.sent).toHaveLength(2)
    expect(world.services.mailer.last?.to).toBe(student.email)
    expect(second).not.toBe(first)
    await expectInvalidToken(anonymous().caller.auth.verifyEmail({ token: first, password: TEST_PASSWORD }))
    await expect(
      anonymous().caller.auth.verifyEmail({ token: second, password: TEST_PASSWORD }),
    ).resolves.toMatchObject({ ok: true })
  })

  it('refuses once the e-mail is confirmed', async () => {
    const student = await createStudent(world.db, { emailVerified: true })
    await expectAppError(
      callerFor(world.services, { userId: student.id }).caller.auth.resendVerification(),
      'ALREADY_VERIFIED',
      'BAD_REQUEST',
    )
    expect(world.services.mailer.sent).toHaveLength(0)
  })

  it('sends at most 3 mails per account', async () => {
    const student = await createStudent(world.db)
    for (let attempt = 0; attempt < 3; attempt++) {
      // A new session (and address) each time: the limit follows the account.
      await callerFor(
        world.services,
        { userId: student.id },
        { ip: `10.0.0.${attempt}` },
      ).caller.auth.resendVerification()
    }
    const error = await expectTRPCError(
      callerFor(world.services, { userId: student.id }, { ip: '10.0.0.9' }).caller.auth.resendVerification(),
      'TOO_MANY_REQUESTS',
    )
    expect(error.message).toBe(RATE_LIMIT_MESSAGE)
    expect(world.services.mailer.sent).toHaveLength(3)
  })

  it('refuses an anonymous caller', async () => {
    await expectAppError(anonymous().caller.auth.resendVerification(), 'UNAUTHENTICATED', 'UNAUTHORIZED')
  })
})

// ---------------------------------------------------------------- password reset

describe('auth.requestPasswordReset', () => {
  it('mails a reset link to an existing account', async () => {
    const student = await createStudent(world.db)
    await expect(
      anonymous().caller.auth.requestPasswordReset({ email: ` ${student.email.toUpperCase()}` }),
    ).resolves.toEqual({ ok: true })
    await mailAfterResponse()
    expect(world.services.mailer.sent).toHaveLength(1)
    expect(world.services.mailer.last?.to).toBe(student.email)
    expect(world.services.mailer.last?.link).toMatch(
      /^http:\/\/localhost:3000\/univille\/redefinir-senha\?token=[a-z2-7]+$/,
    )
  })

  it('answers an unknown e-mail exactly the same, without sending anything', async () => {
    const student = await createStudent(world.db)
    const known = await anonymous().caller.auth.requestPasswordReset({ email: student.email })
    await mailAfterResponse()
    const unknown = await anonymous().caller.auth.requestPasswordReset({ email: 'fantasma@univille.br' })
    await mailAfterResponse()
    expect(unknown).toEqual(known)
    expect(world.services.mailer.sent.map((mail) => mail.to)).toEqual([student.email])
  })

  it('validates the e-mail', async () => {
    await expectValidationMessage(
      anonymous().caller.auth.requestPasswordReset({ email: 'sem-arroba' }),
      'Email inválido',
    )
  })
})

describe('auth.resetPassword', () => {
  async function studentWithResetToken(overrides = {}) {
    const student = await createStudent(world.db, overrides)
    await anonymous().caller.auth.requestPasswordReset({ email: student.email })
    await mailAfterResponse()
    return { student, token: lastMailToken(world.services.mailer) }
  }

  it('replaces the password and signs the account out everywhere', async () => {
    const { student, token } = await studentWithResetToken()
    const phone = callerFor(world.services, { userId: student.id })
    const laptop = callerFor(world.services, { userId: student.id })

    await expect(
      anonymous().caller.auth.resetPassword({ token, password: 'nova-senha-456' }),
    ).resolves.toEqual({ ok: true })

    expect(validateSessionToken(world.db, phone.sessionToken ?? '')).toBeNull()
    expect(validateSessionToken(world.db, laptop.sessionToken ?? '')).toBeNull()
    expect(world.db.select().from(sessions).where(eq(sessions.userId, student.id)).all()).toHaveLength(0)
    await expectAppError(
      anonymous().caller.auth.signIn({ email: student.email, password: student.password }),
      'INVALID_CREDENTIALS',
    )
    await expect(
      anonymous().caller.auth.signIn({ email: student.email, password: 'nova-senha-456' }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
    // The link reached the inbox: the address is proven.
    expect(userByEmail(student.email)?.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('refuses a token used twice', async () => {
    const { token } = await studentWithResetToken()
    await anonymous().caller.auth.resetPassword({ token, password: 'nova-senha-456' })
    await expectInvalidToken(anonymous().caller.auth.resetPassword({ token, password: 'outra-senha-789' }))
  })

  it('refuses an expired token and keeps the old password', async () => {
    const { student, token } = await studentWithResetToken()
    expireEmailTokens(student.id)
    await expectInvalidToken(anonymous().caller.auth.resetPassword({ token, password: 'nova-senha-456' }))
    await expect(
      anonymous().caller.auth.signIn({ email: student.email, password: student.password }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
  })

  it('refuses a token sent before the e-mail changed, and a verification token', async () => {
    const { student, token } = await studentWithResetToken()
    world.db.update(users).set({ email: 'trocado@univille.br' }).where(eq(users.id, student.id)).run()
    await expectInvalidToken(anonymous().caller.auth.resetPassword({ token, password: 'nova-senha-456' }))
    const pending = await createStudent(world.db)
    await callerFor(world.services, { userId: pending.id }).caller.auth.resendVerification()
    await expectInvalidToken(
      anonymous().caller.auth.resetPassword({
        token: lastMailToken(world.services.mailer),
        password: 'nova-senha-456',
      }),
    )
  })

  it('refuses a short password without spending the token', async () => {
    const { student, token } = await studentWithResetToken()
    await expectValidationMessage(
      anonymous().caller.auth.resetPassword({ token, password: '123' }),
      'Senha deve ter no mínimo 6 caracteres',
    )
    await anonymous().caller.auth.resetPassword({ token, password: 'agora-sim-123' })
    await expect(
      anonymous().caller.auth.signIn({ email: student.email, password: 'agora-sim-123' }),
    ).resolves.toEqual({ ok: true, twoFactorRequired: false })
  })
})

// ---------------------------------------------------------------- completeProfile

describe('auth.completeProfile', () => {
  const profileInput = { username: 'novo_nome', university: 'Univille', course: 'Arquitetura' }

  it('refuses accounts that are not full members', async () => {
    const pending = await createStudent(world.db)
    await expectAppError(
      callerFor(world.services, { userId: pending.id }).caller.auth.completeProfile(profileInput),
      'EMAIL_NOT_VERIFIED',
      'FORBIDDEN',
    )
    const approvedUnverified = await createStudent(world.db, { approved: true })
    await expectAppError(
      callerFor(world.services, { userId: approvedUnverified.id }).caller.auth.completeProfile(profileInput),
      'EMAIL_NOT_VERIFIED',
      'FORBIDDEN',
    )
    const verifiedPending = await createStudent(world.db, { emailVerified: true })
    await expectAppError(
      callerFor(world.services, { userId: verifiedPending.id }).caller.auth.completeProfile(profileInput),
      'NOT_APPROVED',
      'FORBIDDEN',
    )
    await expectAppError(
      anonymous().caller.auth.completeProfile(profileInput),
      'UNAUTHENTICATED',
      'UNAUTHORIZED',
    )
    expect(profileOf(pending.id)?.username).toBe(pending.username)
  })

  it('saves username, university, course and the community of the e-mail domain', async () => {
    const student = await createStudent(world.db, { member: true, university: null, communityId: null })
    const { caller } = callerFor(world.services, { userId: student.id })
    await expect(caller.auth.me()).resolves.toMatchObject({ needsProfileCompletion: true })

    await expect(caller.auth.completeProfile(profileInput)).resolves.toEqual({ ok: true })

    expect(profileOf(student.id)).toMatchObject({
      username: 'novo_nome',
      university: 'Univille',
      course: 'Arquitetura',
      communityId: communityBySlug(world.db, 'univille').id,
    })
    await expect(callerFor(world.services, { userId: student.id }).caller.auth.me()).resolves.toMatchObject({
      username: 'novo_nome',
      needsProfileCompletion: false,
      communitySlug: 'univille',
    })
  })

  it('falls back to the default community when no community has the e-mail domain', async () => {
    const student = await createStudent(world.db, {
      member: true,
      email: 'externo@example.com',
      communityId: null,
    })
    await callerFor(world.services, { userId: student.id }).caller.auth.completeProfile(profileInput)
    expect(profileOf(student.id)?.communityId).toBe(communityBySlug(world.db, 'univille').id)
  })

  it("refuses another user's username in a different case, but keeps one's own", async () => {
    await createStudent(world.db, { member: true, username: 'Maria_Clara' })
    const student = await createStudent(world.db, { member: true, username: 'meu_nome' })
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectAppError(
      caller.auth.completeProfile({ ...profileInput, username: 'maria_clara' }),
      'USERNAME_TAKEN',
      'CONFLICT',
    )
    expect(profileOf(student.id)?.username).toBe('meu_nome')
    await expect(caller.auth.completeProfile({ ...profileInput, username: 'MEU_NOME' })).resolves.toEqual({
      ok: true,
    })
    expect(profileOf(student.id)?.username).toBe('MEU_NOME')
  })

  it.each([
    [{ university: ' ' }, 'Universidade é obrigatória'],
    [{ course: '' }, 'Curso é obrigatório'],
    [{ username: 'x' }, 'Username deve ter no mínimo 3 caracteres'],
    [{ username: 'nome!' }, 'Apenas letras, números e _'],
  ])('validates %o', async (overrides, message) => {
    const student = await createStudent(world.db, { member: true })
    await expectValidationMessage(
      callerFor(world.services, { userId: student.id }).caller.auth.completeProfile({
        ...profileInput,
        ...overrides,
      }),
      message,
    )
    expect(profileOf(student.id)?.username).toBe(student.username)
  })
})

// ---------------------------------------------------------------- me

describe('auth.me', () => {
  it('is null for an anonymous caller', async () => {
    await expect(anonymous().caller.auth.me()).resolves.toBeNull()
  })

  it('describes the signed-in user without any password field', async () => {
    const admin = await createAdmin(world.db)
    const me = await callerFor(world.services, { userId: admin.id }).caller.auth.me()
    expect(me).toMatchObject({
      id: admin.id,
      email: admin.email,
      emailVerified: true,
      approved: true,
      isAdmin: true,
      username: admin.username,
      university: 'Univille',
      communitySlug: 'univille',
      needsProfileCompletion: false,
    })
    expect(me?.roles).toEqual(expect.arrayContaining(['user', 'admin']))
    expect(Object.keys(me ?? {}).filter((key) => /password/i.test(key))).toEqual([])
    expect(JSON.stringify(me)).not.toMatch(/argon2/)
  })

  it('asks for the profile to be completed while the university is missing', async () => {
    const student = await createStudent(world.db, { member: true, university: null })
    const me = await callerFor(world.services, { userId: student.id }).caller.auth.me()
    expect(me).toMatchObject({ university: null, needsProfileCompletion: true, isAdmin: false })
  })
})

// ---------------------------------------------------------------- onAccountChange

describe('auth.onAccountChange', () => {
  it("delivers an administrator's approval to the user's open subscription", async () => {
    const admin = await createAdmin(world.db)
    const student = await createStudent(world.db, { emailVerified: true })
    const controller = new AbortController()
    const subscriber = callerFor(world.services, { userId: student.id }, {}, { signal: controller.signal })
    try {
      const events = await subscriber.caller.auth.onAccountChange()
      const iterator = events[Symbol.asyncIterator]()
      const first = iterator.next()
      await withTimeout(world.services.bus.listening('account', student.id), 2000, 'a assinatura não começou')

      await callerFor(world.services, { userId: admin.id }).caller.admin.users.approve({ userId: student.id })

      await expect(withTimeout(first, 2000, 'nenhum evento chegou')).resolves.toEqual({
        done: false,
        value: { reason: 'approved' },
      })
      controller.abort()
      // Aborting ends the subscription (its bus listener is released).
      await expect(withTimeout(iterator.next(), 2000, 'a assinatura não terminou')).resolves.toMatchObject({
        done: true,
      })
    } finally {
      controller.abort()
    }
  })

  it('refuses an anonymous caller', async () => {
    await expectAppError(anonymous().caller.auth.onAccountChange(), 'UNAUTHENTICATED', 'UNAUTHORIZED')
  })
})

// ---------------------------------------------------------------- admin.users

describe('admin.users', () => {
  function otherCommunity() {
    return world.db
      .insert(communities)
      .values({
        slug: 'furb',
        name: 'FURB',
        universityName: 'Universidade Regional de Blumenau',
        emailDomain: 'furb.br',
        active: true,
        primaryColor: '#123456',
        secondaryColor: '#654321',
      })
      .returning()
      .get()
  }

  it('refuses anonymous callers, pending users and students', async () => {
    const pending = await createStudent(world.db, { emailVerified: true })
    const student = await createStudent(world.db, { member: true })
    const target = await createStudent(world.db)

    const anon = anonymous().caller
    await expectAppError(anon.admin.users.list({}), 'UNAUTHENTICATED', 'UNAUTHORIZED')
    await expectAppError(anon.admin.users.approve({ userId: target.id }), 'UNAUTHENTICATED', 'UNAUTHORIZED')

    const pendingCaller = callerFor(world.services, { userId: pending.id }).caller
    await expectTRPCError(pendingCaller.admin.users.list({}), 'FORBIDDEN')
    await expectTRPCError(pendingCaller.admin.users.approve({ userId: target.id }), 'FORBIDDEN')

    const studentCaller = callerFor(world.services, { userId: student.id }).caller
    await expectAppError(studentCaller.admin.users.list({}), 'FORBIDDEN', 'FORBIDDEN')
    await expectAppError(studentCaller.admin.users.approve({ userId: target.id }), 'FORBIDDEN', 'FORBIDDEN')
    // A student may not approve even themself.
    await expectAppError(studentCaller.admin.users.approve({ userId: pending.id }), 'FORBIDDEN')

    expect(profileOf(target.id)?.approved).toBe(false)
    expect(profileOf(pending.id)?.approved).toBe(false)
  })

  it("lists the users of the admin's own community, newest first, filtered", async () => {
    const admin = await createAdmin(world.db)
    const pending = await createStudent(world.db)
    const furb = otherCommunity()
    const outsider = await createStudent(world.db, { email: 'fora@furb.br', communityId: furb.id })
    const { caller } = callerFor(world.services, { userId: admin.id })

    const all = await caller.admin.users.list({})
    const ids = all.map((user) => user.id)
    expect(ids).toContain(admin.id)
    expect(ids).toContain(pending.id)
    expect(ids).not.toContain(outsider.id)
    expect(all.flatMap((user) => Object.keys(user)).filter((key) => /password/i.test(key))).toEqual([])

    const pendingOnly = await caller.admin.users.list({ filter: 'pending' })
    expect(pendingOnly.map((user) => user.id)).toEqual([pending.id])
    const approvedOnly = await caller.admin.users.list({ filter: 'approved' })
    expect(approvedOnly.map((user) => user.id)).toEqual([admin.id])
  })

  it('searches by name, username and e-mail, with wildcards taken literally', async () => {
    const admin = await createAdmin(world.db)
    const beatriz = await createStudent(world.db, {
      email: 'bia@univille.br',
      fullName: 'Beatriz Souza',
      username: 'bia_s',
    })
    await createStudent(world.db, { email: 'carla@univille.br', fullName: 'Carla Lima', username: 'carlal' })
    const { caller } = callerFor(world.services, { userId: admin.id })
    const search = async (text: string) =>
      (await caller.admin.users.list({ search: text })).map((user) => user.email)

    expect(await search('souza')).toEqual([beatriz.email])
    expect(await search('bia_s')).toEqual([beatriz.email])
    expect(await search('carla@')).toEqual(['carla@univille.br'])
    // '_' and '%' are characters, not LIKE wildcards.
    expect(await search('bia%')).toEqual([])
    expect(await search('c_rla')).toEqual([])
  })

  // '_' is escaped in the pattern, so the e-mail condition needs `escape '\'` like the others.
  it('finds a user by an e-mail fragment containing an underscore', async () => {
    const admin = await createAdmin(world.db)
    await createStudent(world.db, {
      email: 'joao_pedro@univille.br',
      fullName: 'João Pedro',
      username: 'jp2024',
    })
    const found = await callerFor(world.services, { userId: admin.id }).caller.admin.users.list({
      search: 'joao_pedro',
    })
    expect(found.map((user) => user.email)).toEqual(['joao_pedro@univille.br'])
  })

  it('approves a user of the community and tells them', async () => {
    const admin = await createAdmin(world.db)
    const pending = await createStudent(world.db)
    const { caller } = callerFor(world.services, { userId: admin.id })
    await expect(caller.admin.users.approve({ userId: pending.id })).resolves.toEqual({ ok: true })
    expect(profileOf(pending.id)).toMatchObject({ approved: true, approvedAt: expect.any(Date) })
    await expect(callerFor(world.services, { userId: pending.id }).caller.auth.me()).resolves.toMatchObject({
      approved: true,
    })
  })

  it('does not see users of another community, nor unknown ids', async () => {
    const admin = await createAdmin(world.db)
    const furb = otherCommunity()
    const outsider = await createStudent(world.db, { email: 'aluno@furb.br', communityId: furb.id })
    const { caller } = callerFor(world.services, { userId: admin.id })
    await expectAppError(caller.admin.users.approve({ userId: outsider.id }), 'USER_NOT_FOUND', 'NOT_FOUND')
    expect(profileOf(outsider.id)?.approved).toBe(false)
    await expectAppError(caller.admin.users.approve({ userId: 999_999 }), 'USER_NOT_FOUND', 'NOT_FOUND')
  })
})

// ---------------------------------------------------------------- session lifetime

describe('session lifetime', () => {
  function setSessionExpiry(sessionId: string, expiresAt: Date) {
    world.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId)).run()
  }

  it('extends a session with less than 15 days left to 30 days, and re-sends the cookie', async () => {
    const student = await createStudent(world.db)
    const signedIn = callerFor(world.services, { userId: student.id })
    const token = signedIn.sessionToken ?? ''
    const sessionId = signedIn.session?.id ?? ''
    setSessionExpiry(sessionId, new Date(Date.now() + 10 * DAY))

    const cookies: string[] = []
    const resolved = resolveSession(world.services, requestWithSessionCookie(token), (cookie) =>
      cookies.push(cookie),
    )
    expect(resolved.user?.id).toBe(student.id)
    expect(resolved.session?.renewed).toBe(true)
    const expected = Date.now() + SESSION_LIFETIME_MS
    expect(resolved.session?.expiresAt.getTime()).toBeGreaterThan(expected - 60_000)
    expect(resolved.session?.expiresAt.getTime()).toBeLessThanOrEqual(expected)
    const row = world.db.select().from(sessions).where(eq(sessions.id, sessionId)).get()
    expect(row?.expiresAt.getTime()).toBe(resolved.session?.expiresAt.getTime())
    expect(sessionCookieFrom(cookies)?.value).toBe(token)
    expect(sessionCookieFrom(cookies)?.expires?.getTime()).toBeGreaterThan(expected - 60_000)
  })

  it('leaves a session with more than 15 days left alone', async () => {
    const student = await createStudent(world.db)
    const signedIn = callerFor(world.services, { userId: student.id })
    const sessionId = signedIn.session?.id ?? ''
    const expiresAt = new Date(Date.now() + 20 * DAY)
    setSessionExpiry(sessionId, expiresAt)

    const cookies: string[] = []
    const resolved = resolveSession(
      world.services,
      requestWithSessionCookie(signedIn.sessionToken ?? ''),
      (cookie) => cookies.push(cookie),
    )
    expect(resolved.session?.renewed).toBe(false)
    expect(resolved.session?.expiresAt.getTime()).toBe(expiresAt.getTime())
    expect(cookies).toHaveLength(0)
  })

  it('deletes an expired session and treats the caller as anonymous', async () => {
    const student = await createStudent(world.db)
    const signedIn = callerFor(world.services, { userId: student.id })
    const token = signedIn.sessionToken ?? ''
    const sessionId = signedIn.session?.id ?? ''
    setSessionExpiry(sessionId, new Date(Date.now() - 1000))

    expect(validateSessionToken(world.db, token)).toBeNull()
    expect(world.db.select().from(sessions).where(eq(sessions.id, sessionId)).get()).toBeUndefined()
    expect(resolveSession(world.services, requestWithSessionCookie(token))).toEqual({
      session: null,
      user: null,
    })
    await expect(callerForToken(world.services, token).caller.auth.me()).resolves.toBeNull()
  })
})
