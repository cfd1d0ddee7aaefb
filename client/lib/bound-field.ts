import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * What ties a labelled field (InputField, TextareaField, PasswordField, EmailField) to `name` in `form`:
 * its id, its validation message and the control's registration.
 */
export function boundField<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  name: FieldPath<Values>,
  id: string,
) {
  return { id, error: form.getFieldState(name, form.formState).error?.message, ...form.register(name) }
}
