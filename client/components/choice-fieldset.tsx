import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/**
 * A group of choices (radio cards) under its legend. The error, when there is one, is announced and
 * tied to the group by `${id}-error`.
 */
export function ChoiceFieldset({
  id,
  legend,
  error,
  children,
}: {
  id: string
  legend: ReactNode
  error?: string | undefined
  children: ReactNode
}) {
  const errorId = `${id}-error`
  return (
    <fieldset
      id={id}
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={cn('mb-2 font-medium text-sm', error && 'text-destructive')}>{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
