import type { RequestHandler } from 'express'
import { newRequestId } from '../errors'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * Gives every HTTP request an id, sent back in X-Request-Id and written next to any error it causes,
 * so a person quoting it to support leads to the log line. Always our own: an id taken from the
 * request could be forged to point at someone else's line. It travels in `res.locals` and in the tRPC
 * context, not in an AsyncLocalStorage: that would make Node track every promise of the process,
 * including the thousands a WebSocket subscription keeps waiting.
 */
export const assignRequestId: RequestHandler = (_req, res, next) => {
  const requestId = newRequestId()
  res.locals.requestId = requestId
  res.setHeader(REQUEST_ID_HEADER, requestId)
  next()
}
