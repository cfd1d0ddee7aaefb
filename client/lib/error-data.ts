/** What a failed call carries from the server, without the error catalogue (kept out of the first download). */
export type ErrorData = {
  appCode?: unknown
  httpStatus?: unknown
  requestId?: unknown
  validation?: { firstMessage?: unknown } | null
}

/**
 * A failed answer of an Express route (POST /api/uploads and the other routes outside tRPC). Its body
 * is `{ message, appCode, requestId }` (server/http/errors.ts); `body` is null when the answer carried
 * none readable (the connection dropped, a proxy's HTML page) and `status` is 0 when no answer came.
 */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly body: { message: string; appCode: string | null; requestId: string | null } | null

  constructor(
    readonly status: number,
    body: unknown,
  ) {
    const { message, appCode, requestId } = (body ?? {}) as Record<string, unknown>
    const readable = status > 0 && typeof message === 'string'
    super(readable ? message : `HTTP ${status}`)
    this.body = readable
      ? {
          message,
          appCode: typeof appCode === 'string' ? appCode : null,
          requestId: typeof requestId === 'string' ? requestId : null,
        }
      : null
  }
}

/** The server's answer of a failed call, alike for a tRPC error (its `data`) and an Express route's. */
export function dataOf(error: unknown): ErrorData | null {
  if (error instanceof HttpError) {
    return (
      error.body && { appCode: error.body.appCode, requestId: error.body.requestId, httpStatus: error.status }
    )
  }
  const data = (error as { data?: unknown } | null | undefined)?.data
  return data !== null && typeof data === 'object' ? (data as ErrorData) : null
}

/** The HTTP status the server answered with; undefined when no answer was read. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = dataOf(error)?.httpStatus
  return typeof status === 'number' ? status : undefined
}
