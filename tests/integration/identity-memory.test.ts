import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { profiles, sanctions, sessions, userRoles } from '../../server/db/schema'
import { hashToken } from '../../server/people/auth/tokens'
import { callTrpc, sessionCookieFor, setUpHttpApp } from '../support/http'
import { createMember, setUpTestWorld } from '../support/test-app'

/**
 * A member's identity is resolved once and then served from memory: these check that every change of
 * the session or the member reaches the very next request, whoever made it.
 */
const world = setUpTestWorld({ scope: 'file' })
const http = setUpHttpApp(world)

type Me = { id: number; fullName: string; roles: string[]; suspension: unknown } | null

async function me(cookie: string): Promise<Me> {
  const reply = await callTrpc(http.app.url, 'auth.me', 'query', undefined, cookie)
  expect(reply.status).toBe(200)
  return (reply.json as { result: { data: Me } }).result.data
}

/** A member's cookie, already resolved twice (the second time from memory). */
async function rememberedMember() {
  const member = await createMember(world)
  const cookie = sessionCookieFor(world.services, member.id)
  expect(await me(cookie)).toMatchObject({ id: member.id })
  expect(await me(cookie)).toMatchObject({ id: member.id })
  return { ...member, cookie, sessionId: hashToken(cookie.split('=')[1] ?? '') }
}

const unreadCount = (cookie: string) => callTrpc(http.app.url, 'chat.unreadCount', 'query', undefined, cookie)

function suspend(db: typeof world.db, userId: number, forMs: number) {
  db.insert(sanctions)
    .values({ userId, kind: 'suspension', reason: 'Golpe no chat', endsAt: new Date(Date.now() + forMs) })
    .run()
}

describe('a remembered identity', () => {
  it('a suspension refuses the next request, and its end lets the member back in', async () => {
    const member = await rememberedMember()
    expect((await unreadCount(member.cookie)).status).toBe(200)
    suspend(world.db, member.id, 600)
    const refused = await unreadCount(member.cookie)
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({ error: { data: { appCode: 'ACCOUNT_SUSPENDED' } } })
    expect((await me(member.cookie))?.suspension).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect((await unreadCount(member.cookie)).status).toBe(200)
    expect((await me(member.cookie))?.suspension).toBeNull()
  })

  it('signing out ends the session for the next request', async () => {
    const member = await rememberedMember()
    expect((await callTrpc(http.app.url, 'auth.signOut', 'mutation', undefined, member.cookie)).status).toBe(
      200,
    )
    expect(await me(member.cookie)).toBeNull()
  })

  it('roles and the profile the identity carries are read again once changed', async () => {
    const member = await rememberedMember()
    world.db.insert(userRoles).values({ userId: member.id, role: 'moderator' }).run()
    expect((await me(member.cookie))?.roles).toContain('moderator')
    world.db.update(profiles).set({ fullName: 'Nome Novo' }).where(eq(profiles.userId, member.id)).run()
    expect((await me(member.cookie))?.fullName).toBe('Nome Novo')
  })

  it('what another instance writes on the same database file reaches this one at once', async () => {
    const suspended = await rememberedMember()
    const revoked = await rememberedMember()
    const otherInstance = openDatabase(world.db.$client.name)
    try {
      suspend(otherInstance, suspended.id, 60_000)
      otherInstance.delete(sessions).where(eq(sessions.id, revoked.sessionId)).run()
    } finally {
      otherInstance.$client.close()
    }
    expect((await unreadCount(suspended.cookie)).status).toBe(403)
    expect(await me(revoked.cookie)).toBeNull()
  })
})
