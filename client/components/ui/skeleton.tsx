import type * as React from 'react'
import { cn } from '@/lib/utils'

/** A placeholder block. Its rounding is a default a caller's `rounded-*` replaces (`:where` weighs nothing). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse bg-muted [:where(&)]:rounded-md', className)}
      {...props}
    />
  )
}

export { Skeleton }
