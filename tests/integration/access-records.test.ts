import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { createStudent } from '../../server/db/factories'
import { accessRecords, sessions } from '../../server/db/schema'
import { purgeAccessRecords, SESSION_USE_RECORD_EVERY_MS } from '../../server/people/auth/access-records'
import { browserHeaders, type RunningApp, startHttpApp } from '../support/http'
import {
  callerFor,
  closeTestDatabase,
  createTestDatabase,
  createTestServices,
  sessionCookieFrom,
  type TestServices,
} from '../support/test-app'

let db: Database
let services: TestServices
let app: RunningApp | undefined

beforeEach(async () => {
  db = await createTestDatabase()
  services = createTestServices(db)
})
afterEach(async () => {
  await app?.close()
  app = undefined
  closeTestDatabase(db)
})

const recordsOf = (userId: number) =>
  db.select().from(accessRecords).where(eq(accessRecords.userId, userId)).orderBy(accessRecords.id).all()

/** Signs in through the API as a browser at `ip` would; returns the session cookie. */
async function signIn(email: string, password: string, ip: string): Promise<string> {
  const anonymous = callerFor(services, null, { ip })
  await anonymous.caller.auth.signIn({ email, password })
  const cookie = sessionCookieFrom(anonymous.cookies)
  if (!cookie) throw new Error('sem cookie de sessão')
  return `${cookie.name}=${cookie.value}`
}

describe('access records (Marco Civil, art. 15)', () => {
  it('record the date, time and IP of each sign-in', async () => {
    const student = await createStudent(db, { member: true })
    const before = Date.now()
    await signIn(student.email, student.password, '203.0.113.7')
    const records = recordsOf(student.id)
    expect(records.map(({ kind, ip }) => ({ kind, ip }))).toEqual([{ kind: 'sign_in', ip: '203.0.113.7' }])
    expect(records[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before)
    expect(records[0]?.createdAt.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it("record a session's use at most once an hour, with the address it came from", async () => {
    const student = await createStudent(db, { member: true })
    const cookie = await signIn(student.email, student.password, '203.0.113.7')
    app = await startHttpApp(services)
    const use = () =>
      fetch(`${app?.url}/api/trpc/auth.me`, { headers: browserHeaders(app?.url ?? '', cookie) }).then((r) =>
        r.text(),
      )

    // Just signed in: the sign-in is the record of this hour.
    await use()
    expect(recordsOf(student.id).map((record) => record.kind)).toEqual(['sign_in'])

    // An hour later the session is used again, twice at once: one record, from the request's address.
    const session = db.select().from(sessions).where(eq(sessions.userId, student.id)).get()
    db.update(sessions)
      .set({ accessRecordedAt: new Date(Date.now() - SESSION_USE_RECORD_EVERY_MS - 1000) })
      .where(eq(sessions.id, session?.id ?? ''))
      .run()
    await Promise.all([use(), use(), use()])
    const records = recordsOf(student.id)
    expect(records.map(({ kind, ip }) => ({ kind, ip }))).toEqual([
      { kind: 'sign_in', ip: '203.0.113.7' },
      { kind: 'session_use', ip: '127.0.0.1' },
    ])
    await use()
    expect(recordsOf(student.id)).toHaveLength(2)
  })

  it('are purged once older than six months, and kept until then', async () => {
    const student = await createStudent(db, { member: true })
    const now = new Date('2026-11-23T12:00:00Z')
    const at = (iso: string) => ({
      userId: student.id,
      kind: 'session_use' as const,
      ip: '198.51.100.1',
      createdAt: new Date(iso),
    })
    db.insert(accessRecords)
      .values([
        at('2026-05-23T11:59:59Z'),
        at('2026-05-23T12:00:00Z'),
        at('2026-05-24T00:00:00Z'),
        at('2026-11-23T11:00:00Z'),
      ])
      .run()
    expect(purgeAccessRecords(db, now)).toBe(1)
    expect(recordsOf(student.id).map((record) => record.createdAt.toISOString())).toEqual([
      '2026-05-23T12:00:00.000Z',
      '2026-05-24T00:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
    ])
  })

  it("are their own section of the member's data export, with nobody else's", async () => {
    const student = await createStudent(db, { member: true })
    const other = await createStudent(db, { member: true })
    await signIn(student.email, student.password, '203.0.113.7')
    await signIn(other.email, other.password, '198.51.100.9')
    const exported = await callerFor(
      services,
      { userId: student.id },
      { ip: '203.0.113.8' },
    ).caller.account.exportData()
    // Two sign-ins of hers: the one above and the session the export itself was asked from.
    expect(exported.accessRecords.map(({ kind, ip }) => ({ kind, ip }))).toEqual([
      { kind: 'sign_in', ip: '203.0.113.7' },
      { kind: 'sign_in', ip: '203.0.113.8' },
    ])
    expect(JSON.stringify(exported)).not.toContain('198.51.100.9')
  })
})
