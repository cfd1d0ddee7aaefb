import type { IncomingMessage } from 'node:http'
import { type AnyTRPCRouter, type inferRouterContext, TRPCError } from '@trpc/server'
import { type HTTPBaseHandlerOptions, resolveResponse } from '@trpc/server/http'
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express'

export type TrpcHandlerOptions<TRouter extends AnyTRPCRouter> = Omit<
  HTTPBaseHandlerOptions<TRouter, ExpressRequest>,
  'router' | 'onError'
> & {
  router: TRouter
  createContext: (opts: { req: ExpressRequest; res: ExpressResponse }) => inferRouterContext<TRouter>
  onError?: HTTPBaseHandlerOptions<TRouter, ExpressRequest>['onError']
  /** A body past this many bytes is refused with 413 (PAYLOAD_TOO_LARGE) and never read further. */
  maxBodySize: number
}

/**
 * The tRPC API as an Express handler, answering through tRPC's own `resolveResponse` (batching,
 * validation, the error formatter, status codes and `responseMeta` are tRPC's). Unlike the stock
 * adapter it builds the fetch `Request` from the few fields tRPC reads (not every header, no abort
 * wiring) and sends the answer as one buffer instead of piping it through web streams: on a portal
 * query that conversion cost more than the procedure around the database query. Answers are always
 * whole JSON: the streaming formats (`trpc-accept: application/jsonl`, server-sent events) are off,
 * and subscriptions live on the WebSocket.
 */
export function trpcHandler<TRouter extends AnyTRPCRouter>(
  opts: TrpcHandlerOptions<TRouter>,
): RequestHandler {
  const { router, createContext, onError, maxBodySize, ...resolveOptions } = opts
  return (req, res, next) => {
    answer(req, res).catch(next)
  }

  async function answer(req: ExpressRequest, res: ExpressResponse) {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1)
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const body = hasBody ? await readBody(req, maxBodySize) : undefined
    if (body === CLOSED) return
    const contentType = req.headers['content-type']
    const request = new Request(`http://api${req.originalUrl}`, {
      method: req.method,
      headers: contentType ? { 'content-type': contentType } : {},
      body: typeof body === 'string' ? body : undefined,
    })
    const response = await resolveResponse<TRouter>({
      ...resolveOptions,
      router,
      req: request,
      path,
      error: body === TOO_LARGE ? new TRPCError({ code: 'PAYLOAD_TOO_LARGE' }) : null,
      createContext: async () => createContext({ req, res }),
      onError: onError && ((o) => onError({ ...o, req })),
    })
    res.statusCode = response.status
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') res.setHeader(name, value)
    }
    for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie)
    const answerBytes = Buffer.from(await response.arrayBuffer())
    res.setHeader('Content-Length', answerBytes.length)
    res.end(answerBytes)
  }
}

const TOO_LARGE = Symbol('too large')
const CLOSED = Symbol('closed')

/** The request body as text, up to `max` bytes; past that it stops reading. */
function readBody(req: IncomingMessage, max: number): Promise<string | typeof TOO_LARGE | typeof CLOSED> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: string | typeof TOO_LARGE | typeof CLOSED) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onClosed)
      req.off('aborted', onClosed)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > max) {
        req.pause()
        finish(TOO_LARGE)
      } else chunks.push(chunk)
    }
    const onEnd = () => finish(Buffer.concat(chunks).toString('utf8'))
    const onClosed = () => finish(CLOSED)
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onClosed)
    req.on('aborted', onClosed)
  })
}
