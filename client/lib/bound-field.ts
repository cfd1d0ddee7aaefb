import { type FieldError, type FieldPath, type FieldValues, get, type UseFormReturn } from 'react-hook-form'

/**
 * What ties a labelled field (InputField, TextareaField, PasswordField, EmailField) to `name` in `form`:
 * its id, its validation message and the control's registration. Only the form's errors are read, so
 * the form re-renders for them as it did when each field read its own.
 */
export function boundField<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  name: FieldPath<Values>,
  id: string,
) {
  const error: FieldError | undefined = get(form.formState.errors, name)
  return { id, error: error?.message, ...form.register(name) }
}
