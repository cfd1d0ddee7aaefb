import { gzipSync } from 'node:zlib'
import type Sqlite from 'better-sqlite3'
import type { RequestHandler, Response } from 'express'
import { readSessionToken } from '../auth/session'
import { chunkBuffer } from './compress-whole-body'
import { wantsLibras } from './security'
import { procedurePaths } from './trpc-limits'

/**
 * Answers a visitor's repeated portal queries from memory. A visitor (no session cookie at all) sees
 * the same page of listings as every other visitor, so one answer serves all of them until the
 * database changes. Any write — by this connection (`total_changes()`) or by another one, such as a
 * second instance on the same file (`data_version`) — discards every stored answer, so nothing stale
 * is ever served. Members are never served from here: their answers depend on who they are.
 *
 * Two halves: `serve` runs first (before the security headers and compression, which a stored answer
 * already carries) and answers a hit; `capture` runs right before the tRPC handler and keeps the
 * plain JSON body of a miss.
 */
export type AnonymousCacheOptions = {
  sqlite: Sqlite.Database
  /** Procedures whose answer depends only on the input and the database (not on the clock). */
  procedures: ReadonlySet<string>
  maxEntries?: number
  maxBodyBytes?: number
}

type Entry = {
  status: number
  headers: [string, string | string[] | number][]
  body: Buffer
  gzip: Buffer
}

type Pending = { key: string; version: string }

/** Headers each answer computes for itself (or that only its first sending had). */
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'x-request-id',
  'date',
  'vary',
  'set-cookie',
])

export function createAnonymousCache({
  sqlite,
  procedures,
  maxEntries = 1000,
  maxBodyBytes = 512 * 1024,
}: AnonymousCacheOptions) {
  const entries = new Map<string, Entry>()
  const versionQuery = sqlite.prepare(
    'select total_changes() as changes, (select data_version from pragma_data_version) as version',
  )
  let storedVersion = ''
  /** Everything stored since the last write carries this; any write changes it. */
  const currentVersion = () => {
    const row = versionQuery.get() as { changes: number; version: number }
    const version = `${row.version}:${row.changes}`
    if (version !== storedVersion) {
      entries.clear()
      storedVersion = version
    }
    return version
  }

  const cacheable = (url: string, path: string, method: string, cookie: string | undefined) =>
    method === 'GET' &&
    url.length <= 4096 &&
    !readSessionToken(cookie) &&
    (procedurePaths(path)?.every((name) => procedures.has(name)) ?? false)

  const serve: RequestHandler = (req, res, next) => {
    if (!req.path.startsWith('/api/trpc/')) return next()
    if (!cacheable(req.originalUrl, req.path, req.method, req.headers.cookie)) return next()
    const key = `${wantsLibras(req) ? 'libras ' : ''}${req.originalUrl}`
    const version = currentVersion()
    const entry = entries.get(key)
    if (!entry) {
      res.locals.anonymousCache = { key, version } satisfies Pending
      return next()
    }
    res.statusCode = entry.status
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.setHeader('Vary', 'Accept-Encoding')
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip'
    if (gzip) res.setHeader('Content-Encoding', 'gzip')
    const body = gzip ? entry.gzip : entry.body
    res.setHeader('Content-Length', body.length)
    res.end(body)
  }

  const capture: RequestHandler = (_req, res, next) => {
    const pending = res.locals.anonymousCache as Pending | undefined
    if (pending) keepBody(res, pending)
    next()
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
    // A write since the request began: its answer may predate the write, so it is not kept.
    if (currentVersion() !== pending.version) return
    const headers = Object.entries(res.getHeaders()).filter(
      (pair): pair is [string, string | string[] | number] =>
        pair[1] !== undefined && !OWN_HEADERS.has(pair[0]),
    )
    entries.set(pending.key, {
      status: 200,
      headers,
      body,
      gzip: gzipSync(body),
    })
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
  }

  return { serve, capture, size: () => entries.size }
}
