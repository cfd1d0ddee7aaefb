type ClientError = { message?: string; data?: { httpStatus?: number } | null }

/**
 * The server's own words for a refusal (4xx messages are written in pt-BR for the user, e.g. 'Você não
 * pode enviar mensagem para si mesmo.'); anything else gets the fallback.
 */
export function refusalText(error: unknown, fallback: string): string {
  const { message, data } = (error ?? {}) as ClientError
  const status = data?.httpStatus
  return message && status !== undefined && status >= 400 && status < 500 ? message : fallback
}

export function httpStatusOf(error: unknown): number | undefined {
  return ((error ?? {}) as ClientError).data?.httpStatus
}
