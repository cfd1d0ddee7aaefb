import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Request, RequestHandler } from 'express'

/** A chunk given to `res.write` or `res.end` as bytes; null for none (or a callback in its place). */
export function chunkBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null
  if (Buffer.isBuffer(chunk)) return chunk
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
}

/** The chunks as one buffer, without copying the usual single one. */
export const wholeBody = (chunks: Buffer[]): Buffer =>
  chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)

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

/**
 * Compresses an answer in one call once it is whole: brotli where the browser takes it (over HTTPS),
 * else gzip. For the API (one JSON body of a few kilobytes per batch) and the pages (the HTML of a
 * finished render, sent in one piece): the `compression` middleware pushes a body through a zlib stream
 * (a Transform and the thread pool), which costs several times the compression itself.
 */
export function compressWholeBody(levels: CompressionLevels): RequestHandler {
  return (req, res, next) => {
    const accepted = preferredEncoding(req)
    const chunks: Buffer[] = []
    const write = res.write.bind(res)
    const end = res.end.bind(res)
    const take = (chunk: unknown, encoding: unknown) => {
      const buffer = chunkBuffer(chunk, encoding)
      if (buffer) chunks.push(buffer)
    }
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      take(chunk, encoding)
      if (typeof encoding === 'function') encoding()
      else if (typeof callback === 'function') callback()
      return true
    }) as typeof res.write
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      take(chunk, encoding)
      res.write = write
      res.end = end
      let body = wholeBody(chunks)
      res.vary('Accept-Encoding')
      const compress = accepted ? (whole: Buffer) => compressBody(whole, accepted, levels) : null
      if (compress && !res.hasHeader('Content-Encoding')) {
        if (req.method === 'HEAD') {
          // No body to compress: the same encoding a GET would get, and no length (only the GET knows it).
          if (Number(res.getHeader('Content-Length') ?? 0) >= COMPRESS_FROM_BYTES) {
            res.setHeader('Content-Encoding', accepted as string)
            res.removeHeader('Content-Length')
          }
        } else if (body.length >= COMPRESS_FROM_BYTES) {
          body = compress(body)
          res.setHeader('Content-Encoding', accepted as string)
        }
      }
      // A HEAD, 304 or 204 goes without a body: a length set for it describes the body a GET would get.
      const bodiless = req.method === 'HEAD' || res.statusCode === 304 || res.statusCode === 204
      if (!res.headersSent && !bodiless) res.setHeader('Content-Length', body.length)
      const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback
      return end(body, done as never)
    }) as typeof res.end
    next()
  }
}
