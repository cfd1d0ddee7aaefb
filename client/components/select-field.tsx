import type * as React from 'react'
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

export type SelectOption = { value: string; label: React.ReactNode }

/** A category's option label: its emoji, when it has one, before the name. */
export function iconLabel(icon: string | null | undefined, name: string) {
  return (
    <>
      {icon ? `${icon} ` : ''}
      {name}
    </>
  )
}

/**
 * A labelled Select bound to `name` in a form: the trigger takes the field's focus and blur, and is
 * pointed at the error so screen readers read it with the field.
 */
export function SelectField<Values extends FieldValues, Output>({
  control,
  name,
  id,
  label,
  placeholder,
  options,
  disabled,
  required,
  parse,
  onPicked,
  fallbackError,
}: {
  control: Control<Values, unknown, Output>
  name: FieldPath<Values>
  id: string
  label: React.ReactNode
  placeholder: string
  options: readonly SelectOption[]
  disabled?: boolean
  required?: boolean
  /** The form's value for an option's (string) value, such as Number for an id; the string itself by default. */
  parse?: (value: string) => unknown
  /** Runs after a pick is written to the field. */
  onPicked?: () => void
  /** Shown when the field itself has no error, such as the options failing to load. */
  fallbackError?: string | undefined
}) {
  const { field, fieldState } = useController({ control, name })
  const error = fieldState.error?.message ?? fallbackError
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <Select
        value={field.value ? String(field.value) : ''}
        disabled={disabled}
        onValueChange={(value) => {
          field.onChange(parse ? parse(value) : value)
          onPicked?.()
        }}
      >
        <SelectTrigger
          id={id}
          ref={field.ref}
          onBlur={field.onBlur}
          className="w-full"
          aria-required={required ? 'true' : undefined}
          {...fieldAriaProps(id, { error })}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  )
}
