/**
 * Address squatting, played through the real HTTP server by the two people involved: someone signs up
 * with a classmate's institutional address, and the classmate later gets the confirmation link.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, users } from '../../server/db/schema'
import { SESSION_COOKIE } from '../../server/people/auth/session'
import { UPLOAD_ENDPOINT, UPLOAD_FIELD } from '../../shared/uploads'
import { browserHeaders, callTrpc, sessionCookieFor, setUpHttpApp } from '../support/http'
import { solidJpeg } from '../support/images'
import { createAdmin, lastMailToken, setUpTestWorld } from '../support/test-app'

const VICTIM = 'carla.mendes@univille.br'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)

/** The session cookie a response set, as the browser will send it back. */
function sessionCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`))
  if (!cookie) throw new Error('a resposta não abriu sessão')
  return cookie.split(';')[0] ?? ''
}

const data = (json: unknown) => (json as { result?: { data?: unknown } }).result?.data
const appCode = (json: unknown) => (json as { error?: { data?: { appCode?: string } } }).error?.data?.appCode

/** Runs a mutation that must succeed and open a session; returns that session's cookie. */
async function sessionOpenedBy(path: string, input: unknown): Promise<string> {
  const response = await callTrpc(http.app.url, path, 'mutation', input)
  expect(response.status).toBe(200)
  return sessionCookieOf(response.headers)
}

/** Who the session cookie signs in as (auth.me), or null when it signs in as nobody. */
async function signedInAs(cookie: string) {
  return data((await callTrpc(http.app.url, 'auth.me', 'query', undefined, cookie)).json)
}

async function upload(cookie: string) {
  const form = new FormData()
  form.append(
    UPLOAD_FIELD,
    new Blob([new Uint8Array(await solidJpeg(64, 64))], { type: 'image/jpeg' }),
    'a.jpg',
  )
  return fetch(`${http.app.url}${UPLOAD_ENDPOINT}?kind=avatar`, {
    method: 'POST',
    headers: browserHeaders(http.app.url, cookie),
    body: form,
  })
}

describe('address squatting over HTTP', () => {
  it('the squatter gets nothing past the waiting screen, and the mailbox’s owner ends up with the account', async () => {
    // The squatter signs up with Carla's address and gets a session.
    const squatter = await sessionOpenedBy('auth.signUp', {
      email: VICTIM,
      username: 'carla_m',
      fullName: 'Carla Mendes',
      course: 'Medicina',
      matricula: '20241234',
      password: 'senha-do-intruso',
      communitySlug: 'univille',
    })
    expect(await signedInAs(squatter)).toMatchObject({
      email: VICTIM,
      emailVerified: false,
    })

    // Nothing beyond the waiting screen: no two-factor to lock the owner out, no data, no uploads.
    const begin = await callTrpc(http.app.url, 'account.twoFactor.begin', 'mutation', undefined, squatter)
    expect(begin.status).toBe(403)
    expect(appCode(begin.json)).toBe('EMAIL_NOT_VERIFIED')
    expect((await callTrpc(http.app.url, 'account.exportData', 'query', undefined, squatter)).status).toBe(
      403,
    )
    expect((await upload(squatter)).status).toBe(403)

    // Meanwhile an administrator approves what looks like Carla.
    const admin = await createAdmin(world.db)
    const userId = world.db.select({ id: users.id }).from(users).where(eq(users.email, VICTIM)).get()?.id ?? 0
    const approve = await callTrpc(
      http.app.url,
      'admin.users.approve',
      'mutation',
      { userId },
      sessionCookieFor(world.services, admin.id),
    )
    expect(approve.status).toBe(200)

    // Carla opens the link from her inbox. She does not know the password typed at sign-up.
    const link = lastMailToken(world.services.mailer)
    const guess = await callTrpc(http.app.url, 'auth.verifyEmail', 'mutation', {
      token: link,
      password: 'carla123',
    })
    expect(guess.status).toBe(400)
    expect(appCode(guess.json)).toBe('WRONG_SIGN_UP_PASSWORD')
    // "Não criei esta conta": she takes the address with her own password.
    const carla = await sessionOpenedBy('auth.claimAccount', {
      token: link,
      password: 'senha-da-carla',
    })
    expect(await signedInAs(carla)).toMatchObject({
      email: VICTIM,
      emailVerified: true,
      // The approval was of the squatter's sign-up: an administrator looks again.
      approved: false,
    })
    expect(world.db.select().from(profiles).where(eq(profiles.userId, userId)).get()?.approved).toBe(false)

    // The squatter is out: the session is dead and the old password opens nothing.
    expect(await signedInAs(squatter)).toBeNull()
    const again = await callTrpc(http.app.url, 'auth.signIn', 'mutation', {
      email: VICTIM,
      password: 'senha-do-intruso',
    })
    expect(appCode(again.json)).toBe('INVALID_CREDENTIALS')
    const own = await callTrpc(http.app.url, 'auth.signIn', 'mutation', {
      email: VICTIM,
      password: 'senha-da-carla',
    })
    expect(own.status).toBe(200)
  })

  it('a session still owing its second factor cannot upload', async () => {
    const admin = await createAdmin(world.db)
    const signIn = await callTrpc(http.app.url, 'auth.signIn', 'mutation', {
      email: admin.email,
      password: admin.password,
    })
    expect(data(signIn.json)).toEqual({ ok: true, twoFactorRequired: true })
    const owing = sessionCookieOf(signIn.headers)
    expect((await upload(owing)).status).toBe(401)
    expect((await upload(sessionCookieFor(world.services, admin.id))).status).toBe(201)
  })
})

describe('the known-device cookie over HTTP', () => {
  it('a browser that signed in before keeps signing in after strangers exhaust the account', async () => {
    const email = 'dono.do.celular@univille.br'
    await callTrpc(http.app.url, 'auth.signUp', 'mutation', {
      email,
      username: 'dono_celular',
      fullName: 'Dono do Celular',
      course: 'Design',
      matricula: '20240007',
      password: 'senha-do-dono',
      communitySlug: 'univille',
    })
    await callTrpc(http.app.url, 'auth.verifyEmail', 'mutation', {
      token: lastMailToken(world.services.mailer),
      password: 'senha-do-dono',
    })
    const first = await callTrpc(http.app.url, 'auth.signIn', 'mutation', {
      email,
      password: 'senha-do-dono',
    })
    const device = first.headers
      .getSetCookie()
      .find((value) => value.startsWith('vupt_device='))
      ?.split(';')[0]
    expect(device).toBeDefined()

    for (let attempt = 0; attempt < 10; attempt++) {
      await callTrpc(http.app.url, 'auth.signIn', 'mutation', { email, password: 'chute' })
    }
    const stranger = await callTrpc(http.app.url, 'auth.signIn', 'mutation', {
      email,
      password: 'senha-do-dono',
    })
    expect(stranger.status).toBe(429)
    const owner = await callTrpc(
      http.app.url,
      'auth.signIn',
      'mutation',
      { email, password: 'senha-do-dono' },
      device,
    )
    expect(owner.status).toBe(200)
  })
})
