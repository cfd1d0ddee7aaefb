import type { ClassValue } from 'clsx'
import type * as React from 'react'
import { cn } from '@/lib/utils'

// biome-ignore lint/suspicious/noExplicitAny: the element's own props are read back by React.ComponentProps.
export type Renderable = keyof React.JSX.IntrinsicElements | React.JSXElementConstructor<any>

/**
 * A part of a compound component that adds only its `data-slot`, other `data-` marks and default classes
 * to `Element`. A caller's `className` joins the defaults; every other prop passes through (refs too).
 */
export function slotPart<E extends Renderable>(
  Element: E,
  slot: string,
  classes?: ClassValue,
  marks?: Record<`data-${string}`, string>,
) {
  const Rendered = Element as React.ElementType
  function SlotPart({ className, ...props }: React.ComponentProps<E> & { className?: string }) {
    return (
      <Rendered
        data-slot={slot}
        {...marks}
        className={classes === undefined ? className : cn(classes, className)}
        {...props}
      />
    )
  }
  SlotPart.displayName = slot
  return SlotPart
}
