import { Slot } from 'radix-ui'
import { type ReactNode, Suspense, useState } from 'react'

/** Whether a dialog is open, and how it asks to open or close: what a deferred dialog's content takes. */
export type OpenState = { open: boolean; onOpenChange: (open: boolean) => void }

/**
 * A dialog whose code (`children`, a lazy component drawn with `open`) is fetched only when someone
 * reaches for its `trigger`: pointed at, focused or tapped. The trigger is rendered here, from the
 * server's HTML on, and stays the same element when the dialog arrives, so focus is never lost; a tap
 * before the code has come opens the dialog as soon as it does. Closing it gives focus back to the
 * trigger (the dialog primitives in ui/ do that for whatever opened them, see use-return-focus.ts).
 */
export function DeferredDialog({
  trigger,
  open,
  onOpenChange,
  children,
}: OpenState & {
  /** One element that takes the click, focus and pointer handlers, such as a Button. */
  trigger: ReactNode
  children: ReactNode
}) {
  const [wanted, setWanted] = useState(false)
  const want = () => setWanted(true)
  return (
    <>
      <Slot.Root
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
