import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import type { AppErrorCode } from '../../shared/errors'
import { AppError, appError, GENERIC_ERROR_MESSAGE, newRequestId, REFUSAL_HTTP_STATUS } from '../errors'

/**
 * The body of every failed answer of an Express route, the same contract as a tRPC error's `message`,
 * `data.appCode` and `data.requestId`: a refusal carries its catalogue code (shared/errors.ts), a fault
 * none, and both the request id of the log line.
 */
export type ErrorBody = { message: string; appCode: AppErrorCode | null; requestId: string }

/** A library's own refusal of a malformed request (a bad URL or body, 4xx) as a catalogue refusal; else null. */
function libraryRefusal(error: unknown): AppError | null {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : statusCode
  if (typeof value !== 'number' || value < 400 || value >= 500) return null
  if (value === 404) return appError('NOT_FOUND', 'RESOURCE_NOT_FOUND')
  if (value === 413) return appError('PAYLOAD_TOO_LARGE', 'REQUEST_TOO_LARGE')
  return appError('BAD_REQUEST', 'INVALID_REQUEST')
}

const page = (text: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Vupt</title></head><body><p>${text}</p></body></html>`

/**
 * The one answer of an Express route that did not succeed. A refusal (AppError) gets its status, its
 * message and its code; anything else is a fault: logged with the request id, answered with a generic
 * message and that id. JSON (`ErrorBody`) for scripts and the client (fetch asks for anything), a small
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
  const body: ErrorBody = refusal
    ? { message: refusal.message, appCode: refusal.appCode, requestId }
    : { message: GENERIC_ERROR_MESSAGE, appCode: null, requestId }
  res.status(refusal ? REFUSAL_HTTP_STATUS[refusal.status] : 500).format({
    json: () => res.json(body),
    html: () => res.send(page(refusal ? body.message : `${body.message} Código do erro: ${requestId}`)),
    default: () => res.type('text').send(body.message),
  })
}

/** The last route: what nothing else answered (Express would say 'Cannot GET', in English). */
export function notFound(logger: Logger): RequestHandler {
  return (req, res) => sendError(req, res, appError('NOT_FOUND', 'RESOURCE_NOT_FOUND'), logger)
}

/** The last handler of the non-tRPC routes (uploads, Google sign-in, .ics, pages). */
export function handleErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => sendError(req, res, error, logger)
}
