import type { ErrorRequestHandler, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import type { AppErrorCode } from '../../shared/errors'
import { AppError, REFUSAL_HTTP_STATUS } from '../errors'
import { newRequestId } from './request-id'

/** What a person sees when the server failed: no detail, which stays in the log. */
export const GENERIC_ERROR_MESSAGE = 'Algo deu errado. Tente novamente em instantes.'

export const NOT_FOUND_MESSAGE = 'Recurso não encontrado.'
export const INVALID_REQUEST_MESSAGE = 'Requisição inválida.'
export const TOO_LARGE_MESSAGE = 'Requisição grande demais.'

function refusalMessage(status: number): string {
  if (status === 404) return NOT_FOUND_MESSAGE
  if (status === 413) return TOO_LARGE_MESSAGE
  return INVALID_REQUEST_MESSAGE
}

/** A refusal a library marked as the client's fault (400 for a malformed URL or body); else 500. */
function statusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : statusCode
  return typeof value === 'number' && value >= 400 && value < 500 ? value : 500
}

const page = (text: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Vupt</title></head><body><p>${text}</p></body></html>`

/** JSON for scripts (fetch asks for anything), a small page for a browser that asks for HTML. */
function send(
  res: Response,
  status: number,
  message: string,
  extra?: { requestId: string } | { appCode: AppErrorCode },
) {
  res.status(status).format({
    json: () => res.json({ error: message, ...extra }),
    html: () =>
      res.send(
        page(extra && 'requestId' in extra ? `${message} Código do erro: ${extra.requestId}` : message),
      ),
    default: () => res.type('text').send(message),
  })
}

/** The last route: what nothing else answered (Express would say 'Cannot GET', in English). */
export const notFound: RequestHandler = (_req, res) => send(res, 404, NOT_FOUND_MESSAGE)

/**
 * The last handler of the non-tRPC routes (uploads, Google sign-in, .ics, pages): the client gets a
 * generic Portuguese message and the request id, the log gets the error with the same id.
 */
export function handleErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error instanceof AppError && !res.headersSent) {
      // A refusal raised on purpose: its own Portuguese message, and its code as tRPC gives it.
      send(res, REFUSAL_HTTP_STATUS[error.status], error.message, { appCode: error.appCode })
      return
    }
    const status = statusOf(error)
    const requestId = (res.locals.requestId as string | undefined) ?? newRequestId()
    if (status >= 500) {
      logger.error({ err: error, requestId, method: req.method, path: req.path }, 'erro no servidor')
    }
    if (res.headersSent) {
      // Part of a response is out: cut the connection so it is not taken for a whole one.
      res.destroy()
      return
    }
    if (status >= 500) send(res, status, GENERIC_ERROR_MESSAGE, { requestId })
    else send(res, status, refusalMessage(status))
  }
}
