import type { IncomingMessage } from 'node:http'
import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  type inferRouterContext,
  TRPCError,
} from '@trpc/server'
import { getHTTPStatusCode, type HTTPBaseHandlerOptions, resolveResponse } from '@trpc/server/http'
import { getErrorShape } from '@trpc/server/shared'
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express'
import { procedurePaths } from './trpc-limits'

export type TrpcHandlerOptions<TRouter extends AnyTRPCRouter> = {
  router: TRouter
  createContext: (opts: { req: ExpressRequest; res: ExpressResponse }) => inferRouterContext<TRouter>
  onError?: HTTPBaseHandlerOptions<TRouter, ExpressRequest>['onError']
  /** A body past this many bytes is refused with 413 (PAYLOAD_TOO_LARGE) and never read further. */
  maxBodySize: number
  /** Calls in one batch; past it the batch is refused (BAD_REQUEST). */
  maxBatchSize: number
}

/**
 * The tRPC API as an Express handler. Answers are always whole JSON: the streaming formats
 * (`trpc-accept: application/jsonl`, server-sent events) are off, and subscriptions live on the
 * WebSocket.
 *
 * A GET whose calls are all queries with readable input, the portal's every request, is answered
 * here: each procedure is called as tRPC's own resolver calls it (its middlewares, input parser, error
 * formatter and status codes are the router's), without the fetch `Request`, `Headers`, `URL`, abort
 * signals and `Response` that resolver builds around it; on a member's portal list those cost more than
 * the procedure around the query. Everything else (mutations, HEAD, a path or input tRPC refuses) goes
 * to tRPC's `resolveResponse`, fed the few request fields it reads and answered as one buffer.
 */
export function trpcHandler<TRouter extends AnyTRPCRouter>(
  opts: TrpcHandlerOptions<TRouter>,
): RequestHandler {
  const { router, createContext, onError, maxBodySize, maxBatchSize } = opts
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>
  const config = router._def._config

  return (req, res, next) => {
    const queries = req.method === 'GET' ? readQueries(req) : null
    ;(queries ? answerQueries(req, res, queries) : answer(req, res)).catch(next)
  }

  /** The calls of a GET when every one is a query and its input is readable JSON; else null. */
  function readQueries(req: ExpressRequest): Queries | null {
    const queryStart = req.url.indexOf('?')
    const search = new URLSearchParams(queryStart === -1 ? '' : req.url.slice(queryStart + 1))
    const isBatch = search.get('batch') === '1'
    const paths = procedurePaths(req.path)
    // A single call's path with a comma names no procedure: tRPC answers it.
    if (!paths || (!isBatch && paths.length > 1) || paths.length > maxBatchSize) return null
    let inputs: unknown
    try {
      const input = search.get('input')
      inputs = input ? JSON.parse(input) : undefined
    } catch {
      return null
    }
    if (isBatch && inputs !== undefined && (typeof inputs !== 'object' || inputs === null)) return null
    const calls: QueryCall[] = []
    for (const [index, path] of paths.entries()) {
      const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined
      if (procedure?._def.type !== 'query') return null
      const raw = isBatch ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs
      calls.push({ path, procedure, input: config.transformer.input.deserialize(raw) })
    }
    return { isBatch, calls }
  }

  async function answerQueries(req: ExpressRequest, res: ExpressResponse, { isBatch, calls }: Queries) {
    let ctx: inferRouterContext<TRouter> | undefined
    let contextError: TRPCError | null = null
    try {
      ctx = await createContext({ req, res })
    } catch (cause) {
      contextError = getTRPCErrorFromUnknown(cause)
    }
    const replies = await Promise.all(
      calls.map(async ({ path, procedure, input }, batchIndex) => {
        try {
          if (contextError) throw contextError
          const data: unknown = await procedure({
            path,
            getRawInput: async () => input,
            ctx,
            type: 'query',
            signal: NEVER_ABORTED,
            batchIndex,
          })
          return { result: { data: config.transformer.output.serialize(data) } }
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause)
          onError?.({ error, path, input, ctx, type: 'query', req })
          const shape = getErrorShape({ config, error, type: 'query', path, input, ctx })
          return { error: config.transformer.output.serialize(shape) }
        }
      }),
    )
    res.statusCode = getHTTPStatusCode(replies)
    res.setHeader('content-type', 'application/json')
    send(res, JSON.stringify(isBatch ? replies : replies[0]))
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
      router,
      maxBatchSize,
      req: request,
      path,
      error: body === TOO_LARGE ? new TRPCError({ code: 'PAYLOAD_TOO_LARGE' }) : null,
      createContext: async () => createContext({ req, res }),
      onError: onError && ((o) => onError({ ...o, req })),
    })
    res.statusCode = response.status
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'vary') res.setHeader(name, value)
    }
    for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie)
    // Stop receiving the rest of a body that was refused for its size.
    if (body === TOO_LARGE) res.setHeader('connection', 'close')
    send(res, await response.arrayBuffer())
  }
}

type QueryCall = { path: string; procedure: AnyTRPCProcedure; input: unknown }
type Queries = { isBatch: boolean; calls: QueryCall[] }

/** Procedures may be handed a signal; a whole-JSON answer is never cut short, so none is ever aborted. */
const NEVER_ABORTED = new AbortController().signal

function send(res: ExpressResponse, answer: string | ArrayBuffer) {
  const bytes = typeof answer === 'string' ? Buffer.from(answer, 'utf8') : Buffer.from(answer)
  res.setHeader('Content-Length', bytes.length)
  res.end(bytes)
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
