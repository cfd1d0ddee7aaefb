import type * as React from 'react'
import { cn } from '@/lib/utils'

const SIZE_CLASSES = {
  default: 'min-h-20 rounded-md',
  /** Long texts: a description. */
  tall: 'min-h-32 rounded-md',
  /** The chat's message box: one line that grows up to a limit. */
  chat: 'max-h-40 min-h-11 resize-none rounded-2xl',
}

function Textarea({
  className,
  size = 'default',
  ...props
}: React.ComponentProps<'textarea'> & { size?: keyof typeof SIZE_CLASSES }) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'field-sizing-content flex w-full border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm',
        SIZE_CLASSES[size],
        className,
      )}
      {...props}
    />
  )
}

export { Textarea }
