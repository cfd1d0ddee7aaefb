import { Trash2Icon } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

type RemoveButtonProps = Omit<React.ComponentProps<typeof Button>, 'variant'>

/** An outlined button in the destructive colour with a bin: how an item is removed or deleted from a list. */
export function RemoveButton({ className, children, ...props }: RemoveButtonProps) {
  return (
    <Button variant="outline" className={cn('text-destructive hover:text-destructive', className)} {...props}>
      <Trash2Icon aria-hidden="true" />
      {children}
    </Button>
  )
}
