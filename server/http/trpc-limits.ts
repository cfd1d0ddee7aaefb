import { type AnyTRPCRouter, TRPCError } from '@trpc/server'
import { getErrorShape } from '@trpc/server/shared'
import type { RequestHandler, Response } from 'express'

/**
 * Largest tRPC request body. The longest form (a listing with a 2,000-character description) is a
 * few KiB of JSON; the limit only has to stop a caller from making the server hold megabytes.
 */
export const TRPC_MAX_BODY_BYTES = 64 * 1024

/**
 * Answers as the tRPC handler would, with the router's own error shape (and so its formatter: the
 * catalogue's code and message), under this request's id.
 */
function refuse(res: Response, router: AnyTRPCRouter, code: TRPCError['code']): void {
  const shape = getErrorShape({
    config: router._def._config,
    error: new TRPCError({ code }),
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  })
  const requestId = (res.locals.requestId as string | undefined) ?? null
  res.status(shape.data.httpStatus).json({ error: { ...shape, data: { ...shape.data, requestId } } })
}

function declaredLength(value: string | undefined): number {
  return value === undefined ? 0 : Number(value)
}

/** The procedure paths of a tRPC URL: '/chat.send' or a batch '/a,b'; null when not decodable. */
export function procedurePaths(urlPath: string): string[] | null {
  try {
    return decodeURIComponent(urlPath.slice(urlPath.lastIndexOf('/') + 1)).split(',')
  } catch {
    return null
  }
}

/**
 * In front of the tRPC handler, refuses without reading the body: a declared body above the limit
 * (413, and the connection is closed so the rest is never received), a path that cannot be decoded,
 * and any subscription. Subscriptions live on the WebSocket, where sign-out ends them and each
 * connection has a cap; tRPC would otherwise serve them as server-sent events on a plain GET.
 */
export function guardTrpcRequests(router: AnyTRPCRouter): RequestHandler {
  return (req, res, next) => {
    if (declaredLength(req.headers['content-length']) > TRPC_MAX_BODY_BYTES) {
      res.set('Connection', 'close')
      refuse(res, router, 'PAYLOAD_TOO_LARGE')
      return
    }
    const paths = procedurePaths(req.path)
    if (!paths) {
      refuse(res, router, 'BAD_REQUEST')
      return
    }
    const procedures = router._def.procedures as Record<string, { _def: { type: string } } | undefined>
    if (
      paths.some((path) => Object.hasOwn(procedures, path) && procedures[path]?._def.type === 'subscription')
    ) {
      refuse(res, router, 'METHOD_NOT_SUPPORTED')
      return
    }
    next()
  }
}
