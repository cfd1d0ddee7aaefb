import type * as React from 'react'
import { Input } from '@/components/ui/input'

/**
 * An Input with a fixed mark inside its left edge, as R$ before a price or @ before a username. Screen
 * readers skip the mark: the label says what the field holds. The caller pads the text past the mark.
 */
export function MarkedInput({ mark, ...props }: React.ComponentProps<typeof Input> & { mark: string }) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
        aria-hidden="true"
      >
        {mark}
      </span>
      <Input {...props} />
    </div>
  )
}
