import { XIcon } from 'lucide-react'
import { Dialog as SheetPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@/lib/utils'
import { slotPart } from './slot-part'
import { useReturnFocus } from './use-return-focus'

const Sheet = slotPart(SheetPrimitive.Root, 'sheet')
const SheetTrigger = slotPart(SheetPrimitive.Trigger, 'sheet-trigger')
const SheetClose = slotPart(SheetPrimitive.Close, 'sheet-close')
const SheetPortal = slotPart(SheetPrimitive.Portal, 'sheet-portal')
const SheetOverlay = slotPart(
  SheetPrimitive.Overlay,
  'sheet-overlay',
  'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
)

const sideClasses = {
  right:
    'inset-y-0 right-0 h-full border-l data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right sm:max-w-sm',
  left: 'inset-y-0 left-0 h-full border-r data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left sm:max-w-sm',
  top: 'inset-x-0 top-0 h-auto border-b data-[state=closed]:animate-sheet-out-top data-[state=open]:animate-sheet-in-top',
  bottom:
    'inset-x-0 bottom-0 h-auto border-t data-[state=closed]:animate-sheet-out-bottom data-[state=open]:animate-sheet-in-bottom',
} as const

/** A panel sliding in from one side. Its width (left, right), gap and background are the caller's. */
function SheetContent({
  className,
  children,
  side = 'right',
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: keyof typeof sideClasses }) {
  const returnFocus = useReturnFocus(props)
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          'fixed z-50 flex flex-col overflow-y-auto shadow-lg outline-none',
          sideClasses[side],
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none">
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Fechar</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPortal>
  )
}

const SheetHeader = slotPart('div', 'sheet-header', 'flex flex-col gap-1.5 p-4')
const SheetFooter = slotPart('div', 'sheet-footer', 'mt-auto flex flex-col gap-2 p-4')
const SheetTitle = slotPart(SheetPrimitive.Title, 'sheet-title', 'font-semibold text-foreground')
const SheetDescription = slotPart(
  SheetPrimitive.Description,
  'sheet-description',
  'text-muted-foreground text-sm',
)

export {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
}
