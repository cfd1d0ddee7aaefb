import { randomUUID } from 'node:crypto'
import { APP_ERRORS, type AppErrorCode } from '../shared/errors'

/** How a refusal is answered over HTTP, in tRPC's names (the tRPC layer maps them to statuses). */
export type RefusalStatus =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'METHOD_NOT_SUPPORTED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE_CONTENT'

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
 * A refusal the code raises on purpose, with a stable code of the catalogue in shared/errors.ts (the
 * client turns it into the toast). Domain modules throw it without knowing about tRPC; the tRPC layer
 * (server/trpc/init.ts) and the Express routes answer it. Anything else that is thrown is a fault:
 * the client sees a generic message and a request id.
 */
export class AppError extends Error {
  override name = 'AppError'

  constructor(
    readonly status: RefusalStatus,
    readonly appCode: AppErrorCode,
    message?: string,
  ) {
    super(message ?? APP_ERRORS[appCode].title)
  }
}

/** `throw appError('NOT_FOUND', 'LISTING_NOT_FOUND')`; the message defaults to the catalogue's title. */
export function appError(status: RefusalStatus, appCode: AppErrorCode, message?: string): AppError {
  return new AppError(status, appCode, message)
}

/** What a client reads of a fault; the detail stays in the log, under the request's id. */
export const GENERIC_ERROR_MESSAGE = 'Algo deu errado. Tente novamente em instantes.'

/** An id for a request (or a failure outside one), quoted to support and written in the log. */
export const newRequestId = (): string => randomUUID()
