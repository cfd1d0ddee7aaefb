import type { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/session'
import type { Database } from '../../server/db/client'
import { appRouter } from '../../server/routers/_app'
import type { ProcedureMeta, Tier } from '../../server/trpc/init'
import { expectTRPCError } from '../support/assertions'
import {
  type AppCaller,
  callerFor,
  callerForToken,
  closeTestDatabase,
  createApprovedStudent,
  createStudent,
  createTestDatabase,
  createTestServices,
  type TestServices,
} from '../support/test-app'

const TIERS: readonly Tier[] = ['public', 'session', 'signedIn', 'approved', 'moderator', 'admin']

type ProcedureInfo = { path: string; type: string; tier: Tier | undefined }

const procedures: ProcedureInfo[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => {
  const def = (procedure as unknown as { _def: { type: string; meta?: Partial<ProcedureMeta> } })._def
  return { path, type: def.type, tier: def.meta?.tier }
})

const withTier = (...tiers: Tier[]) =>
  procedures.filter((p) => p.tier !== undefined && tiers.includes(p.tier))

/** Calls a procedure by its dotted path with `undefined` input; subscriptions are iterated once. */
async function callByPath(caller: AppCaller, path: string, signal: AbortController): Promise<unknown> {
  let node: unknown = caller
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key]
  const result = await (node as (input: unknown) => Promise<unknown>)(undefined)
  if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
    // A subscription that did not refuse on call must refuse on its first iteration.
    const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]()
    const timer = setTimeout(() => signal.abort(), 1000)
    try {
      return await iterator.next()
    } finally {
      clearTimeout(timer)
      signal.abort()
      await iterator.return?.()
    }
  }
  return result
}

let db: Database
let services: TestServices
let pendingUserId: number
let studentId: number
let moderatorId: number
let unconfirmedUserId: number

beforeAll(async () => {
  db = await createTestDatabase()
  services = createTestServices(db)
  // A pending user whose e-mail is confirmed: only the approval is missing.
  pendingUserId = (await createStudent(db, { emailVerified: true })).id
  studentId = (await createApprovedStudent(db)).id
  moderatorId = (await createApprovedStudent(db, { roles: ['user', 'moderator'] })).id
  // Approved by an administrator, but nobody ever proved the mailbox.
  unconfirmedUserId = (await createStudent(db, { approved: true, emailVerified: false })).id
})

afterAll(() => {
  closeTestDatabase(db)
})

function expectCall(
  who: { userId: number } | null,
  path: string,
  code: TRPCError['code'],
): Promise<TRPCError> {
  const controller = new AbortController()
  const { caller } = callerFor(services, who, {}, { signal: controller.signal })
  return expectTRPCError(
    callByPath(caller, path, controller).finally(() => controller.abort()),
    code,
  )
}

describe('procedure tiers', () => {
  it('finds the procedures of the app router', () => {
    const paths = procedures.map((p) => p.path)
    expect(paths).toEqual(expect.arrayContaining(['auth.me', 'auth.signIn', 'admin.users.approve']))
    expect(procedures.find((p) => p.path === 'auth.me')?.tier).toBe('public')
    expect(procedures.find((p) => p.path === 'admin.users.approve')?.tier).toBe('admin')
    expect(procedures.find((p) => p.path === 'auth.onAccountChange')?.type).toBe('subscription')
  })

  it('every procedure declares a known tier', () => {
    const missing = procedures.filter((p) => !p.tier || !TIERS.includes(p.tier)).map((p) => p.path)
    expect(missing, 'procedimentos sem meta.tier válido').toEqual([])
  })

  describe('an anonymous caller is refused by every non-public procedure', () => {
    it.each(
      withTier('session', 'signedIn', 'approved', 'moderator', 'admin').map((p) => [p.path, p.tier, p.type]),
    )('%s (%s %s)', async (path) => {
      await expectCall(null, path, 'UNAUTHORIZED')
    })
  })

  describe('a session still owing its second factor is refused by every non-public procedure', () => {
    it.each(
      withTier('session', 'signedIn', 'approved', 'moderator', 'admin').map((p) => [p.path, p.tier, p.type]),
    )('%s (%s %s)', async (path) => {
      const controller = new AbortController()
      const { token } = createSession(db, moderatorId, { twoFactorPending: true })
      const { caller } = callerForToken(services, token, {}, { signal: controller.signal })
      await expectTRPCError(
        callByPath(caller, path, controller).finally(() => controller.abort()),
        'UNAUTHORIZED',
      )
    })
  })

  describe('an account whose e-mail is not confirmed only reaches the waiting screen', () => {
    it.each(withTier('signedIn', 'approved', 'moderator', 'admin').map((p) => [p.path, p.tier, p.type]))(
      '%s (%s %s)',
      async (path) => {
        await expectCall({ userId: unconfirmedUserId }, path, 'FORBIDDEN')
      },
    )
  })

  describe('a pending user is refused by member-only procedures', () => {
    it.each(withTier('approved', 'moderator', 'admin').map((p) => [p.path, p.tier, p.type]))(
      '%s (%s %s)',
      async (path) => {
        await expectCall({ userId: pendingUserId }, path, 'FORBIDDEN')
      },
    )
  })

  describe('an approved student is refused by staff procedures', () => {
    it.each(withTier('moderator', 'admin').map((p) => [p.path, p.tier, p.type]))(
      '%s (%s %s)',
      async (path) => {
        await expectCall({ userId: studentId }, path, 'FORBIDDEN')
      },
    )
  })

  describe('a moderator is refused by admin-only procedures', () => {
    it.each(withTier('admin').map((p) => [p.path, p.tier, p.type]))('%s (%s %s)', async (path) => {
      await expectCall({ userId: moderatorId }, path, 'FORBIDDEN')
    })
  })

  describe('a moderator gets past the tier check of moderation procedures', () => {
    it.each(withTier('moderator').map((p) => [p.path, p.tier, p.type]))('%s (%s %s)', async (path) => {
      const controller = new AbortController()
      const { caller } = callerFor(services, { userId: moderatorId }, {}, { signal: controller.signal })
      // With no input the call may fail validation or succeed, but never for lack of rights.
      const outcome = await callByPath(caller, path, controller).then(
        () => 'ok',
        (error: TRPCError) => error.code,
      )
      controller.abort()
      expect(['UNAUTHORIZED', 'FORBIDDEN']).not.toContain(outcome)
    })
  })
})
