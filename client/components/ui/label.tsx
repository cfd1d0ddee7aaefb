import type * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * A form label. A native <label>: Radix's only adds a guard against selecting the text on a double
 * click, which `select-none` already gives, and its code was on every page's first download.
 */
function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller names the control (htmlFor) or wraps it.
    <label
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-2 font-medium text-sm leading-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  )
}

export { Label }
