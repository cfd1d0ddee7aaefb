import { Trash2Icon } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'

type RemoveButtonProps = Omit<React.ComponentProps<typeof Button>, 'variant' | 'tone'>

/** An outlined button in the destructive colour with a bin: how an item is removed or deleted from a list. */
export function RemoveButton({ children, ...props }: RemoveButtonProps) {
  return (
    <Button variant="outline" tone="destructive" {...props}>
      <Trash2Icon aria-hidden="true" />
      {children}
    </Button>
  )
}
