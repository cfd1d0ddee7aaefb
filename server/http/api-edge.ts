import { type AnyTRPCRouter, TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http'
import type { RequestHandler, Response } from 'express'
import { API_BATCH_MAX } from '../../shared/limits'
import type { AppMetrics } from '../ops/metrics'
import { identityQuietUntil } from '../people/auth/identity'
import type { AppServices } from '../services'
import type { Cacheability } from '../trpc/init'
import { cacheDeclarations, errorShapeOf } from '../trpc/procedures'
import type { AnswerCache, PendingAnswer } from './answer-cache'
import { API_COMPRESSION, sendWhole } from './compress'
import { requestContext } from './trpc-context'

/**
 * Largest tRPC request body. The longest form (a listing with a 2,000-character description) is a
 * few KiB of JSON; the limit only has to stop a caller from making the server hold megabytes.
 */
export const TRPC_MAX_BODY_BYTES = 64 * 1024

export type ApiEdgeOptions<TRouter extends AnyTRPCRouter> = {
  services: AppServices
  router: TRouter
  answers: AnswerCache
  metrics?: AppMetrics
  maxBodyBytes?: number
  maxBatchSize?: number
}

/** Whether every procedure of a call may be kept for this caller (a visitor, or a member's session). */
function mayKeep(declared: ReadonlyMap<string, Cacheability>, paths: readonly string[], member: boolean) {
  return (
    paths.length > 0 &&
    paths.every((path) => {
      const cache = declared.get(path)
      return cache === 'member' || (cache === 'visitor' && !member)
    })
  )
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

/** Where the API's URLs are resolved: tRPC reads only the path and the query of a request. */
const ORIGIN = 'http://api.invalid'

/**
 * The Request tRPC's handler reads. A GET or HEAD is its method and URL alone: the context reads the
 * session, address and agent from Express's request, and tRPC reads a streaming answer (jsonl) into the
 * Accept headers, which an answer kept for everyone must not depend on. tRPC's converter, which copies
 * every header and ties an abort signal to the response (fired, with a DOMException, as each one
 * closes; no HTTP procedure reads it), is kept for a request with a body, which it reads within the
 * size limit.
 */
function requestFor(req: Parameters<RequestHandler>[0], res: Response, maxBodySize: number): Request {
  if (req.method === 'GET' || req.method === 'HEAD') {
    let url: URL
    try {
      url = new URL(req.url, ORIGIN)
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause })
    }
    return new Request(url, { method: req.method })
  }
  const request = incomingMessageToRequest(req, res, { maxBodySize })
  // Answers are whole JSON: tRPC's streaming format is never offered.
  request.headers.delete('trpc-accept')
  request.headers.delete('accept')
  return request
}

/**
 * The tRPC API over HTTP, mounted at /api/trpc. tRPC's own adapter reads every URL and body (the
 * fetch handler, fed the request by tRPC's node-http converter); around it, this module:
 *
 * - refuses a path that is not valid percent-encoding (400), and a declared body above the limit before reading it (413, and the connection is closed so
 *   the rest is never received); a body sent without Content-Length is cut off by the converter;
 * - caps the calls of a batch (tRPC's `maxBatchSize`);
 * - refuses any subscription, as tRPC names it to the context: subscriptions live on the WebSocket,
 *   where sign-out ends them and each connection has a cap; tRPC would otherwise serve them as
 *   server-sent events on a plain GET;
 * - answers a kept answer from memory, and keeps a new one when every procedure of the call declares
 *   it may be kept (`.meta({ cache })`; a mutation or subscription that declares it stops the app here,
 *   at start);
 * - sends the answer whole, compressed in one call.
 */
export function createApiEdge<TRouter extends AnyTRPCRouter>({
  services,
  router,
  answers,
  metrics,
  maxBodyBytes = TRPC_MAX_BODY_BYTES,
  maxBatchSize = API_BATCH_MAX,
}: ApiEdgeOptions<TRouter>): RequestHandler {
  const declared = cacheDeclarations(router)

  /** Answers as the tRPC handler would, with the router's own error shape, under this request's id. */
  function refuse(res: Response, code: TRPCError['code']) {
    const shape = errorShapeOf(router, code)
    const requestId = (res.locals.requestId as string | undefined) ?? null
    res.status(shape.data.httpStatus).json({ error: { ...shape, data: { ...shape.data, requestId } } })
  }

  return (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
      res.set('Connection', 'close')
      refuse(res, 'PAYLOAD_TOO_LARGE')
      return
    }
    if (!decodable(req.path)) {
      // tRPC would answer a path it cannot decode as its own failure (500).
      refuse(res, 'BAD_REQUEST')
      return
    }
    const pending = answers.serveApi(req, res)
    if (pending === true) return
    answer(req, res, pending).catch((error: unknown) => {
      if (error instanceof TRPCError) refuse(res, error.code)
      else next(error)
    })
  }

  async function answer(req: Parameters<RequestHandler>[0], res: Response, pending: PendingAnswer | null) {
    let subscription = false
    let memberUntil: number | null = null
    let paths: readonly string[] = []
    const request = requestFor(req, res, maxBodyBytes)
    const response = await fetchRequestHandler({
      router,
      // Mounted at /api/trpc: the URL tRPC reads starts at the procedure's path.
      endpoint: '/',
      req: request,
      maxBatchSize,
      createContext: ({ info }) => {
        if (info.type === 'subscription') {
          subscription = true
          throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED' })
        }
        const ctx = requestContext(services, req, res)
        memberUntil = identityQuietUntil(ctx)
        return ctx
      },
      responseMeta: (meta) => {
        paths = meta.paths ?? []
        return {}
      },
      onError: ({ error, path, ctx }) => {
        metrics?.observeError(error)
        // Without a context (it failed to build), the error formatter logged it under an id of its own.
        if (error.code === 'INTERNAL_SERVER_ERROR' && ctx) {
          services.logger.error({ err: error, path, requestId: ctx.request.requestId }, 'erro na API')
        }
      },
    })
    if (subscription) {
      // tRPC answers a subscription with an event stream whatever its context did: it never starts.
      await response.body?.cancel()
      refuse(res, 'METHOD_NOT_SUPPORTED')
      return
    }
    res.statusCode = response.status
    // tRPC's answer carries its content type and a Vary on the Accept headers it is never given here;
    // responseMeta adds nothing, and the context sets cookies on Express's response itself.
    res.setHeader('Content-Type', response.headers.get('content-type') ?? 'application/json')
    // Stop receiving the rest of a body that was refused for its size.
    if (response.status === 413) res.setHeader('Connection', 'close')
    const body = Buffer.from(await response.arrayBuffer())
    if (pending && mayKeep(declared, paths, pending.member)) {
      const until = pending.member ? (memberUntil ?? 0) : Number.POSITIVE_INFINITY
      answers.keep(pending, res, body, until, API_COMPRESSION)
    }
    sendWhole(req, res, body, API_COMPRESSION)
  }
}
