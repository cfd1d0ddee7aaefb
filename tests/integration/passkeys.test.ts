import { parseSetCookie } from 'cookie'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { passkeyChallenges, passkeys, sessions } from '../../server/db/schema'
import { PASSKEY_COOKIE, relyingParty } from '../../server/people/auth/passkeys'
import { validateSessionToken } from '../../server/people/auth/session'
import { PASSKEYS_PER_ACCOUNT } from '../../shared/schemas/passkeys'
import { expectAppError, expectNoneOf } from '../support/assertions'
import { type AuthenticatorBehaviour, SoftwareAuthenticator } from '../support/passkey-authenticator'
import {
  type AppCaller,
  callerFor,
  callerForToken,
  createAdmin,
  setUpTestWorld,
  TEST_PASSWORD,
} from '../support/test-app'

const PUBLIC_URL = 'https://vupt.univille.br'
const ORIGIN = 'https://vupt.univille.br'
const world = setUpTestWorld({ services: { publicUrl: PUBLIC_URL } })

/** Moves every challenge's deadline to the past, as if the prompt had stayed open too long. */
function expireChallenges() {
  world.db
    .update(passkeyChallenges)
    .set({ expiresAt: new Date(Date.now() - 1) })
    .run()
}

/**
 * Moves the session's last proof of password back beyond the reauthentication window; returns a caller
 * on that session as the next request would see it.
 */
function ageAuthentication(token: string | null) {
  const session = validateSessionToken(world.db, token ?? '')
  world.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.id, session?.id ?? ''))
    .run()
  return callerForToken(world.services, token).caller
}

/** Signs in with the authenticator's passkey from `visitor`'s browser: options first, then the answer. */
async function passkeySignIn(visitor: ReturnType<typeof browser>, authenticator: SoftwareAuthenticator) {
  const options = await visitor.caller().auth.passkeySignInOptions()
  return visitor.caller().auth.signInWithPasskey({ response: authenticator.get(options) })
}

const storedPasskeys = (userId: number) =>
  world.db.select().from(passkeys).where(eq(passkeys.userId, userId)).all()

/** A member with a password, signed in a moment ago (inside the reauthentication window). */
async function memberWithAuthenticator(behaviour: AuthenticatorBehaviour = {}, admin = false) {
  const student = admin
    ? await createAdmin(world.db, { totpKey: undefined })
    : await createStudent(world.db, { member: true })
  return {
    student,
    signedIn: callerFor(world.services, { userId: student.id }),
    authenticator: new SoftwareAuthenticator(ORIGIN, behaviour),
  }
}

/** Asks for options, lets the authenticator create a passkey and registers it. */
async function register(caller: AppCaller, authenticator: SoftwareAuthenticator, name = 'Celular') {
  const options = await caller.account.passkeys.registrationOptions()
  return caller.account.passkeys.register({ name, response: authenticator.create(options) })
}

/** A browser with no session: what it sends and the cookies it was given. */
function browser() {
  const jar = new Map<string, string>()
  const caller = () => {
    const header = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const call = callerFor(world.services, null, {
      ip: '10.0.0.7',
      cookieHeader: header || undefined,
      setCookie: (serialized) => {
        const cookie = parseSetCookie(serialized)
        jar.set(cookie.name, cookie.value ?? '')
      },
    })
    return call.caller
  }
  return { caller, jar }
}

describe('a parte confiável (relying party)', () => {
  it('vem do PUBLIC_URL, e o prefixo de uma comunidade não muda nada', async () => {
    expect(relyingParty('https://vupt.univille.br')).toEqual({
      id: 'vupt.univille.br',
      origin: 'https://vupt.univille.br',
      name: 'Vupt',
    })
    expect(relyingParty('https://vupt.app/univille')).toMatchObject({
      id: 'vupt.app',
      origin: 'https://vupt.app',
    })
    const { signedIn } = await memberWithAuthenticator()
    const options = await signedIn.caller.account.passkeys.registrationOptions()
    expect(options.rp).toEqual({ id: 'vupt.univille.br', name: 'Vupt' })
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    // The user handle names nobody: 32 random bytes, not the e-mail or the id.
    expect(options.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

describe('cadastrar uma chave de acesso', () => {
  it('pede a senha recente, guarda a chave com contador e cópia de segurança, e a lista sem a chave', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator({ synced: true, counts: true })
    const later = ageAuthentication(signedIn.sessionToken)
    await expectAppError(later.account.passkeys.registrationOptions(), 'REAUTH_REQUIRED', 'FORBIDDEN')
    await later.account.reauthenticate({ password: TEST_PASSWORD })

    await register(callerForToken(world.services, signedIn.sessionToken).caller, authenticator, 'Notebook')
    const [stored] = storedPasskeys(student.id)
    expect(stored).toMatchObject({
      name: 'Notebook',
      counter: 1,
      backedUp: true,
      deviceType: 'multiDevice',
      transports: ['internal'],
      credentialId: [...authenticator.held.keys()][0],
      lastUsedAt: null,
    })
    const security = await signedIn.caller.account.security()
    expect(security.passkeys).toEqual([
      {
        id: stored?.id,
        name: 'Notebook',
        createdAt: stored?.createdAt,
        lastUsedAt: null,
        backedUp: true,
        deviceType: 'multiDevice',
      },
    ])
    // The registration changed how the account may sign in: an administrator could now use the panel.
    expect(callerFor(world.services, { userId: student.id }).user?.hasPasskey).toBe(true)
  })

  it('o desafio é da sessão que pediu, vale uma vez e por pouco tempo', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator()
    const options = await signedIn.caller.account.passkeys.registrationOptions()
    const response = authenticator.create(options)

    // Another session of the same account (another device) cannot answer it.
    const elsewhere = callerFor(world.services, { userId: student.id })
    await expectAppError(
      elsewhere.caller.account.passkeys.register({ name: 'Outro', response }),
      'PASSKEY_CHALLENGE_INVALID',
      'BAD_REQUEST',
    )
    await signedIn.caller.account.passkeys.register({ name: 'Celular', response })
    // Answered once, the challenge is gone.
    await expectAppError(
      signedIn.caller.account.passkeys.register({ name: 'De novo', response }),
      'PASSKEY_CHALLENGE_INVALID',
    )

    // A wrong answer spends it too: no second try on the same challenge.
    const next = await signedIn.caller.account.passkeys.registrationOptions()
    const second = new SoftwareAuthenticator(ORIGIN)
    await expectAppError(
      signedIn.caller.account.passkeys.register({
        name: 'Notebook',
        response: second.create(next, { origin: 'https://vupt-univille.com' }),
      }),
      'PASSKEY_INVALID',
    )
    await expectAppError(
      signedIn.caller.account.passkeys.register({ name: 'Notebook', response: second.create(next) }),
      'PASSKEY_CHALLENGE_INVALID',
    )

    const late = second.create(await signedIn.caller.account.passkeys.registrationOptions())
    expireChallenges()
    await expectAppError(
      signedIn.caller.account.passkeys.register({ name: 'Notebook', response: late }),
      'PASSKEY_CHALLENGE_EXPIRED',
      'BAD_REQUEST',
    )
    expect(storedPasskeys(student.id).map((passkey) => passkey.name)).toEqual(['Celular'])
  })

  it('recusa a resposta de outro site, sem verificação da pessoa, ou uma chave já cadastrada', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator()
    const options = () => signedIn.caller.account.passkeys.registrationOptions()

    const phished = authenticator.create(await options(), { origin: 'https://vupt-univille.com' })
    await expectAppError(
      signedIn.caller.account.passkeys.register({ name: 'Celular', response: phished }),
      'PASSKEY_INVALID',
      'BAD_REQUEST',
    )
    const otherSite = authenticator.create(await options(), { rpId: 'outro.site' })
    await expectAppError(
      signedIn.caller.account.passkeys.register({ name: 'Celular', response: otherSite }),
      'PASSKEY_INVALID',
    )
    const unverified = new SoftwareAuthenticator(ORIGIN, { userVerified: false })
    await expectAppError(register(signedIn.caller, unverified), 'PASSKEY_INVALID')
    expect(storedPasskeys(student.id)).toEqual([])

    const response = authenticator.create(await options())
    await signedIn.caller.account.passkeys.register({ name: 'Celular', response })
    const again = await options()
    expect(again.excludeCredentials?.map((credential) => credential.id)).toEqual([response.id])
    // A device that ignores excludeCredentials answers with a credential some account already has.
    const copy = authenticator.create(again)
    world.db.update(passkeys).set({ credentialId: copy.id }).where(eq(passkeys.userId, student.id)).run()
    await expectAppError(
      signedIn.caller.account.passkeys.register({ name: 'Cópia', response: copy }),
      'PASSKEY_ALREADY_REGISTERED',
      'CONFLICT',
    )
    expect(storedPasskeys(student.id)).toHaveLength(1)
  })

  it(`aceita até ${PASSKEYS_PER_ACCOUNT} chaves por conta`, async () => {
    const { student, signedIn } = await memberWithAuthenticator()
    for (let index = 0; index < PASSKEYS_PER_ACCOUNT; index++) {
      await register(signedIn.caller, new SoftwareAuthenticator(ORIGIN), `Chave ${index + 1}`)
    }
    await expectAppError(
      signedIn.caller.account.passkeys.registrationOptions(),
      'PASSKEY_LIMIT',
      'BAD_REQUEST',
    )
    expect(storedPasskeys(student.id)).toHaveLength(PASSKEYS_PER_ACCOUNT)
  })
})

describe('entrar com uma chave de acesso', () => {
  it('entra sem senha e sem código, guarda o contador e o último uso', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator({ counts: true, synced: true })
    await register(signedIn.caller, authenticator)
    const visitor = browser()

    const options = await visitor.caller().auth.passkeySignInOptions()
    expect(options.rpId).toBe('vupt.univille.br')
    expect(options.userVerification).toBe('required')
    // No account is named: the device offers its passkeys for this site.
    expect(options.allowCredentials ?? []).toEqual([])
    expect(visitor.jar.get(PASSKEY_COOKIE)).toMatch(/^[a-z2-7]{32}$/)

    const result = await visitor.caller().auth.signInWithPasskey({ response: authenticator.get(options) })
    expect(result).toEqual({ ok: true })
    const token = visitor.jar.get('vupt_session') ?? ''
    const session = validateSessionToken(world.db, token)
    expect(session).toMatchObject({ userId: student.id, twoFactorPending: false })
    expect(session?.secondFactorAt).toBeInstanceOf(Date)
    const me = await callerForToken(world.services, token).caller.auth.me()
    expect(me?.id).toBe(student.id)

    const [stored] = storedPasskeys(student.id)
    expect(stored?.counter).toBe(2)
    expect(stored?.backedUp).toBe(true)
    expect(stored?.lastUsedAt).toBeInstanceOf(Date)
  })

  it('recusa o mesmo desafio de novo, um desafio vencido e o desafio de outro navegador', async () => {
    const { signedIn, authenticator } = await memberWithAuthenticator()
    await register(signedIn.caller, authenticator)
    const visitor = browser()

    const response = authenticator.get(await visitor.caller().auth.passkeySignInOptions())
    await visitor.caller().auth.signInWithPasskey({ response })
    await expectAppError(
      visitor.caller().auth.signInWithPasskey({ response }),
      'PASSKEY_CHALLENGE_INVALID',
      'BAD_REQUEST',
    )

    const late = authenticator.get(await visitor.caller().auth.passkeySignInOptions())
    expireChallenges()
    await expectAppError(
      visitor.caller().auth.signInWithPasskey({ response: late }),
      'PASSKEY_CHALLENGE_EXPIRED',
    )

    // Someone else's browser asked for it: this one holds another cookie, or none.
    const asked = authenticator.get(await visitor.caller().auth.passkeySignInOptions())
    const stranger = browser()
    await stranger.caller().auth.passkeySignInOptions()
    await expectAppError(
      stranger.caller().auth.signInWithPasskey({ response: asked }),
      'PASSKEY_CHALLENGE_INVALID',
    )
    await expectAppError(
      callerFor(world.services).caller.auth.signInWithPasskey({ response: asked }),
      'PASSKEY_CHALLENGE_INVALID',
    )
  })

  it('recusa outra origem, a falta de verificação da pessoa, um contador que voltou e uma chave removida', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator({ counts: true })
    await register(signedIn.caller, authenticator)
    const visitor = browser()
    const options = () => visitor.caller().auth.passkeySignInOptions()
    const attempt = async (response: Parameters<AppCaller['auth']['signInWithPasskey']>[0]['response']) =>
      visitor.caller().auth.signInWithPasskey({ response })

    await expectAppError(
      attempt(authenticator.get(await options(), { origin: 'https://vupt-univille.com' })),
      'PASSKEY_INVALID',
      'BAD_REQUEST',
    )
    const forged = authenticator.get(await options())
    forged.response.signature = authenticator.get(await options()).response.signature
    await expectAppError(attempt(forged), 'PASSKEY_INVALID')

    authenticator.behaviour.userVerified = false
    await expectAppError(attempt(authenticator.get(await options())), 'PASSKEY_INVALID')
    authenticator.behaviour.userVerified = true

    await attempt(authenticator.get(await options(), { counter: 10 }))
    expect(storedPasskeys(student.id)[0]?.counter).toBe(10)
    // A cloned authenticator answers with a counter the original already passed.
    await expectAppError(attempt(authenticator.get(await options(), { counter: 7 })), 'PASSKEY_INVALID')
    expect(storedPasskeys(student.id)[0]?.counter).toBe(10)

    const [stored] = storedPasskeys(student.id)
    await signedIn.caller.account.passkeys.remove({ id: stored?.id ?? 0 })
    await expectAppError(attempt(authenticator.get(await options())), 'PASSKEY_NOT_RECOGNIZED', 'BAD_REQUEST')
  })

  it('conta como as tentativas de senha: cada falha pesa no endereço, e o endereço bloqueado não entra', async () => {
    const { signedIn, authenticator } = await memberWithAuthenticator()
    await register(signedIn.caller, authenticator)
    const visitor = browser()
    const failures = () => world.services.rateLimits.signInFailuresByIp.get('10.0.0.7')

    const stranger = new SoftwareAuthenticator(ORIGIN)
    stranger.create(await signedIn.caller.account.passkeys.registrationOptions())
    await expectAppError(passkeySignIn(visitor, stranger), 'PASSKEY_NOT_RECOGNIZED')
    expect((await failures())?.consumedPoints).toBe(1)

    // An address shut out by wrong passwords (or wrong passkeys) is refused before anything is checked.
    const response = authenticator.get(await visitor.caller().auth.passkeySignInOptions())
    await world.services.rateLimits.signInFailuresByIp.block('10.0.0.7', 60)
    await expectAppError(
      visitor.caller().auth.signInWithPasskey({ response }),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )
    await expectAppError(visitor.caller().auth.passkeySignInOptions(), 'RATE_LIMITED')
    expect(visitor.jar.has('vupt_session')).toBe(false)
  })
})

describe('o administrador com uma chave de acesso', () => {
  it('abre o painel sem código do app; com a senha só, não', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator({}, true)
    await expectAppError(signedIn.caller.admin.users.list({}), 'TWO_FACTOR_ENROLMENT_REQUIRED', 'FORBIDDEN')
    await register(signedIn.caller, authenticator)
    // The session that registered signed in with the password alone.
    await expectAppError(
      callerFor(world.services, { userId: student.id }).caller.admin.users.list({}),
      'TWO_FACTOR_SESSION_REQUIRED',
      'FORBIDDEN',
    )

    const visitor = browser()
    await passkeySignIn(visitor, authenticator)
    const admin = callerForToken(world.services, visitor.jar.get('vupt_session') ?? '')
    expect(await admin.caller.auth.twoFactorPending()).toEqual({ pending: false })
    await expect(admin.caller.admin.users.list({})).resolves.toBeDefined()
  })

  it('com a verificação em duas etapas ativa, também entra sem o código', async () => {
    const admin = await createAdmin(world.db)
    const signedIn = callerFor(world.services, { userId: admin.id })
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(signedIn.caller, authenticator)
    const visitor = browser()
    await passkeySignIn(visitor, authenticator)
    const caller = callerForToken(world.services, visitor.jar.get('vupt_session') ?? '')
    expect(caller.session?.twoFactorPending).toBe(false)
    await expect(caller.caller.admin.users.list({})).resolves.toBeDefined()
  })
})

describe('remover, exportar e excluir a conta', () => {
  it('remove só as próprias chaves, com a senha recente', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator()
    await register(signedIn.caller, authenticator)
    const [stored] = storedPasskeys(student.id)
    const other = await memberWithAuthenticator()
    await expectAppError(
      other.signedIn.caller.account.passkeys.remove({ id: stored?.id ?? 0 }),
      'PASSKEY_NOT_FOUND',
      'NOT_FOUND',
    )
    const later = ageAuthentication(signedIn.sessionToken)
    await expectAppError(later.account.passkeys.remove({ id: stored?.id ?? 0 }), 'REAUTH_REQUIRED')
    expect(storedPasskeys(student.id)).toHaveLength(1)
    await later.account.reauthenticate({ password: TEST_PASSWORD })
    await callerForToken(world.services, signedIn.sessionToken).caller.account.passkeys.remove({
      id: stored?.id ?? 0,
    })
    expect(storedPasskeys(student.id)).toEqual([])
  })

  it('a exportação lista as chaves sem a chave pública nem o id da credencial', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator()
    await register(signedIn.caller, authenticator, 'Chaveiro USB')
    const [stored] = storedPasskeys(student.id)
    const exported = await signedIn.caller.account.exportData()
    expect(exported.passkeys).toEqual([
      {
        name: 'Chaveiro USB',
        createdAt: stored?.createdAt,
        lastUsedAt: null,
        backedUp: false,
        deviceType: 'singleDevice',
      },
    ])
    expectNoneOf(exported, [stored?.publicKey, stored?.credentialId, stored?.userHandle])
  })

  it('excluir a conta apaga as chaves, e a chave não entra mais', async () => {
    const { student, signedIn, authenticator } = await memberWithAuthenticator()
    await register(signedIn.caller, authenticator)
    await signedIn.caller.account.deleteAccount({ password: TEST_PASSWORD })
    expect(storedPasskeys(student.id)).toEqual([])
    const visitor = browser()
    await expectAppError(passkeySignIn(visitor, authenticator), 'PASSKEY_NOT_RECOGNIZED')
  })
})
