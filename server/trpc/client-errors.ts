import type { TRPCError } from '@trpc/server'
import type { Logger } from 'pino'
import {
  GENERIC_ERROR_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  NOT_FOUND_MESSAGE,
  TOO_LARGE_MESSAGE,
} from '../http/errors'
import { newRequestId } from '../http/request-id'

/** Codes only tRPC itself raises, for a request it cannot route or read; its messages are English. */
const PROTOCOL_MESSAGES: Partial<Record<TRPCError['code'], string>> = {
  PARSE_ERROR: INVALID_REQUEST_MESSAGE,
  METHOD_NOT_SUPPORTED: 'Método não permitido para esta operação.',
  PAYLOAD_TOO_LARGE: TOO_LARGE_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE: 'Formato de requisição não suportado.',
}

export type ClientFacingError = { message: string; requestId: string | null }

/**
 * The message a client may read for a failed call. Deliberate errors (AppError, input validation)
 * keep theirs; tRPC's own refusals get a Portuguese one; any
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
  if (deliberate) return { message: error.message, requestId }
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    if (requestId) return { message: GENERIC_ERROR_MESSAGE, requestId }
    const ownId = newRequestId()
    logger?.error({ err: error, path, requestId: ownId }, 'erro na API')
    return { message: GENERIC_ERROR_MESSAGE, requestId: ownId }
  }
  // Every refusal of ours is an AppError (or a zod validation): whatever else reaches here was raised
  // by tRPC itself (bad JSON, an unknown procedure, a batch it cannot read), in English.
  const message =
    PROTOCOL_MESSAGES[error.code] ??
    (error.code === 'NOT_FOUND' ? NOT_FOUND_MESSAGE : INVALID_REQUEST_MESSAGE)
  return { message, requestId }
}
