import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'

export const REQUEST_ID_HEADER = 'X-Request-Id'

const scope = new AsyncLocalStorage<{ requestId: string }>()

/**
 * Gives every HTTP request an id, sent back in X-Request-Id and written next to any error it causes,
 * so a person quoting it to support leads to the log line. Always our own: an id taken from the
 * request could be forged to point at someone else's line.
 */
export const assignRequestId: RequestHandler = (_req, res, next) => {
  const requestId = randomUUID()
  res.locals.requestId = requestId
  res.setHeader(REQUEST_ID_HEADER, requestId)
  scope.run({ requestId }, next)
}

/** The id of the HTTP request being handled, wherever in its handling this runs; undefined outside one. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId
}

export const newRequestId = (): string => randomUUID()
