/**
 * The server's own pt-BR message for a refused call (4xx), e.g. 'A subcategoria não pertence à
 * categoria escolhida'; more useful under a toast's generic title than nothing. Undefined for
 * server faults, whose messages are not meant for people.
 */
export function refusalMessage(error: unknown): string | undefined {
  const { message, data } = (error ?? {}) as { message?: string; data?: { httpStatus?: number } | null }
  const status = data?.httpStatus
  return status !== undefined && status >= 400 && status < 500 && message ? message : undefined
}
