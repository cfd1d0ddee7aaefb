import { useRef } from 'react'

type AutoFocusHandlers = {
  onOpenAutoFocus?: (event: Event) => void
  onCloseAutoFocus?: (event: Event) => void
}

/**
 * A Radix dialog's focus handlers: whatever had focus when the dialog opened gets it back when it
 * closes. Radix does that only for its own Trigger, so a dialog opened by any other button (one whose
 * code is fetched on demand, a confirmation opened from a list) left focus on the page's body.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers): AutoFocusHandlers {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event)
      // Gone meanwhile (a row that was removed, say): Radix's own choice stands.
      if (event.defaultPrevented || !opener.current?.isConnected) return
      event.preventDefault()
      opener.current.focus()
    },
  }
}
