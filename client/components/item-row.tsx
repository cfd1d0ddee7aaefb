import type * as React from 'react'
import { cn } from '@/lib/utils'

const SPACING = {
  normal: 'gap-3 p-3',
  roomy: 'gap-3 p-4',
} as const

/**
 * A row of a list of items (semesters, subcategories, meeting spots, Procura-se posts): what the item is,
 * and beside it, below it on a phone, what can be done with it.
 */
export function ItemRow({
  spacing = 'normal',
  className,
  ...props
}: React.ComponentProps<'li'> & { spacing?: keyof typeof SPACING }) {
  return (
    <li
      className={cn(
        'flex flex-col rounded-lg border bg-card sm:flex-row sm:items-center sm:justify-between',
        SPACING[spacing],
        className,
      )}
      {...props}
    />
  )
}
