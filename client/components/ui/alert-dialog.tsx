import { AlertDialog as AlertDialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { slotPart } from './slot-part'
import { useReturnFocus } from './use-return-focus'

const AlertDialog = slotPart(AlertDialogPrimitive.Root, 'alert-dialog')
const AlertDialogTrigger = slotPart(AlertDialogPrimitive.Trigger, 'alert-dialog-trigger')
const AlertDialogPortal = slotPart(AlertDialogPrimitive.Portal, 'alert-dialog-portal')
const AlertDialogOverlay = slotPart(
  AlertDialogPrimitive.Overlay,
  'alert-dialog-overlay',
  'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
)

function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const returnFocus = useReturnFocus(props)
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          'fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:max-w-lg',
          className,
        )}
        {...props}
        {...returnFocus}
      />
    </AlertDialogPortal>
  )
}

const AlertDialogHeader = slotPart(
  'div',
  'alert-dialog-header',
  'flex flex-col gap-2 text-center sm:text-left',
)
const AlertDialogFooter = slotPart(
  'div',
  'alert-dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
)
const AlertDialogTitle = slotPart(AlertDialogPrimitive.Title, 'alert-dialog-title', 'font-semibold text-lg')
const AlertDialogDescription = slotPart(
  AlertDialogPrimitive.Description,
  'alert-dialog-description',
  'text-muted-foreground text-sm',
)

function AlertDialogAction({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants(), className)} {...props} />
}

function AlertDialogCancel({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  )
}

export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  AlertDialogPortal,
  AlertDialogTitle,
  AlertDialogTrigger,
}
