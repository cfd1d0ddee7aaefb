import type * as React from 'react'
import { cn } from '@/lib/utils'
import { slotPart } from './slot-part'

/** `compact` brings the card's parts closer together. */
function Card({ className, compact = false, ...props }: React.ComponentProps<'div'> & { compact?: boolean }) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col rounded-xl border bg-card py-6 text-card-foreground shadow-sm',
        compact ? 'gap-4' : 'gap-6',
        className,
      )}
      {...props}
    />
  )
}

const CardHeader = slotPart(
  'div',
  'card-header',
  '@container/card-header grid auto-rows-min grid-rows-[auto_auto] gap-1.5 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-6',
)
const CardTitle = slotPart('div', 'card-title', 'font-semibold leading-none')
const CardDescription = slotPart('div', 'card-description', 'text-muted-foreground text-sm')
const CardAction = slotPart(
  'div',
  'card-action',
  'col-start-2 row-span-2 row-start-1 self-start justify-self-end',
)
const CardContent = slotPart('div', 'card-content', 'px-6')
const CardFooter = slotPart('div', 'card-footer', 'flex items-center px-6 [.border-t]:pt-6')

export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle }
