import type * as React from 'react'
import type { ReactNode } from 'react'
import { RadioCard } from '@/components/ui/radio-card'
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

type RadioCardsProps<Value extends string> = Omit<
  React.ComponentProps<typeof RadioCard>,
  'value' | 'label' | 'checked' | 'onChange'
> & {
  values: readonly Value[]
  labels: Record<Value, ReactNode>
  /** A choice held in state: the checked one and what picking one does. Without them the group is a registered field. */
  chosen?: Value | null
  onChoose?: (value: Value) => void
  onChange?: React.ChangeEventHandler<HTMLInputElement>
}

/** One radio card per value, labelled from `labels`; the other props (name, registration, disabled) go on each. */
export function RadioCards<Value extends string>({
  values,
  labels,
  chosen,
  onChoose,
  onChange,
  ...input
}: RadioCardsProps<Value>) {
  return values.map((value) => (
    <RadioCard
      key={value}
      value={value}
      label={labels[value]}
      {...(onChoose ? { checked: chosen === value, onChange: () => onChoose(value) } : { onChange })}
      {...input}
    />
  ))
}
