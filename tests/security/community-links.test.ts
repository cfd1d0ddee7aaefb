/**
 * E-mail links on instances that serve some communities (COMMUNITIES), behind a proxy sending
 * `/{slug}/…` to the machine owning each one: every link carries the member's community, and a link
 * opened under another community (or on an instance that does not serve it) acts on nobody.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createConversation, createStudent } from '../../server/db/factories'
import { emailOptOuts, users } from '../../server/db/schema'
import { runChatDigest } from '../../server/notifications/chat-digest'
import { browserHeaders, databaseChecksum, setUpHttpApp, startHttpApp } from '../support/http'
import {
  callerFor,
  communityBySlug,
  createAdmin,
  mailAfterResponse,
  openCommunity,
  setUpTestWorld,
  TEST_PASSWORD,
  tokenFromMail,
} from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)
const PUBLIC_URL = 'http://localhost:3000'

beforeAll(() => {
  // UDESC answers under its prefix on this instance too, as an administrator would open it.
  openCommunity(world.db, 'udesc')
})

/** A mutation as a page opened under `prefix` ('' for none) sends it. */
async function mutate(prefix: string, path: string, input: unknown, cookie?: string) {
  const response = await fetch(`${http.app.url}${prefix}/api/trpc/${path}`, {
    method: 'POST',
    headers: { ...browserHeaders(http.app.url, cookie), 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  const json = (await response.json()) as { error?: { data?: { appCode?: string } } }
  return { status: response.status, appCode: json.error?.data?.appCode }
}

/** The one-click unsubscribe the mail provider posts (RFC 8058). */
const unsubscribe = (base: string, prefix: string, token: string) =>
  fetch(`${base}${prefix}/descadastrar?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })

const unsubscribeTokenOf = (link: string | undefined) =>
  new URL((link ?? '').slice(1, -1)).searchParams.get('token') ?? ''

const udescId = () => communityBySlug(world.db, 'udesc').id

const emailOf = (userId: number) => world.db.select().from(users).where(eq(users.id, userId)).get()?.email

describe("every link mailed to a member carries the member's community", () => {
  it('confirmation, password reset and e-mail change', async () => {
    const signUp = await mutate('', 'auth.signUp', {
      email: 'caloura@univille.br',
      username: 'caloura',
      fullName: 'Caloura Univille',
      course: 'Design',
      matricula: '20250001',
      password: TEST_PASSWORD,
      communitySlug: 'univille',
    })
    expect(signUp.status).toBe(200)
    expect(world.services.mailer.last?.link).toMatch(
      new RegExp(`^${PUBLIC_URL}/univille/verificar-email\\?token=`),
    )

    const udesc = await createStudent(world.db, {
      member: true,
      communityId: udescId(),
      email: 'aluna@edu.udesc.br',
    })
    expect((await mutate('', 'auth.requestPasswordReset', { email: udesc.email })).status).toBe(200)
    await mailAfterResponse()
    expect(world.services.mailer.last?.link).toMatch(
      new RegExp(`^${PUBLIC_URL}/udesc/redefinir-senha\\?token=`),
    )

    const member = await createStudent(world.db, { member: true })
    await callerFor(world.services, { userId: member.id }).caller.account.requestEmailChange({
      newEmail: 'endereco.novo@univille.br',
    })
    expect(world.services.mailer.sent.at(-2)?.link).toMatch(
      new RegExp(`^${PUBLIC_URL}/univille/confirmar-email\\?token=`),
    )
  })

  it('notifications and the chat digest, with their unsubscribe links', async () => {
    const admin = await createAdmin(world.db)
    const pending = await createStudent(world.db, { emailVerified: true })
    await callerFor(world.services, { userId: admin.id }).caller.admin.users.approve({ userId: pending.id })
    const approved = world.services.mailer.last
    expect(approved?.to).toBe(pending.email)
    expect(approved?.link).toBe(`${PUBLIC_URL}/univille/portal`)
    expect(approved?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/univille/descadastrar\\?token=`),
    )

    const seller = await createStudent(world.db, { member: true })
    const buyer = await createStudent(world.db, { member: true })
    const conversationId = createConversation(world.db, buyer.id, seller.id)
    await callerFor(world.services, { userId: buyer.id }).caller.chat.send({
      conversationId,
      content: 'Oi! Ainda tem?',
    })
    expect(await runChatDigest(world.services, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(1)
    const digest = world.services.mailer.last
    expect(digest?.to).toBe(seller.email)
    expect(digest?.link).toBe(`${PUBLIC_URL}/univille/chat`)
    expect(digest?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/univille/descadastrar\\?token=`),
    )

    // The unsubscribe link works as mailed, under its prefix.
    const token = unsubscribeTokenOf(digest?.headers?.['List-Unsubscribe'])
    expect((await fetch(`${http.app.url}/univille/descadastrar?token=${token}`)).status).toBe(200)
    expect((await unsubscribe(http.app.url, '/univille', token)).status).toBe(200)
    const preferences = await callerFor(world.services, {
      userId: seller.id,
    }).caller.notifications.emailPreferences()
    expect(preferences.find((preference) => preference.kind === 'chat_digest')?.enabled).toBe(false)
  })
})

describe("a link opened under another community's prefix acts on nobody", () => {
  it('password reset, confirmation and e-mail change are refused and change nothing', async () => {
    const member = await createStudent(world.db, { member: true })
    await callerFor(world.services, { userId: member.id }).caller.account.requestEmailChange({
      newEmail: 'desvio@univille.br',
    })
    const change = tokenFromMail(world.services.mailer.sent.at(-2))
    await mutate('', 'auth.requestPasswordReset', { email: member.email })
    await mailAfterResponse()
    const reset = tokenFromMail(world.services.mailer.last)
    const pending = await createStudent(world.db)
    await callerFor(world.services, { userId: pending.id }).caller.auth.resendVerification()
    const verify = tokenFromMail(world.services.mailer.last)

    const before = databaseChecksum(world.db)
    for (const [path, input] of [
      ['auth.resetPassword', { token: reset, password: 'senha-do-intruso' }],
      ['account.confirmEmailChange', { token: change, password: TEST_PASSWORD }],
      ['auth.verifyEmail', { token: verify, password: TEST_PASSWORD }],
      ['auth.claimAccount', { token: verify, password: 'senha-do-intruso' }],
    ] as const) {
      expect(await mutate('/udesc', path, input), path).toEqual({ status: 400, appCode: 'INVALID_TOKEN' })
    }
    expect(databaseChecksum(world.db)).toBe(before)

    // The same links, under their own community, still work.
    expect(
      (await mutate('/univille', 'account.confirmEmailChange', { token: change, password: TEST_PASSWORD }))
        .status,
    ).toBe(200)
    expect(emailOf(member.id)).toBe('desvio@univille.br')
    expect(
      (await mutate('/univille', 'auth.verifyEmail', { token: verify, password: TEST_PASSWORD })).status,
    ).toBe(200)
  })

  it("an unsubscribe token of one community never reaches another's member with the same id", async () => {
    const udescMember = await createStudent(world.db, {
      member: true,
      communityId: udescId(),
      email: 'mesmo.id@edu.udesc.br',
    })
    const optedOut = () =>
      world.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, udescMember.id)).all()
    // What Univille's machine, sharing SECRET_KEY, mails to its own member whose id is this one's.
    const foreign = world.services.secrets.seal(`unsubscribe:univille:${udescMember.id}:listing_removed`)
    const univilleMember = await createStudent(world.db, { member: true })
    const before = databaseChecksum(world.db)
    for (const prefix of ['/udesc', '/univille', '']) {
      expect((await unsubscribe(http.app.url, prefix, foreign)).status, prefix).toBe(400)
    }
    expect(databaseChecksum(world.db)).toBe(before)
    expect(optedOut()).toEqual([])

    // An instance serving only UDESC refuses a Univille member's own token, prefixed or not.
    const own = world.services.secrets.seal(`unsubscribe:univille:${univilleMember.id}:listing_removed`)
    const udescOnly = await startHttpApp({ ...world.services, ownedCommunities: ['udesc'] })
    try {
      for (const prefix of ['/univille', '']) {
        expect((await unsubscribe(udescOnly.url, prefix, own)).status, prefix).not.toBe(200)
      }
      // A token sealed before tokens named their community means nothing on such an instance.
      const legacy = world.services.secrets.seal(`unsubscribe:${udescMember.id}:listing_removed`)
      expect((await unsubscribe(udescOnly.url, '/udesc', legacy)).status).toBe(400)
    } finally {
      await udescOnly.close()
    }
    expect(databaseChecksum(world.db)).toBe(before)
  })
})
