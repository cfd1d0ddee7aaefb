import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { appCodeOf } from '@/lib/errors'
import { toastError } from '@/lib/toast'

/**
 * A failed change that asked for the account's password: a wrong password also marks the password
 * field, focused, with `wrongPassword`; every failure gets its toast.
 */
export function showPasswordRefusal<Values extends FieldValues, Output>(
  error: unknown,
  {
    form,
    field,
    wrongPassword,
    title,
  }: {
    form: UseFormReturn<Values, unknown, Output>
    field: FieldPath<Values>
    wrongPassword: string
    title: string
  },
) {
  if (appCodeOf(error) === 'WRONG_PASSWORD') {
    form.setError(field, { message: wrongPassword }, { shouldFocus: true })
  }
  return toastError(error, title)
}
