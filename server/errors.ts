import { randomUUID } from 'node:crypto'
import { APP_ERRORS, type AppErrorCode, type RefusalStatus } from '../shared/errors'

export type { RefusalStatus }

/** The HTTP status of each refusal, for the Express routes (tRPC maps its own the same way). */
export const REFUSAL_HTTP_STATUS: Record<RefusalStatus, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_SUPPORTED: 405,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
}

/**
 * A refusal the code raises on purpose, with a stable code of the catalogue in shared/errors.ts, which
 * also says its status (the client turns the code into the toast). Domain modules throw it without
 * knowing about tRPC; the tRPC layer (server/trpc/init.ts) and the Express routes answer it. Anything
 * else that is thrown is a fault: the client sees a generic message and a request id.
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly status: RefusalStatus

  constructor(
    readonly appCode: AppErrorCode,
    message?: string,
  ) {
    super(message ?? APP_ERRORS[appCode].title)
    this.status = APP_ERRORS[appCode].status
  }
}

/** `throw appError('LISTING_NOT_FOUND')`; the status is the catalogue's, the message defaults to its title. */
export function appError(appCode: AppErrorCode, message?: string): AppError {
  return new AppError(appCode, message)
}

/** What a client reads of a fault; the detail stays in the log, under the request's id. */
export const GENERIC_ERROR_MESSAGE = 'Algo deu errado. Tente novamente em instantes.'

/** An id for a request (or a failure outside one), quoted to support and written in the log. */
export const newRequestId = (): string => randomUUID()
