import { APP_ERRORS, type AppErrorCode } from '@shared/errors'
import { dataOf, type ErrorData, httpStatusOf } from '@/lib/error-data'

export { httpStatusOf }

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object'

/**
 * A failed answer of an Express route (POST /api/uploads and the other routes outside tRPC), whose body
 * is a tRPC error's `{ error: { message, code, data } }` (server/http/errors.ts). It carries `message`
 * and `data` as a tRPC error does; `data` is null when the answer had no readable body (a proxy's HTML
 * page) or `status` is 0 (no answer came), as for a tRPC call that never reached the server.
 */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly data: ErrorData | null

  constructor(
    readonly status: number,
    body: unknown,
  ) {
    const shape = isObject(body) && isObject(body.error) ? body.error : {}
    const message = status > 0 && typeof shape.message === 'string' ? shape.message : null
    super(message ?? `HTTP ${status}`)
    this.data = message === null ? null : { ...(isObject(shape.data) ? shape.data : {}), httpStatus: status }
  }
}

/**
 * The client's one reading of a failed call, whether a tRPC error or an Express route's `HttpError`,
 * both in tRPC's error shape. What the server sends (server/trpc/init.ts, server/http/errors.ts):
 *
 * - `data.appCode`: a code of the catalogue in shared/errors.ts, whose title and description are the
 *   toast. `message` is the code's title, unless the server says something more precise.
 * - `data.validation.firstMessage`: the first issue of a refused input, in Portuguese.
 * - `data.httpStatus` (the answer's status); for a 5xx, `message` is a generic Portuguese text and
 *   `data.requestId` names the log line, for a student to quote to support.
 * - any other 4xx: a deliberate refusal whose `message` is written for people ('Você é o último
 *   administrador...').
 *
 * An error without `data` never got a readable answer from the server (fetch failed, a proxy's HTML
 * page): the connection is what to blame.
 */

export type ErrorText = { title: string; description?: string }

/** The toast title when the caller names no action and the server gave none. */
export const DEFAULT_ERROR_TITLE = 'Algo deu errado'
export const VALIDATION_ERROR_TITLE = 'Erro de validação'
export const OFFLINE_ERROR_TITLE = 'Sem conexão'
export const OFFLINE_ERROR_DESCRIPTION =
  'Sem conexão com o servidor. Verifique sua internet e tente novamente.'
/** The server's own text for its failures (server/http/errors.ts), for one whose message is missing. */
export const SERVER_ERROR_DESCRIPTION = 'Algo deu errado. Tente novamente em instantes.'
const RETRY_DESCRIPTION = 'Tente novamente.'

export type DescribeOptions = {
  /** Said instead of the server's generic text when the server failed (5xx); the request code stays. */
  failure?: string
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/** The server's `data.appCode` of a failed call, or null. */
export function appCodeOf(error: unknown): string | null {
  return text(dataOf(error)?.appCode)
}

const isKnownCode = (code: string | null): code is AppErrorCode =>
  code !== null && Object.hasOwn(APP_ERRORS, code)

/**
 * The Portuguese title and description for any failed call. `fallbackTitle` names what failed ('Erro
 * ao salvar banner'); the catalogue's title replaces it for known codes, 'Erro de validação' for
 * refused input and 'Muitas tentativas' for rate limits.
 */
export function describeError(error: unknown, fallbackTitle?: string, options?: DescribeOptions): ErrorText {
  const data = dataOf(error)
  const status = httpStatusOf(error)
  if (!data || status === undefined) {
    return { title: fallbackTitle ?? OFFLINE_ERROR_TITLE, description: OFFLINE_ERROR_DESCRIPTION }
  }
  const message = text((error as { message?: unknown }).message)

  const firstMessage = text(data.validation?.firstMessage)
  if (firstMessage) return { title: VALIDATION_ERROR_TITLE, description: firstMessage }

  const code = appCodeOf(error)
  if (isKnownCode(code)) {
    const known = APP_ERRORS[code]
    // The server may say it more precisely than the catalogue (e.g. the community's e-mail domain).
    return {
      title: known.title,
      description: message && message !== known.title ? message : known.description,
    }
  }

  if (status === 429) {
    return {
      title: APP_ERRORS.RATE_LIMITED.title,
      description: message ?? APP_ERRORS.RATE_LIMITED.description,
    }
  }

  if (status >= 500) {
    const requestId = text(data.requestId)
    const description = options?.failure ?? message ?? SERVER_ERROR_DESCRIPTION
    return {
      title: fallbackTitle ?? DEFAULT_ERROR_TITLE,
      description: requestId ? `${description} Código: ${requestId}` : description,
    }
  }

  // A deliberate refusal: its message says why, under the caller's title (or as the title).
  if (message) return fallbackTitle ? { title: fallbackTitle, description: message } : { title: message }
  return { title: fallbackTitle ?? DEFAULT_ERROR_TITLE, description: RETRY_DESCRIPTION }
}
