import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

type FilterChipProps = {
  pressed: boolean
  onClick: () => void
  children: ReactNode
  className?: string
}

/** A toggle pill for a filter value (subcategory, condition); aria-pressed tells its state. */
export function FilterChip({ pressed, onClick, children, className }: FilterChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1.5 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'bg-background text-foreground hover:border-primary/60 hover:bg-accent',
        className,
      )}
    >
      {children}
    </button>
  )
}
