import type * as React from 'react'
import { cn } from '@/lib/utils'

type RadioCardProps = Omit<React.ComponentProps<'input'>, 'type'> & {
  label: React.ReactNode
  /** Classes of the card (the label), e.g. to centre a short choice. */
  cardClassName?: string
}

/** One choice of a radio group drawn as a bordered card: the whole card is the target. */
function RadioCard({ label, cardClassName, className, ...input }: RadioCardProps) {
  return (
    <label
      className={cn(
        'flex min-h-10 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-accent has-checked:font-medium has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50',
        cardClassName,
      )}
    >
      <input type="radio" className={cn('size-4 accent-primary', className)} {...input} />
      {label}
    </label>
  )
}

export { RadioCard }
