/** The real Express app on an ephemeral port, and plain-HTTP helpers to call it as a browser would. */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { type IncomingHttpHeaders, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Express } from 'express'
import { afterAll, beforeAll, expect } from 'vitest'
import type { Database } from '../../server/db/client'
import { createHttpApp, type HttpAppOptions } from '../../server/http/app'
import { serveBuiltClient } from '../../server/http/client-app'
import type { PublicSettings } from '../../server/http/public-config'
import { SESSION_COOKIE } from '../../server/people/auth/session'
import type { AppServices } from '../../server/services'
import { APP_ERRORS, type AppErrorCode } from '../../shared/errors'
import type { PageRenderer } from '../../shared/ssr'
import { callerFor, type TestServices, type TestWorld } from './test-app'

export type RunningApp = { url: string; close: () => Promise<void> }

/** Builds the app with createHttpApp and listens on 127.0.0.1 on a free port. */
export async function startHttpApp(
  services: AppServices,
  options: Partial<Omit<HttpAppOptions, 'services'>> = {},
): Promise<RunningApp> {
  const app: Express = createHttpApp({ services, isProduction: false, trustProxy: 0, ...options })
  const server: Server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The app over HTTP on the file's test world, started before its tests and closed after them. */
export function setUpHttpApp(world: TestWorld): { app: RunningApp } {
  const stage = {} as { app: RunningApp }
  beforeAll(async () => {
    stage.app = await startHttpApp(world.services)
  })
  afterAll(() => stage.app?.close())
  return stage
}

/** The public settings a test's pages carry (contacts, Google off, Univille by default). */
export const TEST_PUBLIC_SETTINGS: PublicSettings = {
  supportEmail: 'suporte@vupt.app',
  contactEmail: 'contato@vupt.app',
  googleEnabled: false,
  defaultCommunitySlug: 'univille',
  social: { instagram: '', linkedin: '' },
}

/**
 * The app with the client's pages, served as a build would be from a scratch folder holding
 * `indexHtml` (an empty shell unless given); closing it removes the folder.
 */
export async function startAppWithPages(
  services: AppServices,
  {
    indexHtml = '<!doctype html><html><head></head><body></body></html>',
    renderer,
  }: {
    indexHtml?: string
    /** Stands in for the built pages' server render (client/entry-server.tsx). */
    renderer?: PageRenderer
  } = {},
): Promise<RunningApp> {
  const clientDir = mkdtempSync(join(tmpdir(), 'vupt-client-'))
  writeFileSync(join(clientDir, 'index.html'), indexHtml)
  const app = await startHttpApp(services, {
    clientPages: (express, pageCache) =>
      serveBuiltClient(express, clientDir, {
        pageCache,
        db: services.db,
        settings: TEST_PUBLIC_SETTINGS,
        ssr: renderer ? { services, renderer: async () => renderer } : undefined,
      }),
  })
  return {
    url: app.url,
    close: async () => {
      await app.close()
      rmSync(clientDir, { recursive: true, force: true })
    },
  }
}

/**
 * A new session for the user, as the Cookie header a signed-in browser sends. Made the way
 * callerFor makes it, so it is as complete as a real sign-in (second factor included).
 */
export function sessionCookieFor(services: TestServices, userId: number): string {
  const { sessionToken } = callerFor(services, { userId })
  if (!sessionToken) throw new Error(`a sessão do usuário ${userId} não foi aceita`)
  return `${SESSION_COOKIE}=${sessionToken}`
}

/** The headers our own pages send: the same-origin guard refuses anything else. */
export function browserHeaders(url: string, cookie?: string): Record<string, string> {
  return {
    origin: url,
    'sec-fetch-site': 'same-origin',
    ...(cookie ? { cookie } : {}),
  }
}

/** A request whose answer is read as the bytes on the wire (fetch would undo the compression). */
export function rawRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
    })
      .on('error', reject)
      .end(body)
  })
}

export type TrpcReply = { status: number; text: string; json: unknown; headers: Headers }

async function reply(response: Response): Promise<TrpcReply> {
  const text = await response.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON (e.g. Node's own 431 page): the text is still checked.
  }
  return { status: response.status, text, json, headers: response.headers }
}

/** One tRPC call over HTTP, unbatched: queries as GET with ?input=, mutations as a POSTed JSON body. */
export function callTrpc(
  url: string,
  path: string,
  type: 'query' | 'mutation',
  input: unknown,
  cookie?: string,
): Promise<TrpcReply> {
  return callTrpcJson(url, path, type, input === undefined ? undefined : JSON.stringify(input), cookie)
}

/** callTrpc with the input already written as JSON text (which may be anything, even invalid JSON). */
export async function callTrpcJson(
  url: string,
  path: string,
  type: 'query' | 'mutation',
  json: string | undefined,
  cookie?: string,
): Promise<TrpcReply> {
  const headers = browserHeaders(url, cookie)
  if (type === 'query') {
    const query = json === undefined ? '' : `?input=${encodeURIComponent(json)}`
    return reply(await fetch(`${url}/api/trpc/${path}${query}`, { headers }))
  }
  return reply(
    await fetch(`${url}/api/trpc/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: json ?? '',
    }),
  )
}

/** Columns that change on a mere read (a session's last use), left out of the checksum. */
const VOLATILE_COLUMNS: Record<string, readonly string[]> = { sessions: ['last_used_at'] }

/**
 * A hash of every row of every table, in a fixed order: equal before and after a call means the call
 * changed nothing. Rows are sorted by their serialised form, so no table needs a key to order by.
 */
export function databaseChecksum(db: Database): string {
  const sqlite = db.$client
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[]
  const hash = createHash('sha256')
  for (const table of tables) {
    const skip = VOLATILE_COLUMNS[table] ?? []
    const rows = (sqlite.prepare(`select * from "${table}"`).all() as Record<string, unknown>[])
      .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !skip.includes(column))))
      .sort()
    hash.update(`${table}\n${rows.join('\n')}\n`)
  }
  return hash.digest('hex')
}

/**
 * databaseChecksum, recomputed only when SQLite reports rows written since the last time
 * (total_changes() counts every insert, update and delete of the connection, triggers included).
 */
export function watchDatabase(db: Database): { checksum: () => string } {
  const totalChanges = db.$client.prepare('select total_changes()').pluck()
  let seen = -1
  let checksum = ''
  return {
    checksum() {
      const changes = totalChanges.get() as number
      if (changes !== seen) {
        checksum = databaseChecksum(db)
        seen = changes
      }
      return checksum
    },
  }
}

const HTTP_STATUS_OF = {
  BAD_REQUEST: [400, -32600],
  UNAUTHORIZED: [401, -32001],
  FORBIDDEN: [403, -32003],
  NOT_FOUND: [404, -32004],
  METHOD_NOT_SUPPORTED: [405, -32005],
  CONFLICT: [409, -32009],
  PAYLOAD_TOO_LARGE: [413, -32013],
  UNSUPPORTED_MEDIA_TYPE: [415, -32015],
  UNPROCESSABLE_CONTENT: [422, -32022],
  TOO_MANY_REQUESTS: [429, -32029],
} as const

/**
 * The body of an Express route's refusal (`appCode`) or failure (null): tRPC's error shape, as a tRPC
 * call's error reads, without a procedure `path`. `requestId` defaults to any request id.
 */
export function expressErrorBody(
  appCode: AppErrorCode | null,
  message: string,
  requestId: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/),
) {
  const kind = appCode ? APP_ERRORS[appCode].status : 'INTERNAL_SERVER_ERROR'
  const [httpStatus, code] = kind === 'INTERNAL_SERVER_ERROR' ? [500, -32603] : HTTP_STATUS_OF[kind]
  return { error: { message, code, data: { code: kind, httpStatus, requestId, appCode, validation: null } } }
}
