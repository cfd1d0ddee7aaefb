import { randomBytes } from 'node:crypto'
/**
 * Helpers for integration tests: a real migrated database, the real routers and sessions,
 * with only the outside world (mail delivery, logging) replaced by recorders.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSetCookie, type SetCookie } from 'cookie'
import { eq, sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../server/db/client'
import {
  createConversation,
  createListing,
  createStudent,
  type NewStudent,
  STUDENT_PASSWORD,
  type Student,
} from '../../server/db/factories'
import { communities, users } from '../../server/db/schema'
import { seedBase } from '../../server/db/seed'
import type { Mail, Mailer } from '../../server/mail/mailer'
import { type CurrentUser, identityOf, type RequestMeta } from '../../server/people/auth/identity'
import { createIdentityCache } from '../../server/people/auth/identity-cache'
import { createSecretBox } from '../../server/people/auth/secret-box'
import {
  createSession,
  SESSION_COOKIE,
  type ValidatedSession,
  validateSessionToken,
} from '../../server/people/auth/session'
import { generateTotpKey } from '../../server/people/auth/two-factor'
import { createRateLimits } from '../../server/rate-limits'
import {
  type BUS_GAP,
  type BusListener,
  type BusMessages,
  type BusTopic,
  createInProcessBus,
  type EventBus,
} from '../../server/realtime/bus'
import { appRouter } from '../../server/routers/_app'
import type { AppServices } from '../../server/services'
import { createContextInner } from '../../server/trpc/context'
import { createCallerFactory } from '../../server/trpc/init'
import { createMemoryImageStorage } from '../../server/uploads/storage'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
export const MIGRATIONS_FOLDER = join(projectRoot, 'drizzle')

// ---------------------------------------------------------------- databases

/**
 * One folder per worker process: the pool id keeps parallel workers apart, the random suffix keeps
 * two test runs at the same time (or a stale folder of an earlier run) apart.
 */
const workerKey = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0'
let workerFolder: string | undefined
let template: Promise<string> | undefined
let databaseCount = 0
const openDatabases = new Set<Database>()

function folder(): string {
  workerFolder ??= mkdtempSync(join(tmpdir(), `vupt-tests-w${workerKey}-`))
  return workerFolder
}

/** Closes every database still open and deletes the worker's folder (the template is rebuilt on next use). */
export function removeTestDatabases(): void {
  for (const db of openDatabases) db.$client.close()
  openDatabases.clear()
  if (workerFolder) rmSync(workerFolder, { recursive: true, force: true })
  workerFolder = undefined
  template = undefined
}

// Registered on the importing test file's root suite: nothing is left in the temp folder.
afterAll(removeTestDatabases)

/** Migrates and seeds once per worker; every database afterwards is a copy of this file. */
function templateFile(): Promise<string> {
  template ??= (async () => {
    const file = join(folder(), 'template.sqlite')
    const db = openDatabase(file)
    runMigrations(db, MIGRATIONS_FOLDER)
    await seedBase(db)
    // Everything into the main file (no -wal left behind) so a plain copy is a complete database.
    db.$client.pragma('wal_checkpoint(TRUNCATE)')
    db.$client.close()
    return file
  })()
  return template
}

/** A fresh migrated database with the base seed (communities, categories), private to the caller. */
export async function createTestDatabase(): Promise<Database> {
  const source = await templateFile()
  databaseCount += 1
  const file = join(folder(), `db-${databaseCount}.sqlite`)
  copyFileSync(source, file)
  const db = openDatabase(file)
  openDatabases.add(db)
  return db
}

/** Closes a database of createTestDatabase and deletes its files. */
export function closeTestDatabase(db: Database): void {
  const file = db.$client.name
  db.$client.close()
  openDatabases.delete(db)
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
}

export type TestWorld = { db: Database; services: TestServices }

/**
 * A migrated database and the services over it, fresh for every test (or shared by the file's tests
 * with `scope: 'file'`), closed afterwards. The hooks set its fields: read them in hooks and tests.
 */
export function setUpTestWorld(
  options: { scope?: 'test' | 'file'; services?: TestServiceOverrides } = {},
): TestWorld {
  const world = {} as TestWorld
  const perFile = options.scope === 'file'
  const setUp = perFile ? beforeAll : beforeEach
  const tearDown = perFile ? afterAll : afterEach
  setUp(async () => {
    world.db = await createTestDatabase()
    world.services = createTestServices(world.db, options.services)
  })
  tearDown(() => closeTestDatabase(world.db))
  return world
}

export function communityBySlug(db: Database, slug: string) {
  const community = db.select().from(communities).where(eq(communities.slug, slug)).get()
  if (!community) throw new Error(`comunidade ${slug} não existe no banco de teste`)
  return community
}

/** Opens a seeded community, as the operator does when a university joins. */
export function openCommunity(db: Database, slug: string): void {
  db.update(communities).set({ active: true }).where(eq(communities.slug, slug)).run()
}

export function countUsers(db: Database): number {
  return db.select({ count: sql<number>`count(*)` }).from(users).get()?.count ?? 0
}

// ---------------------------------------------------------------- mail

/** Keeps every message instead of delivering it. */
export class RecordingMailer implements Mailer {
  readonly sent: Mail[] = []

  async send(mail: Mail): Promise<void> {
    this.sent.push(mail)
  }

  get last(): Mail | undefined {
    return this.sent.at(-1)
  }
}

/** Mail that goes out after the response (password reset) has been handed to the mailer once this resolves. */
export const mailAfterResponse = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The `token` query parameter of a mail's link. */
export function tokenFromMail(mail: Mail | undefined): string {
  if (!mail?.link) throw new Error('o e-mail não tem link')
  const token = new URL(mail.link).searchParams.get('token')
  if (!token) throw new Error(`o link do e-mail não tem token: ${mail.link}`)
  return token
}

/** The token of the last mail sent. */
export function lastMailToken(mailer: RecordingMailer): string {
  return tokenFromMail(mailer.last)
}

// ---------------------------------------------------------------- event bus

/** The in-process bus, plus a way to wait until a subscriber is really listening. */
export type TestBus = EventBus & {
  /** The in-process bus's order, unless a test plays another instance announcing late. */
  inCommitOrder: boolean
  /** Resolves once some subscriber listens on topic:key (immediately if one already did). */
  listening(topic: BusTopic, key: string | number): Promise<void>
}

export function createTestBus(): TestBus {
  const inner = createInProcessBus()
  const started = new Set<string>()
  const waiters = new Map<string, (() => void)[]>()
  const markListening = (name: string) => {
    started.add(name)
    for (const resolve of waiters.get(name) ?? []) resolve()
    waiters.delete(name)
  }
  return {
    inCommitOrder: inner.inCommitOrder,
    publish(topic, key, message) {
      inner.publish(topic, key, message)
    },
    listen<T extends BusTopic>(topic: T, key: string | number, signal: AbortSignal): BusListener<T> {
      const name = `${topic}:${key}`
      const listener = inner.listen(topic, key, signal)
      return {
        ready: listener.ready,
        [Symbol.asyncIterator](): AsyncIterator<BusMessages[T] | typeof BUS_GAP> {
          const source = listener[Symbol.asyncIterator]()
          let first = true
          return {
            next() {
              // The first next() registers the in-process listener synchronously.
              const result = source.next()
              if (first) {
                first = false
                markListening(name)
              }
              return result
            },
            return(value?: unknown) {
              return source.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined })
            },
          }
        },
      }
    },
    listenTopic(topic, signal) {
      return inner.listenTopic(topic, signal)
    },
    listening(topic, key) {
      const name = `${topic}:${key}`
      if (started.has(name)) return Promise.resolve()
      return new Promise<void>((resolve) => {
        waiters.set(name, [...(waiters.get(name) ?? []), resolve])
      })
    },
  }
}

// ---------------------------------------------------------------- services

export type TestServices = Omit<AppServices, 'mailer' | 'bus'> & { mailer: RecordingMailer; bus: TestBus }
export type TestServiceOverrides = Partial<Omit<AppServices, 'mailer' | 'bus'>> & {
  mailer?: RecordingMailer
  bus?: TestBus
}

export function createTestServices(db: Database, overrides: TestServiceOverrides = {}): TestServices {
  return {
    db,
    mailer: new RecordingMailer(),
    bus: createTestBus(),
    logger: pino({ level: 'silent' }),
    rateLimits: createRateLimits(),
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    defaultCommunitySlug: 'univille',
    storage: createMemoryImageStorage(),
    secrets: createSecretBox(randomBytes(32)),
    identities: createIdentityCache({ sqlite: db.$client }),
    ...overrides,
  }
}

// ---------------------------------------------------------------- callers

const createCaller = createCallerFactory(appRouter)
export type AppCaller = ReturnType<typeof createCaller>

export type TestRequest = Partial<RequestMeta>
export type CallerOptions = {
  /** Ends subscriptions started through this caller. */
  signal?: AbortSignal
}

export type TestCaller = {
  caller: AppCaller
  /** Every Set-Cookie value the procedures sent, in order. */
  cookies: string[]
  /** The raw session token (what the cookie holds), null for an anonymous caller. */
  sessionToken: string | null
  session: ValidatedSession | null
  user: CurrentUser | null
}

/**
 * A caller as the HTTP adapter builds it. With a user, a real session is created and resolved
 * through validateSessionToken + loadCurrentUser, exactly like a request carrying its cookie.
 */
export function callerFor(
  services: TestServices,
  user?: { userId: number } | null,
  request: TestRequest = {},
  options: CallerOptions = {},
): TestCaller {
  if (!user) return callerForToken(services, null, request, options)
  // A member with two-factor on signed in with their code, as the sign-in page makes them.
  const twoFactorOn =
    services.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.userId)).get()?.on !=
    null
  const { token } = createSession(services.db, user.userId, {
    userAgent: request.userAgent ?? null,
    ip: request.ip ?? null,
    secondFactor: twoFactorOn,
  })
  const signedIn = callerForToken(services, token, request, options)
  if (!signedIn.user) throw new Error(`a sessão do usuário ${user.userId} não foi aceita`)
  return signedIn
}

/** A caller presenting this session token (e.g. one taken from a Set-Cookie); anonymous when it is not valid. */
export function callerForToken(
  services: TestServices,
  token: string | null,
  request: TestRequest = {},
  options: CallerOptions = {},
): TestCaller {
  const { session, user } = identityOf(services.db, token ? validateSessionToken(services.db, token) : null)
  const cookies: string[] = []
  const ctx = createContextInner({
    services,
    session,
    user,
    request: {
      ip: request.ip ?? null,
      userAgent: request.userAgent ?? null,
      cookieHeader: request.cookieHeader,
      setCookie: (serialized) => {
        cookies.push(serialized)
        request.setCookie?.(serialized)
      },
    },
  })
  return {
    caller: createCaller(ctx, { signal: options.signal }),
    cookies,
    sessionToken: session ? token : null,
    session,
    user,
  }
}

/** The last session cookie among Set-Cookie values, parsed; undefined when none was set. */
export function sessionCookieFrom(cookies: string[]): SetCookie | undefined {
  return cookies.map((cookie) => parseSetCookie(cookie)).findLast((cookie) => cookie.name === SESSION_COOKIE)
}

/** Just enough of an IncomingMessage for resolveSession: the Cookie header. */
export function requestWithSessionCookie(token: string): IncomingMessage {
  return { headers: { cookie: `${SESSION_COOKIE}=${token}` } } as unknown as IncomingMessage
}

// ---------------------------------------------------------------- accounts

export const TEST_PASSWORD = STUDENT_PASSWORD

/** An administrator of Univille (a full member with roles user + admin). */
export function createAdmin(db: Database, overrides: NewStudent = {}): Promise<Student> {
  // Administrators must have two-factor on to use the admin procedures.
  return createStudent(db, {
    member: true,
    fullName: 'Administração de Teste',
    roles: ['user', 'admin'],
    totpKey: generateTotpKey(),
    ...overrides,
  })
}

export type TestMember = { id: number; username: string; caller: AppCaller }

/** A full member (`createStudent` with `member`, no password) with a caller signed in as them. */
export async function createMember(world: TestWorld, overrides: NewStudent = {}): Promise<TestMember> {
  const account = await createStudent(world.db, { member: true, password: undefined, ...overrides })
  return {
    id: account.id,
    username: account.username ?? '',
    caller: callerFor(world.services, { userId: account.id }).caller,
  }
}

/** A moderator of UDESC, opened as a second live community (the base seed announces it "em breve"). */
export async function createUdescModerator(world: TestWorld): Promise<TestMember> {
  openCommunity(world.db, 'udesc')
  return createMember(world, { community: 'udesc', roles: ['user', 'moderator'] })
}

/** A seller's listing and a buyer's conversation about it, with a moderator of the community at hand. */
export type MarketScene = {
  seller: TestMember
  buyer: TestMember
  moderator: TestMember
  listingId: number
  conversationId: number
}

export async function createMarketScene(
  world: TestWorld,
  listing: { title: string; priceCents?: number },
): Promise<MarketScene> {
  const seller = await createMember(world)
  const buyer = await createMember(world)
  const moderator = await createMember(world, { roles: ['user', 'moderator'] })
  const listingId = createListing(world.db, { sellerId: seller.id, ...listing })
  const conversationId = createConversation(world.db, buyer.id, seller.id, listingId)
  return { seller, buyer, moderator, listingId, conversationId }
}
