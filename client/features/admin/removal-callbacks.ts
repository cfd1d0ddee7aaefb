import { toast, toastError } from '@/lib/toast'

/**
 * The onSuccess and onError of a delete confirmed in a ConfirmDialog. Either way the dialog closes: on
 * success with a toast and the lists refreshed, on failure with the server's reason in the toast.
 */
export function removalCallbacks({
  closeDialog,
  successMessage,
  errorTitle,
  refresh,
}: {
  closeDialog: () => void
  successMessage: string
  errorTitle: string
  refresh: () => Promise<unknown>
}) {
  return {
    onSuccess: async () => {
      toast.success(successMessage)
      closeDialog()
      await refresh()
    },
    onError: (error: unknown) => {
      closeDialog()
      toastError(error, errorTitle)
    },
  }
}
