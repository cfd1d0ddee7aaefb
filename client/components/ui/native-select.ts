import { cn } from '@/lib/utils'

/**
 * The look of a plain `<select>`: used where the browser's own list serves better than the Radix one
 * (works before the page responds, the phone's native picker), matching the other fields.
 */
export function nativeSelectClass(...extra: string[]): string {
  return cn(
    'h-9 rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
    ...extra,
  )
}
