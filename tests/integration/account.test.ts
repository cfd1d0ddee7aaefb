import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStudent } from '../../server/db/factories'
import {
  communities,
  listingImages,
  listings,
  moderationLog,
  oauthAccounts,
  sessions,
  subcategories,
  users,
} from '../../server/db/schema'
import { validateSessionToken } from '../../server/people/auth/session'
import { currentTotpCode } from '../../server/people/auth/two-factor'
import { REAUTH_WINDOW_MS } from '../../shared/schemas/account'
import { expectAppError, expectTRPCError, expectValidationMessage } from '../support/assertions'
import {
  callerFor,
  callerForToken,
  createAdmin,
  sessionCookieFrom,
  setUpTestWorld,
  TEST_PASSWORD,
  tokenFromMail,
} from '../support/test-app'

const world = setUpTestWorld()

/** Moves the session's last proof of password back in time. */
function ageAuthentication(token: string | null, minutes: number) {
  const session = validateSessionToken(world.db, token ?? '')
  if (!session) throw new Error('sessão inválida')
  world.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.id, session.id))
    .run()
}

/** The secret as the authenticator app holds it (the database keeps it encrypted). */
/** A member who asked to move their account to `newEmail`, with the token mailed to the new address. */
async function emailChangeRequested(newEmail: string) {
  const student = await createStudent(world.db, { member: true })
  const { caller } = callerFor(world.services, { userId: student.id })
  await caller.account.requestEmailChange({ newEmail })
  return { student, caller, token: tokenFromMail(world.services.mailer.sent.at(-2)) }
}

const totpKeyOf = (userId: number) => world.services.secrets.open(storedTotpKey(userId))
const storedTotpKey = (userId: number) =>
  world.db.select().from(users).where(eq(users.id, userId)).get()?.totpKey ?? ''

/** Enrols two-factor for the caller and returns the recovery codes. */
async function enrol(userId: number) {
  const { caller } = callerFor(world.services, { userId })
  const details = await caller.account.twoFactor.begin()
  expect(details.qrSvg).toContain('<svg')
  expect(details.uri).toMatch(/^otpauth:\/\/totp\/Vupt:/)
  const { recoveryCodes } = await caller.account.twoFactor.confirm({
    code: currentTotpCode(totpKeyOf(userId)),
  })
  return recoveryCodes
}

/** A fresh database, mailbox and rate limits for every test. */

describe('senha', () => {
  it('troca a senha com a senha atual e encerra as outras sessões', async () => {
    const student = await createStudent(world.db, { member: true })
    const here = callerFor(world.services, { userId: student.id })
    const phone = callerFor(world.services, { userId: student.id })
    await expectAppError(
      here.caller.account.changePassword({ currentPassword: 'errada', newPassword: 'nova-senha-1' }),
      'WRONG_PASSWORD',
    )
    await expectValidationMessage(
      here.caller.account.changePassword({ currentPassword: TEST_PASSWORD, newPassword: '123' }),
      'Senha deve ter no mínimo 6 caracteres',
    )
    await here.caller.account.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'nova-senha-1' })
    expect(validateSessionToken(world.db, phone.sessionToken ?? '')).toBeNull()
    expect(validateSessionToken(world.db, here.sessionToken ?? '')).not.toBeNull()
    const anon = callerFor(world.services, null).caller
    await expectAppError(
      anon.auth.signIn({ email: student.email, password: TEST_PASSWORD }),
      'INVALID_CREDENTIALS',
    )
    expect((await anon.auth.signIn({ email: student.email, password: 'nova-senha-1' })).ok).toBe(true)
  })

  it('pede a senha de novo para mudanças sensíveis depois de 10 minutos', async () => {
    const student = await createStudent(world.db, { member: true })
    const session = callerFor(world.services, { userId: student.id })
    ageAuthentication(session.sessionToken, 11)
    // Each request reads its session afresh, as the HTTP adapter does.
    const request = () => callerForToken(world.services, session.sessionToken).caller
    await expectAppError(request().account.twoFactor.begin(), 'REAUTH_REQUIRED', 'FORBIDDEN')
    await expectAppError(
      request().account.requestEmailChange({ newEmail: 'outro@univille.br' }),
      'REAUTH_REQUIRED',
    )
    expect((await request().account.security()).recentlyAuthenticated).toBe(false)
    await expectAppError(request().account.reauthenticate({ password: 'errada' }), 'WRONG_PASSWORD')
    await request().account.reauthenticate({ password: TEST_PASSWORD })
    expect((await request().account.security()).recentlyAuthenticated).toBe(true)
    expect((await request().account.twoFactor.begin()).secret).toMatch(/^[A-Z2-7]+$/)
  })

  it('a janela de 10 minutos vale até o último milissegundo', async () => {
    const student = await createStudent(world.db, { member: true })
    const { sessionToken } = callerFor(world.services, { userId: student.id })
    const session = validateSessionToken(world.db, sessionToken ?? '')
    if (!session) throw new Error('sessão inválida')
    // The clock stands still at the moment the password was last proven plus ten minutes.
    vi.useFakeTimers({ toFake: ['Date'], now: session.authenticatedAt.getTime() + REAUTH_WINDOW_MS })
    try {
      const request = () => callerForToken(world.services, sessionToken).caller
      expect((await request().account.security()).recentlyAuthenticated).toBe(true)
      expect((await request().account.twoFactor.begin()).secret).toMatch(/^[A-Z2-7]+$/)
      vi.setSystemTime(session.authenticatedAt.getTime() + REAUTH_WINDOW_MS + 1)
      expect((await request().account.security()).recentlyAuthenticated).toBe(false)
      await expectAppError(request().account.twoFactor.begin(), 'REAUTH_REQUIRED', 'FORBIDDEN')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a confirmação da senha tem limite de tentativas, e a certa perdoa as erradas', async () => {
    const student = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: student.id })
    for (let attempt = 0; attempt < 7; attempt++) {
      await expectAppError(caller.account.reauthenticate({ password: 'errada' }), 'WRONG_PASSWORD')
    }
    // The right one forgives the seven before it: eight more wrong ones are counted afresh.
    await caller.account.reauthenticate({ password: TEST_PASSWORD })
    for (let attempt = 0; attempt < 8; attempt++) {
      await expectAppError(caller.account.reauthenticate({ password: 'errada' }), 'WRONG_PASSWORD')
    }
    // Past the limit, even the right password waits.
    await expectAppError(
      caller.account.reauthenticate({ password: TEST_PASSWORD }),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )
  })
})

describe('e-mail', () => {
  it('o novo endereço precisa ser outro', async () => {
    const student = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectAppError(
      caller.account.requestEmailChange({ newEmail: student.email }),
      'SAME_EMAIL',
      'BAD_REQUEST',
    )
    expect(world.services.mailer.sent.filter((mail) => mail.to === student.email)).toEqual([])
  })

  it('três pedidos de troca a cada 15 minutos: o quarto é recusado e nenhum e-mail sai', async () => {
    const student = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: student.id })
    for (const name of ['um', 'dois', 'tres']) {
      await caller.account.requestEmailChange({ newEmail: `${name}.endereco@univille.br` })
    }
    const sent = world.services.mailer.sent.length
    await expectAppError(
      caller.account.requestEmailChange({ newEmail: 'quatro.endereco@univille.br' }),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )
    expect(world.services.mailer.sent).toHaveLength(sent)
  })

  it('troca para outro e-mail institucional só depois do link enviado ao novo endereço', async () => {
    const student = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectAppError(
      caller.account.requestEmailChange({ newEmail: 'eu@gmail.com' }),
      'NOT_INSTITUTIONAL_EMAIL',
      'BAD_REQUEST',
    )
    const other = await createStudent(world.db, { member: true })
    await expectAppError(
      caller.account.requestEmailChange({ newEmail: other.email }),
      'EMAIL_TAKEN',
      'CONFLICT',
    )

    await caller.account.requestEmailChange({ newEmail: 'Novo.Endereco@UNIVILLE.br' })
    const [toNew, toOld] = world.services.mailer.sent.slice(-2)
    expect(toNew?.to).toBe('novo.endereco@univille.br')
    expect(toOld?.to).toBe(student.email)
    expect(toOld?.text).toContain('novo.endereco@univille.br')
    // Nothing changes before the link is used.
    expect((await caller.account.security()).email).toBe(student.email)

    const token = tokenFromMail(toNew)
    // Another browser, not signed in: the account's password is what proves who asked.
    const anon = callerFor(world.services, null).caller
    expect((await anon.account.confirmEmailChange({ token, password: TEST_PASSWORD })).email).toBe(
      'novo.endereco@univille.br',
    )
    await expectAppError(anon.account.confirmEmailChange({ token, password: TEST_PASSWORD }), 'INVALID_TOKEN')
    expect(world.db.select().from(users).where(eq(users.id, student.id)).get()?.email).toBe(
      'novo.endereco@univille.br',
    )
  })

  it('confirmar o novo endereço pede a senha da conta: sem ela ou com a errada, nada muda', async () => {
    const { student, token } = await emailChangeRequested('pedido@univille.br')
    // Whoever reads the new mailbox, in a browser that is not signed in.
    const stranger = callerFor(world.services, null).caller
    const emailOf = () => world.db.select().from(users).where(eq(users.id, student.id)).get()?.email
    await expectAppError(stranger.account.confirmEmailChange({ token, password: '' }), 'WRONG_PASSWORD')
    await expectAppError(stranger.account.confirmEmailChange({ token, password: 'errada' }), 'WRONG_PASSWORD')
    expect(emailOf()).toBe(student.email)
    // The attempts count with the password confirmations of the account: past the limit, even the right one waits.
    for (let attempt = 0; attempt < 6; attempt++) {
      await expectAppError(
        stranger.account.confirmEmailChange({ token, password: 'errada' }),
        'WRONG_PASSWORD',
      )
    }
    await expectAppError(
      stranger.account.confirmEmailChange({ token, password: TEST_PASSWORD }),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )
    expect(emailOf()).toBe(student.email)
    await world.services.rateLimits.reauthByUser.delete(String(student.id))
    // The wrong passwords left the link usable.
    expect((await stranger.account.confirmEmailChange({ token, password: TEST_PASSWORD })).email).toBe(
      'pedido@univille.br',
    )
    expect(emailOf()).toBe('pedido@univille.br')
  })

  it('uma conta sem senha (Google) confirma o novo endereço só com a própria sessão', async () => {
    const { student, caller: own, token } = await emailChangeRequested('google.novo@univille.br')
    world.db.update(users).set({ passwordHash: null }).where(eq(users.id, student.id)).run()
    const other = await createStudent(world.db, { member: true })
    for (const stranger of [
      callerFor(world.services, null),
      callerFor(world.services, { userId: other.id }),
    ]) {
      await expectAppError(
        stranger.caller.account.confirmEmailChange({ token, password: '' }),
        'EMAIL_CHANGE_SIGN_IN_REQUIRED',
        'FORBIDDEN',
      )
    }
    expect(world.db.select().from(users).where(eq(users.id, student.id)).get()?.email).toBe(student.email)
    expect((await own.account.confirmEmailChange({ token, password: '' })).email).toBe(
      'google.novo@univille.br',
    )
  })

  it('não troca para um endereço que outra pessoa ocupou depois do pedido', async () => {
    const { student, token } = await emailChangeRequested('disputado@univille.br')
    const other = await createStudent(world.db, { member: true, email: 'disputado@univille.br' })
    await expectAppError(
      callerFor(world.services, null).caller.account.confirmEmailChange({ token, password: TEST_PASSWORD }),
      'EMAIL_TAKEN',
      'CONFLICT',
    )
    expect(world.db.select().from(users).where(eq(users.id, student.id)).get()?.email).toBe(student.email)
    expect(world.db.select().from(users).where(eq(users.id, other.id)).get()?.email).toBe(
      'disputado@univille.br',
    )
  })
})

describe('verificação em duas etapas', () => {
  const STEP_MS = 30_000
  /** Where the clock stands: the start of a 30-second step. It only moves when a test moves it. */
  let stepStart: number

  beforeEach(() => {
    stepStart = Math.floor(Date.now() / STEP_MS) * STEP_MS
    vi.useFakeTimers({ toFake: ['Date'], now: stepStart })
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  /** Signs in with the password; returns the session still owing its code. */
  async function signInOwingCode(email: string) {
    const cookies: string[] = []
    const anon = callerFor(world.services, null, { setCookie: (cookie) => cookies.push(cookie) }).caller
    expect(await anon.auth.signIn({ email, password: TEST_PASSWORD })).toEqual({
      ok: true,
      twoFactorRequired: true,
    })
    const token = sessionCookieFrom(cookies)?.value ?? null
    return { token, caller: callerForToken(world.services, token).caller }
  }

  it('ativa com QR e código; o login passa a pedir o código, que vale uma vez só', async () => {
    const student = await createStudent(world.db, { member: true })
    const { caller } = callerFor(world.services, { userId: student.id })
    await caller.account.twoFactor.begin()
    await expectAppError(
      caller.account.twoFactor.confirm({ code: '000000' }),
      'INVALID_TWO_FACTOR_CODE',
      'BAD_REQUEST',
    )
    // Enrolled with the code of this step.
    const recoveryCodes = await enrol(student.id)
    expect(storedTotpKey(student.id)).toMatch(/^v1\./)
    expect(storedTotpKey(student.id)).not.toContain(totpKeyOf(student.id))
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)

    const pending = await signInOwingCode(student.email)
    expect(await pending.caller.auth.me()).toBeNull()
    expect((await pending.caller.auth.twoFactorPending()).pending).toBe(true)
    await expectAppError(pending.caller.listings.mine(), 'TWO_FACTOR_REQUIRED')
    await expectAppError(pending.caller.auth.verifyTwoFactor({ code: '123456' }), 'INVALID_TWO_FACTOR_CODE')
    const key = totpKeyOf(student.id)
    // The enrolment's code, in the same step: already spent.
    await expectAppError(
      pending.caller.auth.verifyTwoFactor({ code: currentTotpCode(key) }),
      'INVALID_TWO_FACTOR_CODE',
    )

    // Two steps later, that step's code signs in.
    vi.setSystemTime(stepStart + 2 * STEP_MS)
    const code = currentTotpCode(key)
    await pending.caller.auth.verifyTwoFactor({ code })
    expect((await callerForToken(world.services, pending.token).caller.auth.me())?.email).toBe(student.email)

    // Signing in again within the same step: the same code is refused, and so is the previous step's,
    // though never used and still inside the drift window; the next step's (a fast phone) is taken.
    const second = await signInOwingCode(student.email)
    await expectAppError(second.caller.auth.verifyTwoFactor({ code }), 'INVALID_TWO_FACTOR_CODE')
    await expectAppError(
      second.caller.auth.verifyTwoFactor({ code: currentTotpCode(key, stepStart + STEP_MS) }),
      'INVALID_TWO_FACTOR_CODE',
    )
    expect(await callerForToken(world.services, second.token).caller.auth.me()).toBeNull()
    await second.caller.auth.verifyTwoFactor({ code: currentTotpCode(key, stepStart + 3 * STEP_MS) })
    expect((await callerForToken(world.services, second.token).caller.auth.me())?.email).toBe(student.email)
  })

  it('com as duas etapas ativas, não se troca o segredo sem desativar com um código', async () => {
    const student = await createStudent(world.db, { member: true })
    await enrol(student.id)
    const stored = storedTotpKey(student.id)
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectTRPCError(
      caller.account.twoFactor.begin(),
      'BAD_REQUEST',
      'A verificação em duas etapas já está ativa.',
    )
    vi.setSystemTime(stepStart + STEP_MS)
    await expectTRPCError(
      caller.account.twoFactor.confirm({ code: currentTotpCode(totpKeyOf(student.id)) }),
      'BAD_REQUEST',
      'Comece a ativação novamente.',
    )
    expect(storedTotpKey(student.id)).toBe(stored)
  })

  it('novos códigos de recuperação pedem um código atual e invalidam os antigos', async () => {
    const student = await createStudent(world.db, { member: true })
    const [oldCode, spare] = await enrol(student.id)
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectAppError(
      caller.account.twoFactor.regenerateRecoveryCodes({ code: '999999' }),
      'INVALID_TWO_FACTOR_CODE',
    )
    vi.setSystemTime(stepStart + STEP_MS)
    const { recoveryCodes } = await caller.account.twoFactor.regenerateRecoveryCodes({
      code: currentTotpCode(totpKeyOf(student.id)),
    })
    expect(recoveryCodes).toHaveLength(10)
    expect(recoveryCodes).not.toContain(oldCode)
    expect((await caller.account.security()).recoveryCodesLeft).toBe(10)
    await expectAppError(
      (await signInOwingCode(student.email)).caller.auth.verifyTwoFactor({ code: spare ?? '' }),
      'INVALID_TWO_FACTOR_CODE',
    )
    const pending = await signInOwingCode(student.email)
    await pending.caller.auth.verifyTwoFactor({ code: recoveryCodes[0] ?? '' })
    expect((await callerForToken(world.services, pending.token).caller.auth.me())?.email).toBe(student.email)
  })

  it('um código de recuperação funciona uma vez', async () => {
    const student = await createStudent(world.db, { member: true })
    const [recovery] = await enrol(student.id)
    const signIn = async () => {
      const cookies: string[] = []
      await callerFor(world.services, null, { setCookie: (c) => cookies.push(c) }).caller.auth.signIn({
        email: student.email,
        password: TEST_PASSWORD,
      })
      return callerForToken(world.services, sessionCookieFrom(cookies)?.value ?? null).caller
    }
    await (await signIn()).auth.verifyTwoFactor({ code: recovery?.toUpperCase() ?? '' })
    await expectAppError(
      (await signIn()).auth.verifyTwoFactor({ code: recovery ?? '' }),
      'INVALID_TWO_FACTOR_CODE',
    )
    const security = await callerFor(world.services, { userId: student.id }).caller.account.security()
    expect(security.recoveryCodesLeft).toBe(9)
  })

  it('desativar pede um código válido', async () => {
    const student = await createStudent(world.db, { member: true })
    const [recovery] = await enrol(student.id)
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectAppError(caller.account.twoFactor.disable({ code: '999999' }), 'INVALID_TWO_FACTOR_CODE')
    await caller.account.twoFactor.disable({ code: recovery ?? '' })
    const fresh = callerFor(world.services, { userId: student.id }).caller
    expect((await fresh.account.security()).twoFactorEnabled).toBe(false)
  })

  it('administradores sem duas etapas não usam o painel', async () => {
    const admin = await createAdmin(world.db, { totpKey: undefined })
    const { caller } = callerFor(world.services, { userId: admin.id })
    await expectAppError(caller.admin.users.list({}), 'TWO_FACTOR_ENROLMENT_REQUIRED', 'FORBIDDEN')
    await enrol(admin.id)
    expect(
      Array.isArray(await callerFor(world.services, { userId: admin.id }).caller.admin.users.list({})),
    ).toBe(true)
  })
})

describe('identidades e sessões', () => {
  it('não desvincula o Google quando ele é a única forma de entrar', async () => {
    const student = await createStudent(world.db, { member: true, password: undefined })
    world.db
      .insert(oauthAccounts)
      .values({
        provider: 'google',
        providerUserId: `g-${student.id}`,
        userId: student.id,
        email: student.email,
      })
      .run()
    const { caller } = callerFor(world.services, { userId: student.id })
    await expectTRPCError(caller.account.unlinkGoogle(), 'BAD_REQUEST')
    expect((await caller.account.security()).google?.email).toBe(student.email)

    const withPassword = await createStudent(world.db, { member: true })
    world.db
      .insert(oauthAccounts)
      .values({
        provider: 'google',
        providerUserId: `g-${withPassword.id}`,
        userId: withPassword.id,
        email: withPassword.email,
      })
      .run()
    const other = callerFor(world.services, { userId: withPassword.id }).caller
    await other.account.unlinkGoogle()
    expect((await other.account.security()).google).toBeNull()
  })

  it('lista as sessões, encerra uma e sai de todos os dispositivos', async () => {
    const student = await createStudent(world.db, { member: true })
    const laptop = callerFor(
      world.services,
      { userId: student.id },
      {
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      },
    )
    const phone = callerFor(
      world.services,
      { userId: student.id },
      {
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    )
    const list = (await laptop.caller.account.security()).sessions
    expect(list).toHaveLength(2)
    expect(list.find((s) => s.current)?.device).toMatch(/Chrome em Linux/)
    const phoneSession = list.find((s) => !s.current)
    expect(phoneSession?.device).toMatch(/Safari em iOS.*celular/)
    // Ending another device leaves this browser's cookie alone; ending this one clears it.
    expect(await laptop.caller.account.endSession({ id: phoneSession?.id ?? '' })).toEqual({
      ok: true,
      current: false,
    })
    expect(sessionCookieFrom(laptop.cookies)).toBeUndefined()
    expect(validateSessionToken(world.db, phone.sessionToken ?? '')).toBeNull()
    await expectTRPCError(phone.caller.account.endSession({ id: phoneSession?.id ?? '' }), 'NOT_FOUND')
    const tablet = callerFor(world.services, { userId: student.id })
    const tabletSession = (await tablet.caller.account.security()).sessions.find((s) => s.current)
    expect(await tablet.caller.account.endSession({ id: tabletSession?.id ?? '' })).toEqual({
      ok: true,
      current: true,
    })
    expect(sessionCookieFrom(tablet.cookies)?.value).toBe('')
    await laptop.caller.account.endAllSessions()
    expect(validateSessionToken(world.db, laptop.sessionToken ?? '')).toBeNull()
  })
})

describe('dados e exclusão', () => {
  it('exporta os dados da pessoa e de mais ninguém', async () => {
    const me = await createStudent(world.db, { member: true })
    const other = await createStudent(world.db, { member: true })
    const mine = callerFor(world.services, { userId: me.id }).caller
    const theirs = callerFor(world.services, { userId: other.id }).caller
    const { conversationId } = await mine.chat.start({ username: other.username ?? '' })
    await mine.chat.send({ conversationId, content: 'minha mensagem' })
    await theirs.chat.send({ conversationId, content: 'resposta para mim' })
    const stranger = await createStudent(world.db, { member: true })
    const strangerCaller = callerFor(world.services, { userId: stranger.id }).caller
    const { conversationId: elsewhere } = await strangerCaller.chat.start({ username: other.username ?? '' })
    await strangerCaller.chat.send({ conversationId: elsewhere, content: 'conversa de outras pessoas' })

    const community = world.db.select().from(communities).where(eq(communities.slug, 'univille')).get()
    const sub = world.db.select().from(subcategories).get()
    if (!community || !sub) throw new Error('semente ausente')
    const listingWithPhoto = (sellerId: number, title: string, photo: string) => {
      const id = world.db
        .insert(listings)
        .values({
          communityId: community.id,
          sellerId,
          title,
          description: 'Funciona perfeitamente, com capa.',
          priceCents: 5000,
          mainCategoryId: sub.mainCategoryId,
          subcategoryId: sub.id,
          condition: 'usado',
        })
        .returning({ id: listings.id })
        .get().id
      world.db
        .insert(listingImages)
        .values({ listingId: id, position: 0, cardUrl: photo, fullUrl: photo })
        .run()
      return id
    }
    const myListing = listingWithPhoto(me.id, 'Minha calculadora', '/uploads/minha-foto.webp')
    listingWithPhoto(other.id, 'Calculadora de outra pessoa', '/uploads/foto-de-outra-pessoa.webp')

    const data = await mine.account.exportData()
    expect(data.account.email).toBe(me.email)
    expect(data.listings.map((listing) => [listing.id, listing.title, listing.images])).toEqual([
      [myListing, 'Minha calculadora', ['/uploads/minha-foto.webp']],
    ])
    expect(data.messages.map((m) => [m.content, m.sentByMe])).toEqual([
      ['minha mensagem', true],
      ['resposta para mim', false],
    ])
    const text = JSON.stringify(data)
    expect(text).not.toContain('conversa de outras pessoas')
    expect(text).not.toContain(other.email)
    expect(text).not.toMatch(/password|totpKey|codeHash/i)
    expect(text).not.toContain('foto-de-outra-pessoa')
    // Someone with nothing yet gets empty lists, not placeholders.
    const quiet = await createStudent(world.db, { member: true })
    const empty = await callerFor(world.services, { userId: quiet.id }).caller.account.exportData()
    expect(empty.listings).toEqual([])
    expect(empty.messages).toEqual([])
  })

  it('exclui a conta com a senha: sessões encerradas, e-mail livre, registro no log', async () => {
    const student = await createStudent(world.db, { member: true })
    const session = callerFor(world.services, { userId: student.id })
    await expectAppError(session.caller.account.deleteAccount({ password: 'errada' }), 'WRONG_PASSWORD')
    await session.caller.account.deleteAccount({ password: TEST_PASSWORD })
    expect(validateSessionToken(world.db, session.sessionToken ?? '')).toBeNull()
    await expectAppError(
      callerFor(world.services, null).caller.auth.signIn({ email: student.email, password: TEST_PASSWORD }),
      'INVALID_CREDENTIALS',
    )
    const log = world.db.select().from(moderationLog).where(eq(moderationLog.targetId, student.id)).all()
    expect(log.map((entry) => [entry.actionType, entry.targetType, entry.moderatorId])).toEqual([
      ['delete_account', 'user', null],
    ])
  })
})
