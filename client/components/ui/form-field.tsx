import type * as React from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** The ids FormField gives its hint and error, so the caller can point the control at them. */
function formFieldIds(htmlFor: string): { hintId: string; errorId: string } {
  return { hintId: `${htmlFor}-hint`, errorId: `${htmlFor}-error` }
}

/** aria-* props to spread on the control: `<Input id="x" {...fieldAriaProps('x', { error, hint })} />`. */
function fieldAriaProps(
  htmlFor: string,
  { error, hint }: { error?: string | undefined; hint?: React.ReactNode },
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const { hintId, errorId } = formFieldIds(htmlFor)
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined }
}

type FormFieldProps = {
  label: React.ReactNode
  htmlFor: string
  error?: string | undefined
  hint?: React.ReactNode
  className?: string
  children: React.ReactNode
}

function FormField({ label, htmlFor, error, hint, className, children }: FormFieldProps) {
  const { hintId, errorId } = formFieldIds(htmlFor)
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={htmlFor} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      {children}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export { FormField, type FormFieldProps, fieldAriaProps, formFieldIds }
