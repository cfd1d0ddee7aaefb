/**
 * The semester's re-verification link, through the real HTTP routes: it acts only for the member it
 * was mailed to, only under that member's community, and once.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { issueEmailToken } from '../../server/people/auth/email-tokens'
import { createSemester } from '../../server/semesters/calendar'
import { runReverification } from '../../server/semesters/reverification'
import { browserHeaders, setUpHttpApp } from '../support/http'
import {
  communityBySlug,
  createMember,
  openCommunity,
  setUpTestWorld,
  type TestMember,
  tokenFromMail,
} from '../support/test-app'

const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)
const DAY = 24 * 60 * 60 * 1000

beforeAll(() => {
  openCommunity(world.db, 'udesc')
  // A semester starting in a week: its notices are due now.
  const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
  createSemester(world.db, communityBySlug(world.db, 'univille').id, {
    name: 'Próximo',
    startsOn: day(7),
    endsOn: day(150),
  })
})

/** A member whose address was last proven a year ago, with the link the notice mailed them. */
async function askedMember(): Promise<{ member: TestMember; token: string }> {
  const member = await createMember(world)
  world.db
    .update(users)
    .set({ emailVerifiedAt: new Date(Date.now() - 365 * DAY) })
    .where(eq(users.id, member.id))
    .run()
  await runReverification(world.services)
  const email = world.db.select().from(users).where(eq(users.id, member.id)).get()?.email
  const mail = world.services.mailer.sent.filter((sent) => sent.to === email).at(-1)
  return { member, token: tokenFromMail(mail) }
}

async function confirm(prefix: string, token: string) {
  const response = await fetch(`${http.app.url}${prefix}/api/trpc/semesters.confirm`, {
    method: 'POST',
    headers: { ...browserHeaders(http.app.url), 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  const json = (await response.json()) as { error?: { data?: { appCode?: string } } }
  return { status: response.status, appCode: json.error?.data?.appCode }
}

describe('o link de reconfirmação do semestre', () => {
  it('aberto sob o prefixo de outra comunidade não confirma ninguém; sob o do membro, uma vez só', async () => {
    const { member, token } = await askedMember()
    expect(await confirm('/udesc', token)).toEqual({ status: 400, appCode: 'INVALID_TOKEN' })
    expect(await member.caller.semesters.standing()).toMatchObject({ state: 'pending' })

    expect(await confirm('/univille', token)).toEqual({ status: 200, appCode: undefined })
    expect(await member.caller.semesters.standing()).toMatchObject({ state: 'confirmed' })
    expect(await confirm('/univille', token)).toEqual({ status: 400, appCode: 'INVALID_TOKEN' })
  })

  it('o link de confirmação do cadastro não serve de reconfirmação', async () => {
    const { member } = await askedMember()
    // Another purpose's token for the same member, as a sign-up confirmation would carry.
    const email = world.db.select().from(users).where(eq(users.id, member.id)).get()?.email ?? ''
    const other = issueEmailToken(world.db, member.id, 'verify_email', email)
    expect(await confirm('/univille', other)).toEqual({ status: 400, appCode: 'INVALID_TOKEN' })
    expect(await member.caller.semesters.standing()).toMatchObject({ state: 'pending' })
  })
})
