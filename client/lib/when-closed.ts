/**
 * An `onOpenChange` for a dialog whose open state is "something is selected": closing it (Esc, Cancelar,
 * a click outside) clears the selection, and opening is left to whoever selected it.
 */
export function whenClosed(clear: () => void): (open: boolean) => void {
  return (open) => {
    if (!open) clear()
  }
}
