import type Sqlite from 'better-sqlite3'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { dataVersionOf } from '../db/data-version'
import { readSessionToken } from '../people/auth/session'
import { hashToken } from '../people/auth/tokens'
import {
  API_COMPRESSION,
  COMPRESS_FROM_BYTES,
  type CompressionLevels,
  chunkBuffer,
  compressBody,
  PAGE_COMPRESSION,
  preferredEncoding,
} from './compress-whole-body'
import { wantsLibras } from './security'
import { procedurePaths } from './trpc-limits'

/**
 * Answers repeated portal queries from memory until the database changes. A visitor (no session
 * cookie) sees the same page of listings as every other visitor, so one answer serves all of them. A
 * member's answer depends on who they are (favorites, blocked sellers), so it is kept for that
 * session alone, and only while resolving the session again would change nothing and write nothing
 * (before it is due to be touched, renewed, recorded or to expire: `quietUntil`).
 *
 * Any write — by this connection (`total_changes()`) or by another one, such as a second instance on
 * the same file (`data_version`) — discards every stored answer, so nothing stale is ever served.
 *
 * Two halves: `serve` runs first (before the security headers and compression, which a stored answer
 * already carries) and answers a hit; `capture` runs right before the tRPC handler and keeps the plain
 * JSON body of a miss. For a member, the context tells the cache until when the session holds
 * (`holdMemberAnswerUntil`); without it the answer is not kept.
 *
 * A visitor's server-rendered page is kept the same way (`servePage` before the page's compression,
 * `capture` after it), for at most `pageMaxAgeMs` as well: a page also shows what depends on the clock
 * (dates written as "há 2 horas", which events are still to come), and a few seconds of that are harmless.
 * A member's page is rendered for each request.
 */
export type AnswerCacheOptions = {
  sqlite: Sqlite.Database
  /** Procedures whose answer depends only on the input, the caller and the database (not on the clock). */
  procedures: ReadonlySet<string>
  maxEntries?: number
  maxBodyBytes?: number
  /** All the bodies kept, together. */
  maxStoredBytes?: number
  /**
   * How long a visitor's page is kept at most, even with no write. Half the client's staleTime (30 s,
   * client/lib/trpc.ts): the answers a kept page carries are still fresh when it hydrates, so the
   * browser does not ask for them again.
   */
  pageMaxAgeMs?: number
  now?: () => number
}

type Entry = {
  status: number
  headers: [string, string | string[] | number][]
  body: Buffer
  /** The body compressed, made on the first hit that asks for each encoding. */
  encoded: { br?: Buffer; gzip?: Buffer }
  /** Served until this moment (ms); a visitor's answer has no end but the next write. */
  until: number
  levels: CompressionLevels
}

type Pending = {
  key: string
  version: string
  member: boolean
  until?: number
  /** How hard its body is compressed: an API answer's or a page's levels, as on the first sending. */
  levels: CompressionLevels
}

/** Headers each answer computes for itself (or that only its first sending had). */
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'x-request-id',
  'date',
  'vary',
  'set-cookie',
])

/** The half of the cache a page route uses: `servePage` before the page's compression, `capture` after. */
export type PageCache = { servePage: RequestHandler; capture: RequestHandler }

export function createAnswerCache({
  sqlite,
  procedures,
  maxEntries = 1000,
  maxBodyBytes = 512 * 1024,
  maxStoredBytes = 32 * 1024 * 1024,
  pageMaxAgeMs = 15_000,
  now = () => Date.now(),
}: AnswerCacheOptions) {
  const entries = new Map<string, Entry>()
  const dataVersion = dataVersionOf(sqlite)
  let storedVersion = ''
  /** The bodies kept, plain and compressed: pages weigh a hundred times an answer. */
  let storedBytes = 0
  /** Everything stored since the last write carries this; any write changes it. */
  const currentVersion = () => {
    const version = dataVersion()
    if (version !== storedVersion) {
      entries.clear()
      storedBytes = 0
      storedVersion = version
    }
    return version
  }

  const cacheable = (url: string, path: string, method: string) =>
    method === 'GET' &&
    url.length <= 4096 &&
    (procedurePaths(path)?.every((name) => procedures.has(name)) ?? false)

  const serve: RequestHandler = (req, res, next) => {
    if (!req.path.startsWith('/api/trpc/')) return next()
    if (!cacheable(req.originalUrl, req.path, req.method)) return next()
    const token = readSessionToken(req.headers.cookie)
    // The token's hash is the session's id: the key of a member's answers, never the token itself.
    const viewer = token ? `sessão ${hashToken(token)}` : 'visitante'
    const key = `${viewer} ${wantsLibras(req) ? 'libras ' : ''}${req.originalUrl}`
    answerOrPass(req, res, next, {
      key,
      version: currentVersion(),
      member: token !== undefined,
      levels: API_COMPRESSION,
    })
  }

  const servePage: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || req.originalUrl.length > 4096) return next()
    if (readSessionToken(req.headers.cookie) !== undefined) return next()
    const key = `página ${wantsLibras(req) ? 'libras ' : ''}${req.originalUrl}`
    answerOrPass(req, res, next, {
      key,
      version: currentVersion(),
      member: false,
      until: now() + pageMaxAgeMs,
      levels: PAGE_COMPRESSION,
    })
  }

  /** Sends the stored answer for `pending.key`, or lets the request through to be kept on its way out. */
  function answerOrPass(req: Request, res: Response, next: NextFunction, pending: Pending) {
    const entry = entries.get(pending.key)
    if (!entry || now() >= entry.until) {
      res.locals.answerCache = pending
      return next()
    }
    res.statusCode = entry.status
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.vary('Accept-Encoding')
    const encoding = entry.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(req) : null
    if (encoding) res.setHeader('Content-Encoding', encoding)
    let body = entry.body
    if (encoding) {
      let encoded = entry.encoded[encoding]
      if (!encoded) {
        encoded = compressBody(entry.body, encoding, entry.levels)
        entry.encoded[encoding] = encoded
        storedBytes += encoded.length
      }
      body = encoded
    }
    res.setHeader('Content-Length', body.length)
    res.end(body)
  }

  const capture: RequestHandler = (_req, res, next) => {
    const pending = res.locals.answerCache as Pending | undefined
    if (pending) keepBody(res, pending)
    next()
  }

  /**
   * For a member's request: the session resolved, and resolving it again before `until` would change
   * nothing (null: no valid session, so nothing is kept).
   */
  function holdMemberAnswerUntil(res: Response, until: number | null) {
    const pending = res.locals.answerCache as Pending | undefined
    if (pending?.member && until !== null) pending.until = until
  }

  function keepBody(res: Response, pending: Pending) {
    const chunks: Buffer[] = []
    let size = 0
    const write = res.write.bind(res)
    const end = res.end.bind(res)
    const take = (chunk: unknown, encoding: unknown) => {
      const buffer = size > maxBodyBytes ? null : chunkBuffer(chunk, encoding)
      if (!buffer) return
      size += buffer.length
      chunks.push(buffer)
    }
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      take(chunk, encoding)
      return write(chunk as never, encoding as never, callback as never)
    }) as typeof res.write
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      take(chunk, encoding)
      if (res.statusCode === 200 && size <= maxBodyBytes && !res.hasHeader('set-cookie')) {
        store(pending, res, Buffer.concat(chunks))
      }
      return end(chunk as never, encoding as never, callback as never)
    }) as typeof res.end
  }

  function store(pending: Pending, res: Response, body: Buffer) {
    const until = pending.until ?? (pending.member ? 0 : Number.POSITIVE_INFINITY)
    if (until <= now()) return
    // A write since the request began (its own session's touch included): its answer may predate the
    // write, so it is not kept.
    if (currentVersion() !== pending.version) return
    const headers = Object.entries(res.getHeaders()).filter(
      (pair): pair is [string, string | string[] | number] =>
        pair[1] !== undefined && !OWN_HEADERS.has(pair[0]),
    )
    forget(pending.key)
    entries.set(pending.key, { status: 200, headers, body, encoded: {}, until, levels: pending.levels })
    storedBytes += body.length
    // The oldest go first.
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && storedBytes <= maxStoredBytes) break
      forget(key)
    }
  }

  function forget(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    storedBytes -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0)
  }

  return {
    serve,
    servePage,
    capture,
    holdMemberAnswerUntil,
    size: () => entries.size,
    storedBytes: () => storedBytes,
  }
}
