import { Slot } from 'radix-ui'
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'

/**
 * A dialog whose code (`children`, a lazy component drawn with `open`) is fetched only when someone
 * reaches for its `trigger`: pointed at, focused or tapped. The trigger is rendered here, from the
 * server's HTML on, and stays the same element when the dialog arrives, so focus is never lost; a tap
 * before the code has come opens the dialog as soon as it does. Closing the dialog puts focus back on
 * the trigger, which Radix does only for its own DialogTrigger.
 */
export function DeferredDialog({
  trigger,
  open,
  onOpenChange,
  children,
}: {
  /** One element that accepts a ref and a click handler, such as a Button. */
  trigger: ReactNode
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  const [wanted, setWanted] = useState(false)
  const want = () => setWanted(true)
  const triggerRef = useRef<HTMLElement>(null)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current && !open) triggerRef.current?.focus()
    wasOpen.current = open
  }, [open])
  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want()
          onOpenChange(true)
        }}
      >
        {trigger}
      </Slot.Root>
      {wanted ? <Suspense fallback={null}>{children}</Suspense> : null}
    </>
  )
}
