import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc'
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import type { AppErrorCode } from '../../shared/errors'
import {
  AppError,
  appError,
  GENERIC_ERROR_MESSAGE,
  newRequestId,
  REFUSAL_HTTP_STATUS,
  type RefusalStatus,
} from '../errors'

/** tRPC's name of a failed answer's kind: a refusal's status, or a fault. */
type ErrorKind = RefusalStatus | 'INTERNAL_SERVER_ERROR'

/**
 * The body of every failed answer of an Express route, in the shape of a tRPC error as our
 * errorFormatter (server/trpc/init.ts) writes it, so the client reads one shape: a refusal carries its
 * catalogue code (shared/errors.ts), a fault none, and both the request id of the log line. No `path`:
 * no procedure was called.
 */
export type ErrorBody = {
  error: {
    message: string
    code: number
    data: {
      code: ErrorKind
      httpStatus: number
      requestId: string
      appCode: AppErrorCode | null
      validation: null
    }
  }
}

export function errorBody(refusal: AppError | null, requestId: string): ErrorBody {
  const kind: ErrorKind = refusal ? refusal.status : 'INTERNAL_SERVER_ERROR'
  return {
    error: {
      message: refusal ? refusal.message : GENERIC_ERROR_MESSAGE,
      code: TRPC_ERROR_CODES_BY_KEY[kind],
      data: {
        code: kind,
        httpStatus: refusal ? REFUSAL_HTTP_STATUS[refusal.status] : 500,
        requestId,
        appCode: refusal ? refusal.appCode : null,
        validation: null,
      },
    },
  }
}

/** A library's own refusal of a malformed request (a bad URL or body, 4xx) as a catalogue refusal; else null. */
function libraryRefusal(error: unknown): AppError | null {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : statusCode
  if (typeof value !== 'number' || value < 400 || value >= 500) return null
  if (value === 404) return appError('RESOURCE_NOT_FOUND')
  if (value === 413) return appError('REQUEST_TOO_LARGE')
  return appError('INVALID_REQUEST')
}

const page = (text: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Vupt</title></head><body><p>${text}</p></body></html>`

/**
 * The one answer of an Express route that did not succeed. A refusal (AppError) gets its status, its
 * message and its code; anything else is a fault: logged with the request id, answered with a generic
 * message and that id. JSON (`ErrorBody`, tRPC's error shape) for scripts and the client (fetch asks for anything), a small
 * page for a browser that asks for HTML.
 */
export function sendError(req: Request, res: Response, error: unknown, logger: Logger): void {
  const refusal = error instanceof AppError ? error : libraryRefusal(error)
  const requestId = (res.locals.requestId as string | undefined) ?? newRequestId()
  if (!refusal) {
    logger.error({ err: error, requestId, method: req.method, path: req.path }, 'erro no servidor')
  }
  if (res.headersSent) {
    // Part of a response is out: cut the connection so it is not taken for a whole one.
    res.destroy()
    return
  }
  const body = errorBody(refusal, requestId)
  const { message } = body.error
  res.status(body.error.data.httpStatus).format({
    json: () => res.json(body),
    html: () => res.send(page(refusal ? message : `${message} Código do erro: ${requestId}`)),
    default: () => res.type('text').send(message),
  })
}

/** The last route: what nothing else answered (Express would say 'Cannot GET', in English). */
export function notFound(logger: Logger): RequestHandler {
  return (req, res) => sendError(req, res, appError('RESOURCE_NOT_FOUND'), logger)
}

/** The last handler of the non-tRPC routes (uploads, Google sign-in, .ics, pages). */
export function handleErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => sendError(req, res, error, logger)
}
