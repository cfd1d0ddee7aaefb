import { describe, expect, it } from 'vitest'
import { createStudent } from '../../server/db/factories'
import { sanctions, userRoles } from '../../server/db/schema'
import { resolveSession } from '../../server/people/auth/identity'
import { createIdentityCache } from '../../server/people/auth/identity-cache'
import { createSession, invalidateSession } from '../../server/people/auth/session'
import { requestWithSessionCookie, setUpTestWorld } from '../support/test-app'

const world = setUpTestWorld()

/** A member's session, resolved once so that its identity is kept. */
async function keptMember() {
  const student = await createStudent(world.db, { member: true })
  const { token } = createSession(world.db, student.id)
  const resolve = () => resolveSession(world.services, requestWithSessionCookie(token))
  // The first resolution records the session's use (a write); the second is read and kept.
  resolve()
  const { session, user } = resolve()
  expect(user?.id).toBe(student.id)
  expect(world.services.identities.size().sessions).toBe(1)
  return { student, sessionId: session?.id ?? '', resolve }
}

describe('as identidades guardadas na memória', () => {
  it('uma sessão já lida é respondida da memória, sem ler o banco de novo', async () => {
    const { resolve } = await keptMember()
    const first = resolve()
    expect(resolve()).toBe(first)
  })

  it('sair da conta descarta a sessão guardada: o mesmo cookie volta a ser de visitante', async () => {
    const { sessionId, resolve } = await keptMember()
    invalidateSession(world.db, sessionId)
    expect(resolve()).toEqual({ session: null, user: null })
  })

  it('um papel novo vale na requisição seguinte', async () => {
    const { student, resolve } = await keptMember()
    world.db.insert(userRoles).values({ userId: student.id, role: 'moderator' }).run()
    expect(resolve().user?.roles).toContain('moderator')
  })

  it('uma suspensão vale na requisição seguinte', async () => {
    const { student, resolve } = await keptMember()
    world.db
      .insert(sanctions)
      .values({
        userId: student.id,
        kind: 'suspension',
        reason: 'Golpe no chat',
        endsAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      })
      .run()
    expect(resolve().user?.suspension).not.toBeNull()
  })

  it('guarda no máximo o limite dado, esquecendo as menos usadas', async () => {
    const identities = createIdentityCache({ sqlite: world.db.$client, max: 2 })
    const services = { ...world.services, identities }
    const tokens = []
    for (let i = 0; i < 3; i++) {
      const student = await createStudent(world.db, { member: true })
      tokens.push(createSession(world.db, student.id).token)
    }
    // Each session's first resolution writes (its use recorded); the second pass keeps them.
    for (const token of tokens) resolveSession(services, requestWithSessionCookie(token))
    for (const token of tokens) resolveSession(services, requestWithSessionCookie(token))
    expect(identities.size().sessions).toBe(2)
  })
})
