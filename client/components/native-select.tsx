import type * as React from 'react'
import { cn } from '@/lib/utils'

const nativeSelectClass =
  'h-9 w-full rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50'

/**
 * The browser's own select, drawn like an Input: for a long list (courses, categories) a phone's native
 * picker serves best, and for a field a form reads or registers as it is.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return <select className={cn(nativeSelectClass, className)} {...props} />
}

/** One option per item, keyed by its id; the value is the id unless `value` says otherwise. */
export function ItemOptions<Item extends { id: number }>({
  items,
  label,
  value = (item) => item.id,
}: {
  items: readonly Item[]
  label: (item: Item) => React.ReactNode
  value?: (item: Item) => string | number
}) {
  return items.map((item) => (
    <option key={item.id} value={value(item)}>
      {label(item)}
    </option>
  ))
}
