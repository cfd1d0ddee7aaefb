import { toastError } from '@/lib/errors'
import { type ErrorFallback, withServerMessage } from './account-helpers'

/** toastError, keeping the account router's plain user-facing refusals (see withServerMessage). */
export function toastAccountError(error: unknown, fallback: ErrorFallback): void {
  toastError(error, withServerMessage(error, fallback))
}
