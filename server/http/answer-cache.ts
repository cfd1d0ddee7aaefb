import type Sqlite from 'better-sqlite3'
import type { Request, RequestHandler, Response } from 'express'
import { LRUCache } from 'lru-cache'
import { dataVersionOf } from '../db/data-version'
import { readSessionToken } from '../people/auth/session'
import { hashToken } from '../people/auth/tokens'
import { type CompressionLevels, compressBody, PAGE_COMPRESSION, sendWhole } from './compress'
import { wantsLibras } from './security'

/**
 * Answers kept in memory until the database changes: the portal's queries (their procedures declare
 * it in `.meta({ cache })`, see server/trpc/init.ts) and a visitor's rendered page. A visitor (no
 * session cookie) sees what every other visitor sees, so one answer serves all of them. A member's
 * answer depends on who they are (favorites, blocked sellers), so it is kept for that session alone,
 * and only while resolving the session again would change nothing and write nothing (`quietUntil`).
 *
 * Any write that counts — by this connection or by another one, such as a second instance on the same
 * file (server/db/data-version.ts) — discards every stored answer, so nothing stale is ever served. The
 * daily count of a listing's views does not count.
 *
 * The store is bounded in bytes (the bodies, plain and compressed: a page weighs a hundred times an
 * answer) and forgets the least recently used first. Whoever produces a body keeps it (`keep`): the
 * API edge after tRPC answered, the page route after rendering; nothing listens to a response on its
 * way out. A page is kept at most `pageMaxAgeMs` as well: it also shows what depends on the clock
 * (dates written as "há 2 horas", which events are still to come), and a few seconds of that are
 * harmless. A member's page is rendered for each request.
 */
export type AnswerCacheOptions = {
  sqlite: Sqlite.Database
  maxEntries?: number
  maxBodyBytes?: number
  /** All the bodies kept, together, plain and compressed. */
  maxStoredBytes?: number
  /**
   * How long a visitor's page is kept at most, even with no write. Half the client's staleTime (30 s,
   * client/lib/trpc.ts): the answers a kept page carries are still fresh when it hydrates, so the
   * browser does not ask for them again.
   */
  pageMaxAgeMs?: number
  now?: () => number
}

export type KeptAnswer = {
  status: number
  headers: [string, string | string[] | number][]
  body: Buffer
  /** The body compressed, made on the first sending that asks for each encoding. */
  encoded: { br?: Buffer; gzip?: Buffer }
  /** Served until this moment (ms); a visitor's answer has no end but the next write. */
  until: number
  levels: CompressionLevels
  /** A page: sent with its ETag, and 304 to a browser that has it. */
  revalidate: boolean
}

/** Where a miss is to be kept, decided before it is produced. */
export type PendingAnswer = { key: string; version: string; member: boolean }

/** Headers each answer computes for itself (or that only its first sending had). */
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'x-request-id',
  'date',
  'vary',
  'set-cookie',
  'etag',
])

/** What a page route uses: `servePage` in front of it, `keepPage` where the page is sent. */
export type PageCache = {
  servePage: RequestHandler
  keepPage: (res: Response, body: Buffer) => void
}

const sizeOf = (entry: KeptAnswer) =>
  entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0)

export function createAnswerCache({
  sqlite,
  maxEntries = 1000,
  maxBodyBytes = 512 * 1024,
  maxStoredBytes = 32 * 1024 * 1024,
  pageMaxAgeMs = 15_000,
  now = () => Date.now(),
}: AnswerCacheOptions) {
  const entries = new LRUCache<string, KeptAnswer>({
    max: maxEntries,
    maxSize: maxStoredBytes,
    sizeCalculation: (entry) => Math.max(1, sizeOf(entry)),
  })
  const dataVersion = dataVersionOf(sqlite)
  let storedVersion = ''
  /** Everything stored since the last write carries this; any write that counts changes it. */
  const currentVersion = () => {
    const version = dataVersion()
    if (version !== storedVersion) {
      entries.clear()
      storedVersion = version
    }
    return version
  }

  /** The key of a request's answer: who asks (a visitor, or a session by its id) and what. */
  function keyOf(req: Request, kind: 'api' | 'página'): { key: string; member: boolean } {
    const token = kind === 'api' ? readSessionToken(req.headers.cookie) : undefined
    // The token's hash is the session's id: the key of a member's answers, never the token itself.
    const viewer = token ? `sessão ${hashToken(token)}` : kind === 'api' ? 'visitante' : 'página'
    return { key: `${viewer} ${wantsLibras(req) ? 'libras ' : ''}${req.originalUrl}`, member: !!token }
  }

  /** The answer kept for `key`, while it holds. */
  function lookup(key: string): KeptAnswer | undefined {
    currentVersion()
    const entry = entries.get(key)
    return entry && now() < entry.until ? entry : undefined
  }

  /** Sends a kept answer: its status, headers and body, compressed as the request takes it. */
  function send(req: Request, res: Response, key: string, entry: KeptAnswer) {
    res.statusCode = entry.status
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    sendWhole(req, res, entry.body, entry.levels, {
      revalidate: entry.revalidate,
      encoded: (encoding) => {
        let encoded = entry.encoded[encoding]
        if (!encoded) {
          encoded = compressBody(entry.body, encoding, entry.levels)
          entry.encoded[encoding] = encoded
          // Set again, so its size counts the new copy.
          if (entries.has(key)) entries.set(key, entry)
        }
        return encoded
      },
    })
  }

  /**
   * An API request: answered from memory when kept (true), else what is needed to keep its answer
   * (which the API edge decides once tRPC has named the procedures). Only a GET is ever kept.
   */
  function serveApi(req: Request, res: Response): PendingAnswer | true | null {
    if (req.method !== 'GET' || req.originalUrl.length > 4096) return null
    const { key, member } = keyOf(req, 'api')
    const entry = lookup(key)
    if (entry) {
      send(req, res, key, entry)
      return true
    }
    return { key, member, version: storedVersion }
  }

  /**
   * Keeps a body produced for `pending` until `until` (ms), with the response's status and headers, if
   * nothing was written since the request began (its own session's touch included: its answer may
   * predate the write) and it was answered whole, without setting a cookie.
   */
  function keep(
    pending: PendingAnswer,
    res: Response,
    body: Buffer,
    until: number,
    levels: CompressionLevels,
    revalidate = false,
  ) {
    if (res.statusCode !== 200 || res.hasHeader('set-cookie') || body.length > maxBodyBytes) return
    if (until <= now() || currentVersion() !== pending.version) return
    const headers = Object.entries(res.getHeaders()).filter(
      (pair): pair is [string, string | string[] | number] =>
        pair[1] !== undefined && !OWN_HEADERS.has(pair[0]),
    )
    entries.set(pending.key, { status: 200, headers, body, encoded: {}, until, levels, revalidate })
  }

  const servePage: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || req.originalUrl.length > 4096) return next()
    if (readSessionToken(req.headers.cookie) !== undefined) return next()
    const { key } = keyOf(req, 'página')
    const entry = lookup(key)
    if (entry) return send(req, res, key, entry)
    res.locals.pageAnswer = { key, member: false, version: storedVersion } satisfies PendingAnswer
    next()
  }

  function keepPage(res: Response, body: Buffer) {
    const pending = res.locals.pageAnswer as PendingAnswer | undefined
    if (pending) keep(pending, res, body, now() + pageMaxAgeMs, PAGE_COMPRESSION, true)
  }

  return {
    serveApi,
    keep,
    servePage,
    keepPage,
    size: () => entries.size,
    storedBytes: () => entries.calculatedSize,
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
