import type { TRPCError } from '@trpc/server'
import type { Logger } from 'pino'
import { APP_ERRORS, type AppErrorCode } from '../../shared/errors'
import { GENERIC_ERROR_MESSAGE, newRequestId } from '../errors'

/** Codes only tRPC itself raises, for a request it cannot route or read; its messages are English. */
const PROTOCOL_REFUSALS: Partial<Record<TRPCError['code'], AppErrorCode>> = {
  PARSE_ERROR: 'INVALID_REQUEST',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  PAYLOAD_TOO_LARGE: 'REQUEST_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_REQUEST_FORMAT',
  NOT_FOUND: 'RESOURCE_NOT_FOUND',
}

/** `appCode` is the catalogue's code of tRPC's own refusals; a deliberate error carries its own. */
export type ClientFacingError = { message: string; requestId: string | null; appCode: AppErrorCode | null }

/**
 * The message a client may read for a failed call. Deliberate errors (AppError, input validation)
 * keep theirs; tRPC's own refusals get a code of the catalogue and its Portuguese title; any
 * other failure is a generic message with a request id, its detail staying in the log. Over HTTP the
 * adapter's onError logs it with the request's id; elsewhere (WebSocket) a new id is logged here.
 */
export function clientFacingError(opts: {
  error: TRPCError
  path: string | undefined
  /** appError or input validation. */
  deliberate: boolean
  logger: Logger | undefined
  /** The HTTP request's id, which its adapter logs a failure with; absent over the WebSocket. */
  requestId: string | undefined
}): ClientFacingError {
  const { error, path, deliberate, logger } = opts
  const requestId = opts.requestId ?? null
  if (deliberate) return { message: error.message, requestId, appCode: null }
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    if (requestId) return { message: GENERIC_ERROR_MESSAGE, requestId, appCode: null }
    const ownId = newRequestId()
    logger?.error({ err: error, path, requestId: ownId }, 'erro na API')
    return { message: GENERIC_ERROR_MESSAGE, requestId: ownId, appCode: null }
  }
  // Every refusal of ours is an AppError (or a zod validation): whatever else reaches here was raised
  // by tRPC itself (bad JSON, an unknown procedure, a batch it cannot read), in English.
  const appCode = PROTOCOL_REFUSALS[error.code] ?? 'INVALID_REQUEST'
  return { message: APP_ERRORS[appCode].title, requestId, appCode }
}
