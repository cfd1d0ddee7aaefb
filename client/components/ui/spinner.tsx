import { Loader2Icon } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@/lib/utils'

type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** Read by screen readers; visible text next to the spinner can replace it. */
  label?: string
}

function Spinner({ className, label = 'Carregando...', ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className="size-[1em] min-h-4 min-w-4 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export { Spinner, type SpinnerProps }
