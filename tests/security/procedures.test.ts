/**
 * Every tRPC procedure, called through the real HTTP server with hostile input derived from its own
 * input schema, as an approved member and as an administrator. Whatever the input: no 5xx, nothing
 * internal in the answer, no row changed by a refused call, no prototype polluted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pt } from 'zod/locales'
import { createStudent } from '../../server/db/factories'
import { appRouter } from '../../server/routers/_app'
import { storeImage } from '../../server/uploads/store-image'
import {
  browserHeaders,
  callTrpcJson,
  type RunningApp,
  sessionCookieFor,
  startHttpApp,
  type TrpcReply,
  watchDatabase,
} from '../support/http'
import { solidJpeg } from '../support/images'
import { sellFormInput } from '../support/listings'
import { callerFor, createAdmin, setUpTestWorld } from '../support/test-app'
import { type HostileCase, hostileCases, MUTATION_TRANSPORT, QUERY_TRANSPORT } from './hostile-input'

// As src/main.ts does: zod's own messages in Portuguese.
z.config(pt())

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[] }

const procedures = Object.entries(appRouter._def.procedures).map(([path, procedure]) => {
  const def = (procedure as unknown as { _def: ProcedureDef })._def
  return { path, type: def.type, schema: def.inputs[0] }
})
const callable = procedures.flatMap(({ path, type, schema }) =>
  type === 'subscription' ? [] : [{ path, type, schema }],
)
const subscriptions = procedures.filter((p) => p.type === 'subscription')

/** Database, driver, library and file-system details: never in an answer. */
const INTERNAL =
  /sqlite|constraint|unterminated|no such (table|column)|syntax error|\n\s+at |node_modules|\/work\/|\.(ts|js):\d+|TypeError|RangeError|SyntaxError|ReferenceError/i
/** Library phrases in English, which no message meant for people contains. */
const ENGLISH =
  /\b(Invalid|Expected|expected|Unexpected|Unrecognized|received|Required|Too (big|small)|must be|No procedure|Unsupported|Cannot|is not|not allowed|Batch|exceeds|Internal Server Error)\b/

type ErrorBody = {
  error?: {
    message?: unknown
    data?: {
      validation?: { firstMessage?: unknown; formErrors?: unknown[]; fieldErrors?: Record<string, unknown[]> }
    }
  }
}

/** Every text of a tRPC error answer meant to be shown to a person. */
function messagesOf(body: unknown): string[] {
  const error = (body as ErrorBody | null)?.error
  if (!error) return []
  const validation = error.data?.validation
  return [
    error.message,
    validation?.firstMessage,
    ...(validation?.formErrors ?? []),
    ...Object.values(validation?.fieldErrors ?? {}).flat(),
  ].filter((text): text is string => typeof text === 'string')
}

const world = setUpTestWorld({ scope: 'file' })
let app: RunningApp
const accounts: Record<'membro' | 'admin', number> = { membro: 0, admin: 0 }

beforeAll(async () => {
  app = await startHttpApp(world.services)
  // Others' things first, so the ids a plausible input points at (1) are theirs: a listing with a
  // real photo, an event, a conversation.
  const owner = await createStudent(world.db, { member: true })
  const other = await createStudent(world.db, { member: true })
  const ownerCaller = callerFor(world.services, { userId: owner.id }).caller
  const photo = await storeImage(world.services, owner.id, 'listing', await solidJpeg())
  const listing = await ownerCaller.listings.create(
    sellFormInput(world.db, owner.id, { imageIds: [photo.id] }),
  )
  await ownerCaller.events.create({
    title: 'Semana acadêmica',
    description: 'Palestras e oficinas durante a semana inteira.',
    eventDate: '2031-03-10',
    eventTime: '19:00',
    location: 'Auditório central',
    maxParticipants: 50,
    imageUploadId: null,
  })
  await callerFor(world.services, { userId: other.id }).caller.chat.start({ listingId: listing.id })
  accounts.membro = (await createStudent(world.db, { member: true })).id
  accounts.admin = (await createAdmin(world.db)).id
})

afterAll(async () => {
  await app.close()
})

/** What went wrong with one call, or null. */
function problemOf(reply: TrpcReply, refusedWithoutChange: boolean): string | null {
  if (reply.status >= 500) return `HTTP ${reply.status}`
  if (INTERNAL.test(reply.text)) return `detalhe interno na resposta: ${INTERNAL.exec(reply.text)?.[0]}`
  const english = messagesOf(reply.json).find((message) => ENGLISH.test(message))
  if (english) return `mensagem em inglês: ${english.slice(0, 120)}`
  if (!refusedWithoutChange) return 'a chamada foi recusada, mas o banco mudou'
  if (({} as Record<string, unknown>).polluted !== undefined) return 'Object.prototype foi poluído'
  return null
}

const jsonOf = (hostile: HostileCase) =>
  hostile.json ?? (hostile.input === undefined ? undefined : JSON.stringify(hostile.input))

describe.each(['membro', 'admin'] as const)('hostile input as %s', (role) => {
  it.each(callable.map((p) => [p.path, p.type, p.schema] as const))(
    '%s (%s)',
    { timeout: 60_000 },
    async (path, type, schema) => {
      const transport = type === 'query' ? QUERY_TRANSPORT : MUTATION_TRANSPORT
      const problems: string[] = []
      const database = watchDatabase(world.db)
      let cookie = sessionCookieFor(world.services, accounts[role])
      for (const hostile of hostileCases(schema, transport)) {
        const before = database.checksum()
        const reply = await callTrpcJson(app.url, path, type, jsonOf(hostile), cookie)
        const after = database.checksum()
        const refused = reply.status >= 400
        const problem = problemOf(reply, !refused || after === before)
        if (problem)
          problems.push(`${hostile.label} → ${problem} (HTTP ${reply.status}) ${reply.text.slice(0, 200)}`)
        // It went through (and may have signed out, or changed the account): a new session.
        if (!refused) cookie = sessionCookieFor(world.services, accounts[role])
      }
      expect(problems).toEqual([])
    },
  )

  it.each(subscriptions.map((p) => [p.path, p.schema] as const))(
    '%s (subscription) is refused over HTTP with any input',
    async (path, schema) => {
      const cookie = sessionCookieFor(world.services, accounts[role])
      for (const hostile of hostileCases(schema, QUERY_TRANSPORT)) {
        const json = jsonOf(hostile)
        const query = json === undefined ? '' : `?input=${encodeURIComponent(json)}`
        const controller = new AbortController()
        const response = await fetch(`${app.url}/api/trpc/${path}${query}`, {
          headers: { ...browserHeaders(app.url, cookie), accept: 'text/event-stream' },
          signal: controller.signal,
        })
        const type = response.headers.get('content-type') ?? ''
        controller.abort()
        expect(response.status, hostile.label).toBeGreaterThanOrEqual(400)
        expect(response.status, hostile.label).toBeLessThan(500)
        expect(type, hostile.label).not.toContain('text/event-stream')
      }
    },
  )
})

describe('the suite itself', () => {
  it('covers every procedure, with schemas it can read', () => {
    expect(callable.length).toBeGreaterThan(40)
    for (const { path, schema } of procedures) {
      if (schema) expect(() => hostileCases(schema, QUERY_TRANSPORT), path).not.toThrow()
    }
  })

  it('sees a row changed, and not a session merely used', () => {
    const database = watchDatabase(world.db)
    const before = database.checksum()
    world.db.$client.prepare('update sessions set last_used_at = last_used_at + 1').run()
    expect(database.checksum()).toBe(before)
    world.db.$client.prepare("update profiles set bio = 'mudou' where user_id = ?").run(accounts.membro)
    expect(database.checksum()).not.toBe(before)
  })

  it('sees a 5xx and an internal message when there is one', () => {
    const sqliteFailure: TrpcReply = {
      status: 500,
      text: '{"error":{"message":"unterminated string"}}',
      json: { error: { message: 'unterminated string' } },
      headers: new Headers(),
    }
    expect(problemOf(sqliteFailure, true)).toBe('HTTP 500')
    expect(problemOf({ ...sqliteFailure, status: 400 }, true)).toMatch(/detalhe interno/)
    const english = { error: { message: 'Invalid input: expected number, received string' } }
    expect(problemOf({ ...sqliteFailure, status: 400, text: '{}', json: english }, true)).toMatch(/inglês/)
    expect(problemOf({ ...sqliteFailure, status: 400, text: '{}', json: {} }, false)).toMatch(/banco mudou/)
  })
})
