import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Request, Response } from 'express'

/** How hard to compress: brotli's quality (0–11) and gzip's level (1–9). */
export type CompressionLevels = { brotliQuality: number; gzipLevel: number }

/**
 * Pages: brotli at quality 4, as the `compression` middleware uses it (smaller than gzip, and faster),
 * and zlib's default gzip level.
 */
export const PAGE_COMPRESSION: CompressionLevels = { brotliQuality: 4, gzipLevel: 6 }

/**
 * API answers: a few kilobytes of JSON (a page of 24 cards is about 11 KB) that shrink to under 2 KB at
 * any level; the lower levels cost a little in bytes and about half the CPU (the compression row of
 * `npm run profile:member`).
 */
export const API_COMPRESSION: CompressionLevels = { brotliQuality: 2, gzipLevel: 3 }

/** `body` compressed in one call, by `encoding` at `levels`. */
export function compressBody(body: Buffer, encoding: 'br' | 'gzip', levels: CompressionLevels): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: levels.gzipLevel })
}

/** Brotli whenever the browser takes it at all (browsers list it after gzip, with the same weight), else gzip. */
export function preferredEncoding(req: Request): 'br' | 'gzip' | null {
  return req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null
}

/** Below this, a body goes as it is: a packet or two either way. */
export const COMPRESS_FROM_BYTES = 1024

/** The encoding a body of `length` bytes goes in to this request: none when small or not accepted. */
export const encodingFor = (req: Request, length: number): 'br' | 'gzip' | null =>
  length >= COMPRESS_FROM_BYTES ? preferredEncoding(req) : null

/**
 * Sends a whole body, compressed in one call where it was produced: brotli where the browser takes it
 * (over HTTPS), else gzip. For the API (one JSON body of a few kilobytes per batch) and the pages (the
 * HTML of a finished render): the `compression` middleware pushes a body through a zlib stream (a
 * Transform and the thread pool), which costs several times the compression itself. `encoded` gives
 * a copy already made (a kept answer's); with `revalidate` the body gets Express's ETag of the plain
 * body and a matching If-None-Match is answered 304, as `res.send` does.
 */
export function sendWhole(
  req: Request,
  res: Response,
  body: Buffer,
  levels: CompressionLevels,
  {
    encoded,
    revalidate = false,
  }: { encoded?: (encoding: 'br' | 'gzip') => Buffer; revalidate?: boolean } = {},
): void {
  res.vary('Accept-Encoding')
  if (revalidate) {
    const etagOf = req.app.get('etag fn') as ((body: Buffer) => string) | undefined
    if (etagOf && !res.hasHeader('ETag')) res.setHeader('ETag', etagOf(body))
    if (req.fresh) {
      res.statusCode = 304
      res.end()
      return
    }
  }
  const encoding = res.hasHeader('Content-Encoding') ? null : encodingFor(req, body.length)
  if (encoding) res.setHeader('Content-Encoding', encoding)
  if (req.method === 'HEAD') {
    // No body to compress: the encoding a GET would get, and a length only when it is the plain one.
    if (!encoding) res.setHeader('Content-Length', body.length)
    res.end()
    return
  }
  const sent = encoding ? (encoded ? encoded(encoding) : compressBody(body, encoding, levels)) : body
  if (res.statusCode !== 204) res.setHeader('Content-Length', sent.length)
  res.end(res.statusCode === 204 ? undefined : sent)
}
