import type * as React from 'react'
import { cn } from '@/lib/utils'

/** A file input shows its picker button in the secondary colour and grows to fit it. */
const FILE_CLASSES =
  'h-auto cursor-pointer py-2 file:mr-3 file:inline-flex file:h-7 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:font-medium file:text-secondary-foreground file:text-sm'

/** `tall` is the search field's larger touch target. A read-only field shows on a muted background. */
function Input({
  className,
  type,
  tall = false,
  ...props
}: React.ComponentProps<'input'> & { tall?: boolean }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-base shadow-xs outline-none transition-[color,box-shadow] selection:bg-primary selection:text-primary-foreground placeholder:text-muted-foreground [&[readonly]]:bg-muted/50 disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        type === 'file' ? FILE_CLASSES : [tall ? 'h-11' : 'h-10', 'py-1'],
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
  )
}

export { Input }
