import type * as React from 'react'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

/** What a labelled control takes besides its own props: the label, hint and error FormField shows. */
type LabelledFieldProps = {
  /** The control's id; the label, hint and error are tied to it. */
  id: string
  label: React.ReactNode
  error?: string | undefined
  hint?: React.ReactNode
  /** Classes for the FormField around the control; `className` styles the control itself. */
  fieldClassName?: string
}

type InputFieldProps = LabelledFieldProps & Omit<React.ComponentProps<typeof Input>, 'id'>

/** An Input in a FormField, pointed at its hint and error so screen readers read them with it. */
export function InputField({ id, label, error, hint, fieldClassName, ...inputProps }: InputFieldProps) {
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} className={fieldClassName}>
      <Input id={id} {...fieldAriaProps(id, { error, hint })} {...inputProps} />
    </FormField>
  )
}

type TextareaFieldProps = LabelledFieldProps & Omit<React.ComponentProps<typeof Textarea>, 'id'>

/** A Textarea in a FormField, pointed at its hint and error so screen readers read them with it. */
export function TextareaField({
  id,
  label,
  error,
  hint,
  fieldClassName,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} className={fieldClassName}>
      <Textarea id={id} {...fieldAriaProps(id, { error, hint })} {...textareaProps} />
    </FormField>
  )
}

type PasswordFieldProps = Omit<InputFieldProps, 'type' | 'autoComplete'> & {
  /** Tells password managers whether to fill the saved password or to suggest a new one. */
  autoComplete: 'current-password' | 'new-password'
}

/** A required, masked password field. */
export function PasswordField(props: PasswordFieldProps) {
  return <InputField type="password" required {...props} />
}

/** A required e-mail field the browser may fill; phone keyboards neither capitalise nor correct it. */
export function EmailField(props: Omit<InputFieldProps, 'type'>) {
  return (
    <InputField
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  )
}
