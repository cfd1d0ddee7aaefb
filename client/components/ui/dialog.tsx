import { XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@/lib/utils'
import { slotPart } from './slot-part'
import { useReturnFocus } from './use-return-focus'

const Dialog = slotPart(DialogPrimitive.Root, 'dialog')
const DialogTrigger = slotPart(DialogPrimitive.Trigger, 'dialog-trigger')
const DialogPortal = slotPart(DialogPrimitive.Portal, 'dialog-portal')
const DialogClose = slotPart(DialogPrimitive.Close, 'dialog-close')
const DialogOverlay = slotPart(
  DialogPrimitive.Overlay,
  'dialog-overlay',
  'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
)

/** `wide` is for a photo or a long form. */
function DialogContent({
  className,
  children,
  showCloseButton = true,
  wide = false,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean; wide?: boolean }) {
  const returnFocus = useReturnFocus(props)
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in',
          wide ? 'sm:max-w-2xl' : 'sm:max-w-lg',
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Fechar</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  )
}

const DialogHeader = slotPart('div', 'dialog-header', 'flex flex-col gap-2 text-center sm:text-left')
const DialogFooter = slotPart(
  'div',
  'dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
)
const DialogTitle = slotPart(DialogPrimitive.Title, 'dialog-title', 'font-semibold text-lg leading-none')
const DialogDescription = slotPart(
  DialogPrimitive.Description,
  'dialog-description',
  'text-muted-foreground text-sm',
)

export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
}
