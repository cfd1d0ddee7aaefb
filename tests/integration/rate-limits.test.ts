import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { listings, recoveryCodes } from '../../server/db/schema'
import type { Mail } from '../../server/mail/mailer'
import { DEVICE_COOKIE } from '../../server/people/auth/known-device'
import { generateRecoveryCodes } from '../../server/people/auth/two-factor'
import { ESCALATION_BASE_SECONDS } from '../../server/rate-limits'
import { expectAppError, expectTRPCError } from '../support/assertions'
import { sellFormInput } from '../support/listings'
import {
  callerFor,
  callerForToken,
  createAdmin,
  createTestServices,
  mailAfterResponse,
  RecordingMailer,
  sessionCookieFrom,
  setUpTestWorld,
} from '../support/test-app'

const MINUTE = 60_000
const CAMPUS_IP = '200.18.45.10'

const world = setUpTestWorld()

afterEach(() => {
  vi.useRealTimers()
})

const from = (ip: string, cookieHeader?: string) => callerFor(world.services, null, { ip, cookieHeader })

let count = 0
const signUpInput = (email = `turma${++count}@univille.br`) => ({
  email,
  username: `turma_${count}_${Math.random().toString(36).slice(2, 6)}`,
  fullName: 'Estudante da Turma',
  course: 'Design',
  matricula: '20240001',
  password: 'senha-da-turma',
  communitySlug: 'univille',
})

/** The device cookie a successful sign-in left, as the browser sends it back. */
function deviceCookieOf(cookies: string[]): string {
  const cookie = cookies.find((value) => value.startsWith(`${DEVICE_COOKIE}=`))
  if (!cookie) throw new Error('o login não deixou o cookie do dispositivo')
  return cookie.split(';')[0] ?? ''
}

describe('sign-up from one campus address', () => {
  // Two hundred password hashes: longer than the default test timeout on a slow machine.
  it('lets a hundred students sign up within an hour, and stops the next hundred', {
    timeout: 60_000,
  }, async () => {
    // Real limiters on a fake clock: a class arriving over an hour, one every 30 seconds.
    vi.useFakeTimers({ toFake: ['Date'] })
    for (let student = 0; student < 100; student++) {
      await expect(from(CAMPUS_IP).caller.auth.signUp(signUpInput())).resolves.toEqual({ ok: true })
      vi.advanceTimersByTime(30_000)
    }
    // A script keeps going: the address's hourly budget runs out before another hundred.
    let refused = 0
    for (let attempt = 0; attempt < 100 && refused === 0; attempt++) {
      await from(CAMPUS_IP)
        .caller.auth.signUp(signUpInput())
        .catch((error) => {
          refused += error.code === 'TOO_MANY_REQUESTS' ? 1 : 0
        })
      vi.advanceTimersByTime(1_000)
    }
    expect(refused).toBe(1)
  })

  it('lets a lab of 40 sign up in the same minute, and refuses a burst beyond it', async () => {
    for (let student = 0; student < 40; student++) {
      await from(CAMPUS_IP).caller.auth.signUp(signUpInput())
    }
    await expectAppError(
      from(CAMPUS_IP).caller.auth.signUp(signUpInput()),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )
    // Another address is not affected.
    await expect(from('200.18.45.11').caller.auth.signUp(signUpInput())).resolves.toEqual({ ok: true })
    // 42 real password hashes: room for a busy machine.
  }, 30_000)

  it('limits repeated sign-ups with one e-mail, from any address', async () => {
    const taken = await createStudent(world.db, { member: true })
    for (let attempt = 0; attempt < 5; attempt++) {
      await expectAppError(
        from(`10.1.0.${attempt}`).caller.auth.signUp(signUpInput(taken.email)),
        'EMAIL_TAKEN',
      )
    }
    await expectAppError(
      from('10.1.0.99').caller.auth.signUp(signUpInput(taken.email)),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )
  })
})

describe('password sign-in', () => {
  it('a stranger who knows the e-mail cannot lock the owner out of a browser they signed in on', async () => {
    const owner = await createStudent(world.db, { member: true })
    // The owner signed in on their phone once: it keeps a device cookie for this account.
    const first = from('177.1.1.1')
    await first.caller.auth.signIn({ email: owner.email, password: owner.password })
    const phone = deviceCookieOf(first.cookies)

    // Someone else tries passwords from many addresses until the account refuses new browsers.
    for (let attempt = 0; attempt < 10; attempt++) {
      await expectAppError(
        from(`45.0.0.${attempt}`).caller.auth.signIn({ email: owner.email, password: 'chute' }),
        'INVALID_CREDENTIALS',
      )
    }
    await expectAppError(
      from('45.0.0.50').caller.auth.signIn({ email: owner.email, password: owner.password }),
      'RATE_LIMITED',
      'TOO_MANY_REQUESTS',
    )

    // The owner's phone still signs in.
    const again = from('177.1.1.1', phone)
    await expect(again.caller.auth.signIn({ email: owner.email, password: owner.password })).resolves.toEqual(
      {
        ok: true,
        twoFactorRequired: false,
      },
    )
    expect(sessionCookieFrom(again.cookies)?.value).toBeTruthy()
  })

  it('a device cookie of another account, or a forged one, does not bypass the account limit', async () => {
    const owner = await createStudent(world.db, { member: true })
    const attacker = await createStudent(world.db, { member: true })
    const own = from('45.1.1.1')
    await own.caller.auth.signIn({ email: attacker.email, password: attacker.password })
    const attackersDevice = deviceCookieOf(own.cookies)
    const forged = `${DEVICE_COOKIE}=${encodeURIComponent(JSON.stringify({ email: owner.email, device: 'x' }))}`

    for (let attempt = 0; attempt < 10; attempt++) {
      const cookie = attempt % 2 === 0 ? attackersDevice : forged
      await expectAppError(
        from('45.1.1.1', cookie).caller.auth.signIn({ email: owner.email, password: 'chute' }),
        'INVALID_CREDENTIALS',
      )
    }
    await expectAppError(
      from('45.1.1.1', forged).caller.auth.signIn({ email: owner.email, password: owner.password }),
      'RATE_LIMITED',
    )
  })

  it('wrong passwords from one address shut it for longer each time', { timeout: 60_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const students = await Promise.all([
      createStudent(world.db, { member: true }),
      createStudent(world.db, { member: true }),
    ])
    // Spread over several accounts and devices: only the address limit is in play.
    const failFrom = async (ip: string, times: number) => {
      for (let attempt = 0; attempt < times; attempt++) {
        const email = `desconhecido${attempt}@univille.br`
        await from(ip)
          .caller.auth.signIn({ email, password: 'chute' })
          .catch(() => {})
      }
    }
    const canSignIn = () =>
      from('66.6.6.6')
        .caller.auth.signIn({ email: students[0].email, password: students[0].password })
        .then(
          () => true,
          () => false,
        )

    await failFrom('66.6.6.6', 101)
    expect(await canSignIn()).toBe(false)
    vi.advanceTimersByTime(ESCALATION_BASE_SECONDS * 1000 + MINUTE)
    expect(await canSignIn()).toBe(true)

    // The second time it runs out, the address stays shut for twice as long.
    vi.advanceTimersByTime(60 * MINUTE)
    await failFrom('66.6.6.6', 101)
    vi.advanceTimersByTime(ESCALATION_BASE_SECONDS * 1000 + MINUTE)
    expect(await canSignIn()).toBe(false)
    vi.advanceTimersByTime(ESCALATION_BASE_SECONDS * 1000)
    expect(await canSignIn()).toBe(true)
    // Other addresses were never affected.
    await expect(
      from('66.6.6.7').caller.auth.signIn({ email: students[1].email, password: students[1].password }),
    ).resolves.toMatchObject({ ok: true })
  })
})

describe('second factor', () => {
  it('a good code forgives earlier attempts: an admin signs in many times in a row', async () => {
    const admin = await createAdmin(world.db)
    const { codes, hashes } = generateRecoveryCodes()
    world.db
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ userId: admin.id, codeHash })))
      .run()
    for (const code of codes) {
      const browser = from('200.18.45.20')
      await browser.caller.auth.signIn({ email: admin.email, password: admin.password })
      const token = sessionCookieFrom(browser.cookies)?.value ?? ''
      await expect(
        callerForToken(world.services, token).caller.auth.verifyTwoFactor({ code }),
      ).resolves.toEqual({
        ok: true,
      })
    }
  })

  it('refuses codes once too many wrong ones were typed', async () => {
    const admin = await createAdmin(world.db)
    const browser = from('200.18.45.21')
    await browser.caller.auth.signIn({ email: admin.email, password: admin.password })
    const pending = callerForToken(world.services, sessionCookieFrom(browser.cookies)?.value ?? '')
    for (let attempt = 0; attempt < 8; attempt++) {
      await expectAppError(pending.caller.auth.verifyTwoFactor({ code: '000000' }), 'INVALID_TWO_FACTOR_CODE')
    }
    await expectTRPCError(pending.caller.auth.verifyTwoFactor({ code: '000000' }), 'TOO_MANY_REQUESTS')
  })
})

describe('password reset', () => {
  it('answers before the mail is sent, so its timing does not tell whether the account exists', async () => {
    // A mailer that notes whether the answer had already gone out when the mail was handed over.
    let answered = false
    const seenAfterAnswer: boolean[] = []
    const mailer = new (class extends RecordingMailer {
      override async send(mail: Mail) {
        seenAfterAnswer.push(answered)
        await super.send(mail)
      }
    })()
    world.services = createTestServices(world.db, { mailer })
    const student = await createStudent(world.db, { member: true })

    await callerFor(world.services).caller.auth.requestPasswordReset({ email: student.email })
    answered = true
    await mailAfterResponse()
    expect(seenAfterAnswer).toEqual([true])
    expect(mailer.last?.to).toBe(student.email)
  })

  it('a mail server that fails is logged, never an error for the caller', async () => {
    const failing = new (class extends RecordingMailer {
      override async send(): Promise<void> {
        throw new Error('SMTP 421 serviço indisponível')
      }
    })()
    const errors: unknown[] = []
    world.services = createTestServices(world.db, { mailer: failing })
    world.services.logger.error = ((...args: unknown[]) => {
      errors.push(args)
    }) as typeof world.services.logger.error
    const student = await createStudent(world.db, { member: true })
    await expect(
      callerFor(world.services).caller.auth.requestPasswordReset({ email: student.email }),
    ).resolves.toEqual({ ok: true })
    await mailAfterResponse()
    await mailAfterResponse()
    expect(errors).toHaveLength(1)
  })
})

describe('publishing listings', () => {
  it('30 a day per member: the 31st is refused and writes nothing, and other members go on publishing', async () => {
    const publish = (userId: number) =>
      callerFor(world.services, { userId }).caller.listings.create(sellFormInput(world.db, userId))
    const mover = (await createStudent(world.db, { member: true })).id
    for (let index = 0; index < 30; index++) await publish(mover)
    await expectAppError(publish(mover), 'LISTINGS_DAILY_LIMIT', 'TOO_MANY_REQUESTS')
    expect(world.db.select().from(listings).all()).toHaveLength(30)
    await publish((await createStudent(world.db, { member: true })).id)
    expect(world.db.select().from(listings).all()).toHaveLength(31)
  })
})

describe('editing listings', () => {
  it('60 edits an hour per member: the 61st is refused and changes nothing, and other sellers go on editing', async () => {
    const seller = (await createStudent(world.db, { member: true })).id
    const { caller } = callerFor(world.services, { userId: seller })
    const { id } = await caller.listings.create(sellFormInput(world.db, seller))
    const edit = (title: string) =>
      caller.listings.update({ id, ...sellFormInput(world.db, seller, { title }) })
    for (let index = 0; index < 60; index++) await edit(`Mesa de estudo versão ${index}`)
    await expectAppError(edit('Mesa de estudo insistente'), 'RATE_LIMITED', 'TOO_MANY_REQUESTS')
    expect(world.db.select({ title: listings.title }).from(listings).get()?.title).toBe(
      'Mesa de estudo versão 59',
    )
    const other = (await createStudent(world.db, { member: true })).id
    const otherCaller = callerFor(world.services, { userId: other }).caller
    const created = await otherCaller.listings.create(sellFormInput(world.db, other))
    await otherCaller.listings.update({
      id: created.id,
      ...sellFormInput(world.db, other, { title: 'Cadeira giratória' }),
    })
  })
})
