import { toast, toastError } from '@/lib/toast'

/**
 * The submit of a create-or-edit dialog: save, say so, close the dialog, then refresh what lists the
 * item. A refusal becomes the error toast and leaves the form open as it was.
 */
export async function saveThenClose(
  save: () => Promise<unknown>,
  {
    saved,
    failed,
    onDone,
    refresh,
  }: {
    saved: string
    /** The error toast's title when the save is refused or fails. */
    failed: string
    onDone: () => void
    refresh: () => Promise<unknown>
  },
) {
  try {
    await save()
    toast.success(saved)
    onDone()
    await refresh()
  } catch (error) {
    toastError(error, failed)
  }
}
