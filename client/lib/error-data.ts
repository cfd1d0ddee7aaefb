/** What a failed call carries from the server, without the error catalogue (kept out of the first download). */
export type ErrorData = {
  appCode?: unknown
  httpStatus?: unknown
  requestId?: unknown
  validation?: { firstMessage?: unknown } | null
}

export function dataOf(error: unknown): ErrorData | null {
  const data = (error as { data?: unknown } | null | undefined)?.data
  return data !== null && typeof data === 'object' ? (data as ErrorData) : null
}

/** The HTTP status the server answered with; undefined when no answer was read. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = dataOf(error)?.httpStatus
  return typeof status === 'number' ? status : undefined
}
