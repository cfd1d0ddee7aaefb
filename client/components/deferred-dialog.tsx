import type { ReactNode } from 'react'
import { AfterHydration } from '@/components/after-hydration'

/**
 * A dialog whose code loads once the page is up (`children`, a lazy component), opened by `trigger`,
 * which shows from the server's HTML on. A tap on the trigger before the code has arrived is not lost:
 * `onOpen` runs, and the dialog, given that state, opens as soon as it comes.
 */
export function DeferredDialog({
  trigger,
  onOpen,
  children,
}: {
  trigger: ReactNode
  onOpen: () => void
  children: ReactNode
}) {
  return (
    <AfterHydration
      fallback={
        // The click comes from the trigger inside (a button, so from a keyboard too); the box itself
        // takes no place in the layout.
        // biome-ignore lint/a11y/noStaticElementInteractions: the trigger inside is the interactive element.
        // biome-ignore lint/a11y/useKeyWithClickEvents: a button's Enter and Space arrive as this click.
        <span className="contents" onClick={onOpen}>
          {trigger}
        </span>
      }
    >
      {children}
    </AfterHydration>
  )
}
