import { toast, toastError } from '@/lib/toast'

/**
 * What a dialog does when its form is sent or its action confirmed: save, say so, close the dialog, then
 * refresh what shows the item. A refusal becomes the error toast and leaves the dialog open as it was.
 */
export async function saveThenClose(
  save: () => Promise<unknown>,
  {
    saved,
    savedDescription,
    failed,
    onDone,
    refresh,
  }: {
    saved: string
    savedDescription?: string
    /** The error toast's title when the save is refused or fails. */
    failed: string
    onDone: () => void
    refresh: () => Promise<unknown>
  },
) {
  try {
    await save()
    toast.success(saved, savedDescription === undefined ? undefined : { description: savedDescription })
    onDone()
    await refresh()
  } catch (error) {
    toastError(error, failed)
  }
}

/** A mutation's options for an action done in place: the success toast, then `refresh`; or the error toast. */
export function toastOutcome(saved: string, failed: string, refresh: () => Promise<unknown>) {
  return {
    onSuccess: async () => {
      toast.success(saved)
      await refresh()
    },
    onError: (error: unknown) => toastError(error, failed),
  }
}
