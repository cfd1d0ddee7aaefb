import { toast, toastError } from '@/lib/toast'

/**
 * The onSuccess and onError of an admin change: on success a toast (its text may depend on what the
 * server answered) and the lists refreshed; on failure the server's reason in the toast.
 */
export function changeCallbacks<Data>({
  successMessage,
  errorTitle,
  refresh,
}: {
  successMessage: string | ((data: Data) => string)
  errorTitle: string
  refresh: () => Promise<unknown>
}) {
  return {
    onSuccess: async (data: Data) => {
      toast.success(typeof successMessage === 'string' ? successMessage : successMessage(data))
      await refresh()
    },
    onError: (error: unknown) => toastError(error, errorTitle),
  }
}

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
