import type { FieldErrors } from 'react-hook-form'
import { toast } from '@/lib/toast'

/** Spec: the first validation message of a form becomes the 'Erro de validação' toast. */
export function toastFirstError(errors: FieldErrors) {
  const first = Object.values(errors).find((error) => error?.message)
  if (first?.message) toast.error('Erro de validação', { description: String(first.message) })
}
