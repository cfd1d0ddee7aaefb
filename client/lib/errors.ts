import { APP_ERRORS, type AppErrorCode } from '@shared/errors'
import { toast } from 'sonner'

type ErrorData = {
  appCode?: AppErrorCode | null
  httpStatus?: number
  validation?: { firstMessage: string | null } | null
}
type ClientError = { message?: string; data?: ErrorData | null }

/** The toast for a failed call: the spec's text for known codes, 'Erro de validação' for bad input. */
export function describeError(error: unknown, fallback: { title: string; description?: string }) {
  const { message, data } = (error ?? {}) as ClientError
  if (data?.validation?.firstMessage) {
    return { title: 'Erro de validação', description: data.validation.firstMessage }
  }
  if (data?.appCode && data.appCode in APP_ERRORS) {
    const known = APP_ERRORS[data.appCode]
    // The server may send a more precise message than the catalogue's (e.g. the community's e-mail domain).
    const description = message && message !== known.title ? message : known.description
    return { title: known.title, description }
  }
  if (data?.httpStatus === 429 && message) return { title: 'Muitas tentativas', description: message }
  return fallback
}

export function httpStatusOf(error: unknown): number | undefined {
  return ((error ?? {}) as ClientError).data?.httpStatus
}

/**
 * The server's own pt-BR message for a refused call (4xx), e.g. 'A subcategoria não pertence à
 * categoria escolhida'; more useful under a toast's generic title than nothing. Undefined for server
 * faults, whose messages are not meant for people.
 */
export function refusalMessage(error: unknown): string | undefined {
  const status = httpStatusOf(error)
  const { message } = (error ?? {}) as ClientError
  return status !== undefined && status >= 400 && status < 500 && message ? message : undefined
}

export function toastError(error: unknown, fallback: { title: string; description?: string }) {
  const { title, description } = describeError(error, fallback)
  toast.error(title, { description })
}
